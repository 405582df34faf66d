"use client";
/**
 * The moderation desk's buttons on /admin/chat: for a reported message, hide it (for everyone, at once), delete it
 * (its text erased), resolve or dismiss its reports; for a user, a site-wide mute for a while, a ban from chat, and
 * lifting either. These are the site's sanctions — not the chat panel's own "Mute for me", which hides someone from
 * the one reader who set it. Each posts to /api/admin/chat (the server checks the session, the role and the origin,
 * and writes the audit trail), then reloads the page's data.
 *
 * @example
 *   <MessageActions messageId={m.id} author={m.author.name} hidden={false} deleted={false} open={2} />
 *   <UserActions userId={u.id} name={u.name} muted={false} banned={false} />
 */
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { postJson } from "@/components/auth/post-json";
import { useErrorText } from "@/components/i18n/error-text";
import { FormError } from "@/components/ui/form-error";
import { MUTE_CHOICES, type ModerationRequest } from "@/lib/chat/moderation";

/** Posts one action; the error's words, or null once done (and the page's data reloaded). */
function useModeration() {
  const router = useRouter();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (request: ModerationRequest) => {
    setBusy(true);
    const answer = await postJson("/api/admin/chat", { ...request });
    setBusy(false);
    if (!answer.ok) {
      setError(errorText(answer.code, answer.values));
      return;
    }
    setError(null);
    router.refresh();
  };
  return { busy, error, act };
}

export function MessageActions({ messageId, author, hidden, deleted, open }: { messageId: string; author: string; hidden: boolean; deleted: boolean; open: number }) {
  const t = useTranslations("admin.chat");
  const { busy, error, act } = useModeration();
  return (
    <span className="moderation-actions" data-testid="message-actions">
      {!hidden ? (
        <button type="button" disabled={busy} aria-label={t("hideLabel", { name: author })} onClick={() => void act({ action: "hide", messageId })}>
          {t("hide")}
        </button>
      ) : null}
      {!deleted ? (
        <button type="button" disabled={busy} aria-label={t("deleteLabel", { name: author })} onClick={() => void act({ action: "delete", messageId })}>
          {t("delete")}
        </button>
      ) : null}
      {open > 0 ? (
        <>
          <button type="button" disabled={busy} onClick={() => void act({ action: "resolve", messageId })}>
            {t("resolve")}
          </button>
          <button type="button" disabled={busy} onClick={() => void act({ action: "dismiss", messageId })}>
            {t("dismiss")}
          </button>
        </>
      ) : null}
      <FormError error={error} inline />
    </span>
  );
}

export function UserActions({ userId, name, muted, banned }: { userId: string; name: string; muted: boolean; banned: boolean }) {
  const t = useTranslations("admin.chat");
  const { busy, error, act } = useModeration();
  const [minutes, setMinutes] = useState(MUTE_CHOICES[0]!);
  return (
    <span className="moderation-actions" data-testid="user-actions">
      <select aria-label={t("muteFor", { name })} value={minutes} disabled={busy} onChange={(event) => setMinutes(Number(event.target.value))}>
        {MUTE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t("duration", { minutes: choice })}
          </option>
        ))}
      </select>
      <button type="button" disabled={busy} aria-label={t("muteLabel", { name })} onClick={() => void act({ action: "mute", userId, minutes })}>
        {t("mute")}
      </button>
      {muted ? (
        <button type="button" disabled={busy} aria-label={t("unmuteLabel", { name })} onClick={() => void act({ action: "unmute", userId })}>
          {t("unmute")}
        </button>
      ) : null}
      <button type="button" disabled={busy} aria-label={t(banned ? "unbanLabel" : "banLabel", { name })} onClick={() => void act({ action: banned ? "unban" : "ban", userId })}>
        {t(banned ? "unban" : "ban")}
      </button>
      <FormError error={error} inline />
    </span>
  );
}
