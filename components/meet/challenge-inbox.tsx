"use client";
/**
 * The lobby's direct challenges: the ones sent to you, with Accept (the match is made with both of you seated, and
 * opens) and Decline, and yours, waiting for an answer with the time left and Withdraw; the last answer to one of
 * yours. Everything comes from the page's notices (components/notices: `notices:list` on every connection, then the
 * server's pushes), which the header's notice center shows on every other page too — and which also chime and notify.
 *
 * @example
 *   <ChallengeInbox socket={socket} showSent />        // the lobby
 *   <ChallengeInbox socket={socket} showSent={false} /> // elsewhere: nothing here, the header's notice center has them
 */
import { useTranslations } from "next-intl";
import type { ClientSocket } from "@/components/socket/socket-client";
import { ReceivedChallenges, SentChallenges } from "@/components/notices/notice-items";
import { useNotices } from "@/components/notices/notices-provider";
import { FormError } from "@/components/ui/form-error";

/** `socket` is the page's; the notices ride the same connection (components/socket/shared-socket.ts). */
export function ChallengeInbox({ showSent }: { socket: ClientSocket | null; showSent: boolean }) {
  const t = useTranslations("meet");
  const { state, error } = useNotices();
  if (!showSent) return null;
  const answer = state.lastAnswer;
  return (
    <section className="panel challenge-inbox" aria-labelledby="received-title" data-testid="challenge-inbox">
      <h2 id="received-title">{t("received")}</h2>
      {state.received.length === 0 ? <p className="muted">{t("noneReceived")}</p> : null}
      <ReceivedChallenges testId="challenges-received" alert />
      {state.sent.length > 0 ? <h3>{t("sent")}</h3> : null}
      <SentChallenges testId="challenges-sent" />
      {answer ? (
        <p role="status" data-testid="challenge-notice">
          {t(answer.accepted ? "accepted" : "declined", { name: answer.by })}
        </p>
      ) : null}
      <FormError error={error} />
    </section>
  );
}
