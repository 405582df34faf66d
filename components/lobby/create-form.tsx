/**
 * The lobby's form that creates a match: length 1–25, colour, a person or the computer at one of three levels as
 * opponent, a time control or none, an open match or a private link, rated or not (against a person, for those
 * whose account may play rated matches: lib/access/may.ts). Creating a match opens it.
 *
 * @example
 *   <CreateForm socket={lobby.socket} offline={false} mayPlayRated />
 */
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type RefObject } from "react";
import { useErrorText } from "@/components/i18n/error-text";
import { send, type ClientSocket } from "@/components/socket/socket-client";
import { FormError } from "@/components/ui/form-error";
import { CLOCK_CHOICES, COMPUTER_CHOICES, clockChoiceValues, isComputer, matchHref, timeControlOf, type ClockChoice, type Opponent } from "./lobby-choices";
import { MatchLengthField } from "./match-length-field";
import { NumberField } from "@/components/ui/number-field";

export function CreateForm({ socket, offline, mayPlayRated }: { socket: RefObject<ClientSocket | null>; offline: boolean; mayPlayRated: boolean }) {
  const t = useTranslations("lobby");
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opponent, setOpponent] = useState<Opponent>("person");
  const [clock, setClock] = useState<ClockChoice>("none");

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const connection = socket.current;
    if (!connection) return;
    const chosen = String(form.get("opponent") ?? "person");
    const matchLength = Number(form.get("length"));
    const timeControl = timeControlOf(clock, matchLength, Number(form.get("reserve")), Number(form.get("delay")));
    if (typeof timeControl === "string") {
      setError(t(timeControl));
      return;
    }
    setBusy(true);
    setError(null);
    const reply = await send(connection, "lobby:create", {
      matchLength,
      color: form.get("color") as "white" | "black" | "random",
      visibility: form.get("visibility") === "private" ? "private" : "public",
      ...(isComputer(chosen) ? { computer: chosen } : {}),
      ...(timeControl ? { timeControl } : {}),
      ...(!isComputer(chosen) && form.get("rated") === "on" ? { rated: true } : {}),
    });
    if (!reply.ok) {
      setError(errorText(reply.code, reply.values));
      setBusy(false);
      return;
    }
    window.location.assign(matchHref(reply.matchId, reply.inviteToken));
  };

  return (
    <section className="panel" aria-labelledby="create-title">
      <h2 id="create-title">{t("newMatch")}</h2>
      <form className="create-form" onSubmit={(e) => void create(e)}>
        <MatchLengthField name="length" label={t("length")} />
        <fieldset>
          <legend>{t("yourColour")}</legend>
          {(["white", "black", "random"] as const).map((color) => (
            <label key={color} className="choice">
              <input type="radio" name="color" value={color} defaultChecked={color === "random"} /> {t("colour", { color })}
            </label>
          ))}
        </fieldset>
        <label>
          {t("opponent")}
          <select name="opponent" value={opponent} onChange={(e) => setOpponent(e.target.value as Opponent)}>
            <option value="person">{t("person")}</option>
            {COMPUTER_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t("computer", { level: choice })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("clock")}
          <select name="clock" value={clock} onChange={(e) => setClock(e.target.value as ClockChoice)}>
            {CLOCK_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t("clockChoice", clockChoiceValues(choice))}
              </option>
            ))}
          </select>
        </label>
        {clock === "custom" ? (
          <div className="clock-fields">
            <NumberField name="reserve" label={t("reserve")} min={1} max={36000} defaultValue={300} />
            <NumberField name="delay" label={t("delay")} min={0} max={120} defaultValue={10} />
          </div>
        ) : null}
        <fieldset>
          <legend>{opponent === "person" ? t("whoJoins") : t("whoWatches")}</legend>
          <label className="choice">
            <input type="radio" name="visibility" value="public" defaultChecked /> {opponent === "person" ? t("anyoneOpenMatch") : t("anyone")}
          </label>
          <label className="choice">
            <input type="radio" name="visibility" value="private" /> {t("linkOnly")}
          </label>
        </fieldset>
        {opponent === "person" ? (
          <label className="choice">
            <input type="checkbox" name="rated" disabled={!mayPlayRated} data-testid="create-rated" /> {t("rated")}
            {mayPlayRated ? null : <span className="muted"> — {t("registerForRated")}</span>}
          </label>
        ) : null}
        <button type="submit" className="primary" disabled={busy || offline}>
          {busy ? t("creating") : opponent === "person" ? t("create") : t("playComputer")}
        </button>
        <FormError error={error} />
      </form>
    </section>
  );
}
