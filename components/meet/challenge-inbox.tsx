"use client";
/**
 * Direct challenges as they arrive: the ones sent to you, with Accept (you take the seat and the match opens) and
 * Decline, and — in the lobby — the ones you sent, waiting. A new challenge comes as `challenge:received` on every page
 * that has a socket (the lobby and match pages), with a browser notification when the page is hidden and notifications
 * were allowed (Play settings); the list is asked again on every reconnection, so a reload shows what is waiting.
 *
 * @example
 *   <ChallengeInbox socket={socket} showSent />      // the lobby
 *   <ChallengeInbox socket={socket} showSent={false} /> // a match page: only challenges for you, only when there are any
 */
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import type { ChallengeView } from "@/lib/protocol/meet";
import { useErrorText } from "@/components/i18n/error-text";
import { timeControlText } from "@/components/match/time-control-text";
import { send, type ClientSocket } from "@/components/socket/socket-client";
import { FormError } from "@/components/ui/form-error";

export function ChallengeInbox({ socket, showSent }: { socket: ClientSocket | null; showSent: boolean }) {
  const t = useTranslations("meet");
  const tc = useTranslations("clock");
  const errorText = useErrorText();
  const [received, setReceived] = useState<readonly ChallengeView[]>([]);
  const [sent, setSent] = useState<readonly ChallengeView[]>([]);
  const [declined, setDeclined] = useState<readonly ChallengeView[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    if (!socket) return;
    const reply = await send(socket, "challenge:list", {});
    if (!reply.ok) return;
    setReceived(reply.received);
    setSent(reply.sent);
    setDeclined(reply.declined);
  }, [socket]);

  useEffect(() => {
    if (!socket) return;
    const onReceived = (challenge: ChallengeView) => {
      void refresh();
      if (typeof Notification !== "undefined" && Notification.permission === "granted" && document.hidden) {
        new Notification(t("notificationTitle", { name: challenge.from.name }), { body: t("notificationBody", { length: challenge.matchLength }), tag: `challenge-${challenge.id}` });
      }
    };
    const onAnswered = (answer: { accepted: boolean; by: string }) => {
      setNotice(t(answer.accepted ? "accepted" : "declined", { name: answer.by }));
      void refresh();
    };
    socket.on("connect", refresh);
    socket.on("challenge:received", onReceived);
    socket.on("challenge:answered", onAnswered);
    if (socket.connected) void refresh();
    return () => {
      socket.off("connect", refresh);
      socket.off("challenge:received", onReceived);
      socket.off("challenge:answered", onAnswered);
    };
  }, [socket, refresh, t]);

  const answer = async (challenge: ChallengeView, accept: boolean) => {
    if (!socket) return;
    setBusy(true);
    const reply = await send(socket, "challenge:answer", { challengeId: challenge.id, accept });
    setBusy(false);
    if (!reply.ok) {
      setError(errorText(reply.code, reply.values));
      void refresh();
      return;
    }
    setError(null);
    if (accept) window.location.assign(`/match/${reply.matchId}`);
    else void refresh();
  };

  const facts = (challenge: ChallengeView) => ({ length: challenge.matchLength, rated: challenge.rated ? "yes" : "no", clock: challenge.timeControl ? timeControlText(tc, challenge.timeControl) : "none" });
  if (!showSent && received.length === 0 && notice === null && error === null) return null;

  return (
    <section className="panel challenge-inbox" aria-labelledby="received-title" data-testid="challenge-inbox">
      <h2 id="received-title">{t("received")}</h2>
      {received.length === 0 ? <p className="muted">{t("noneReceived")}</p> : null}
      <ul className="match-list" data-testid="challenges-received">
        {received.map((challenge) => (
          <li key={challenge.id} role="alert">
            <span>{t("challengeFrom", { name: challenge.from.name, ...facts(challenge) })}</span>{" "}
            <button type="button" className="primary" disabled={busy} onClick={() => void answer(challenge, true)}>
              {t("accept")}
            </button>{" "}
            <button type="button" disabled={busy} onClick={() => void answer(challenge, false)}>
              {t("decline")}
            </button>
          </li>
        ))}
      </ul>
      {showSent && sent.length > 0 ? (
        <>
          <h3>{t("sent")}</h3>
          <ul className="match-list" data-testid="challenges-sent">
            {sent.map((challenge) => (
              <li key={challenge.id}>
                <a href={`/match/${challenge.matchId}`}>{t("challengeTo", { name: challenge.to.name, ...facts(challenge) })}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {showSent && declined.length > 0 ? (
        <ul className="match-list muted" data-testid="challenges-declined">
          {declined.map((challenge) => (
            <li key={challenge.id}>{t("declined", { name: challenge.to.name })}</li>
          ))}
        </ul>
      ) : null}
      {notice ? (
        <p role="status" data-testid="challenge-notice">
          {notice}
        </p>
      ) : null}
      <FormError error={error} />
    </section>
  );
}
