"use client";
/**
 * The notices as lists, for the header's panel and the lobby's inbox (both read useNotices): challenges for you with
 * Accept and Decline, yours waiting with Withdraw — each with its time left — and matches ready to open (a tournament
 * round's, a challenge of yours accepted).
 *
 * @example
 *   <ReceivedChallenges testId="challenges-received" />
 *   <SentChallenges testId="challenges-sent" />
 *   <ReadyMatches testId="notice-matches" />
 */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { ChallengeView } from "@/lib/protocol/meet";
import { timeControlText } from "@/components/match/time-control-text";
import { timeLeft } from "./notices-state";
import { useNotices } from "./notices-provider";
import "./notices.css";

function useFacts() {
  const tc = useTranslations("clock");
  return (challenge: ChallengeView) => ({
    length: challenge.matchLength,
    rated: challenge.rated ? "yes" : "no",
    clock: challenge.timeControl ? timeControlText(tc, challenge.timeControl) : "none",
  });
}

function TimeLeft({ challenge }: { challenge: ChallengeView }) {
  const t = useTranslations("meet");
  const { now } = useNotices();
  // Before the clock's first tick the time is not known yet on this page.
  if (now === 0) return null;
  return <span className="muted notice-time">{t("timeLeft", { time: timeLeft(challenge.expiresAt, now) })}</span>;
}

/** A list of notices, as the header's panel and the lobby's inbox show them. */
function NoticeList({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <ul className="match-list notice-list" data-testid={testId}>
      {children}
    </ul>
  );
}

/**
 * A list of challenges, each as `message` names it (with the player `who` gives, and its length, rating and clock),
 * its time left, then its buttons; nothing when there are none.
 */
function ChallengeList({
  testId,
  challenges,
  message,
  who,
  alert = false,
  children: buttons,
}: {
  testId: string;
  challenges: readonly ChallengeView[];
  message: "challengeFrom" | "challengeTo";
  who: (challenge: ChallengeView) => { readonly name: string };
  alert?: boolean;
  children: (challenge: ChallengeView) => ReactNode;
}) {
  const t = useTranslations("meet");
  const facts = useFacts();
  if (challenges.length === 0) return null;
  return (
    <NoticeList testId={testId}>
      {challenges.map((challenge) => (
        <li key={challenge.id} role={alert ? "alert" : undefined}>
          <span>{t(message, { name: who(challenge).name, ...facts(challenge) })}</span> <TimeLeft challenge={challenge} />
          {buttons(challenge)}
        </li>
      ))}
    </NoticeList>
  );
}

export function ReceivedChallenges({ testId, alert = false }: { testId: string; alert?: boolean }) {
  const t = useTranslations("meet");
  const { state, busy, answer } = useNotices();
  return (
    <ChallengeList testId={testId} challenges={state.received} message="challengeFrom" who={(challenge) => challenge.from} alert={alert}>
      {(challenge) => (
        <span className="notice-buttons">
          <button type="button" className="primary small-button" disabled={busy} onClick={() => void answer(challenge, true)}>
            {t("accept")}
          </button>
          <button type="button" className="small-button" disabled={busy} onClick={() => void answer(challenge, false)}>
            {t("decline")}
          </button>
        </span>
      )}
    </ChallengeList>
  );
}

export function SentChallenges({ testId }: { testId: string }) {
  const t = useTranslations("meet");
  const { state, busy, withdraw } = useNotices();
  return (
    <ChallengeList testId={testId} challenges={state.sent} message="challengeTo" who={(challenge) => challenge.to}>
      {(challenge) => (
        <button type="button" className="small-button" disabled={busy} onClick={() => void withdraw(challenge)} aria-label={t("withdrawLabel", { name: challenge.to.name })}>
          {t("withdraw")}
        </button>
      )}
    </ChallengeList>
  );
}

export function ReadyMatches({ testId, alert = false, tournamentsOnly = false }: { testId: string; alert?: boolean; tournamentsOnly?: boolean }) {
  const t = useTranslations("notices");
  const tt = useTranslations("tournaments");
  const tm = useTranslations("meet");
  const { state, opened } = useNotices();
  const accepted = tournamentsOnly ? [] : state.accepted;
  if (state.tournamentMatches.length === 0 && accepted.length === 0) return null;
  return (
    <NoticeList testId={testId}>
      {state.tournamentMatches.map((notice) => (
        <li key={notice.matchId} role={alert ? "alert" : undefined} data-testid="tournament-match-notice">
          <span>
            {notice.name}: {tt("yourMatch", { round: notice.round })}
          </span>
          <a href={`/match/${notice.matchId}`} onClick={() => opened(notice.matchId)}>
            {t("openMatch")}
          </a>
        </li>
      ))}
      {accepted.map((answer) => (
        <li key={answer.challengeId} role={alert ? "alert" : undefined}>
          <span>{tm("accepted", { name: answer.by })}</span>
          <a href={`/match/${answer.matchId}`} onClick={() => opened(answer.matchId)}>
            {tm("open")}
          </a>
        </li>
      ))}
    </NoticeList>
  );
}
