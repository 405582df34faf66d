"use client";
/**
 * Challenge a player by name: a private match with the length, colour and rating you choose, which they accept or
 * decline (`challenge:send`). No match exists until they accept: the challenge waits in the lobby's inbox and the
 * header's notice center (with Withdraw), and this tab opens the match when they accept (components/notices).
 *
 * @example
 *   <ChallengeForm socket={socket} target={name} onTargetChange={setName} isGuest={false} />
 */
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useErrorText } from "@/components/i18n/error-text";
import { useNotices } from "@/components/notices/notices-provider";
import { send, type ClientSocket } from "@/components/socket/socket-client";
import { FormError } from "@/components/ui/form-error";
import { MatchLengthField } from "@/components/lobby/match-length-field";

export function ChallengeForm({ socket, target, onTargetChange, isGuest }: { socket: ClientSocket | null; target: string; onTargetChange: (name: string) => void; isGuest: boolean }) {
  const t = useTranslations("meet");
  const tl = useTranslations("lobby");
  const errorText = useErrorText();
  const notices = useNotices();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!socket) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setSentTo(null);
    const reply = await send(socket, "challenge:send", {
      username: target.trim(),
      matchLength: Number(form.get("challenge-length")),
      color: String(form.get("challenge-color")) as "white" | "black" | "random",
      rated: form.get("challenge-rated") === "on",
    });
    setBusy(false);
    if (!reply.ok) {
      setError(errorText(reply.code, reply.values));
      return;
    }
    setError(null);
    setSentTo(reply.challenge.to.name);
    notices.noteSent(reply.challenge);
  };

  return (
    <section className="panel" aria-labelledby="challenge-title" id="challenge">
      <h2 id="challenge-title">{t("challengeTitle")}</h2>
      {isGuest ? (
        <p className="muted">{t("registerToChallenge")}</p>
      ) : (
        <form className="create-form" onSubmit={(event) => void submit(event)}>
          <label>
            {t("username")}
            <input name="challenge-username" value={target} onChange={(event) => onTargetChange(event.target.value)} maxLength={64} required autoComplete="off" />
          </label>
          <MatchLengthField name="challenge-length" label={t("length")} />
          <label>
            {t("colour")}
            <select name="challenge-color" defaultValue="random">
              {(["white", "black", "random"] as const).map((color) => (
                <option key={color} value={color}>
                  {tl("colour", { color })}
                </option>
              ))}
            </select>
          </label>
          <label className="choice">
            <input type="checkbox" name="challenge-rated" /> {t("rated")}
          </label>
          <button type="submit" className="primary" disabled={busy || target.trim() === ""}>
            {busy ? t("sending") : t("send")}
          </button>
          {sentTo ? (
            <p role="status" data-testid="challenge-sent-note">
              {t("sentNote", { name: sentTo })}
            </p>
          ) : null}
          <FormError error={error} />
        </form>
      )}
    </section>
  );
}
