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

/** One challenge in a list: what it is, its time left, then its buttons. */
function ChallengeItem({ challenge, text, alert = false, children }: { challenge: ChallengeView; text: string; alert?: boolean; children: ReactNode }) {
  return (
    <li role={alert ? "alert" : undefined}>
      <span>{text}</span> <TimeLeft challenge={challenge} />
      {children}
    </li>
  );
}

export function ReceivedChallenges({ testId, alert = false }: { testId: string; alert?: boolean }) {
  const t = useTranslations("meet");
  const facts = useFacts();
  const { state, busy, answer } = useNotices();
  if (state.received.length === 0) return null;
  return (
    <NoticeList testId={testId}>
      {state.received.map((challenge) => (
        <ChallengeItem key={challenge.id} challenge={challenge} text={t("challengeFrom", { name: challenge.from.name, ...facts(challenge) })} alert={alert}>
          <span className="notice-buttons">
            <button type="button" className="primary small-button" disabled={busy} onClick={() => void answer(challenge, true)}>
              {t("accept")}
            </button>
            <button type="button" className="small-button" disabled={busy} onClick={() => void answer(challenge, false)}>
              {t("decline")}
            </button>
          </span>
        </ChallengeItem>
      ))}
    </NoticeList>
  );
}

export function SentChallenges({ testId }: { testId: string }) {
  const t = useTranslations("meet");
  const facts = useFacts();
  const { state, busy, withdraw } = useNotices();
  if (state.sent.length === 0) return null;
  return (
    <NoticeList testId={testId}>
      {state.sent.map((challenge) => (
        <ChallengeItem key={challenge.id} challenge={challenge} text={t("challengeTo", { name: challenge.to.name, ...facts(challenge) })}>
          <button type="button" className="small-button" disabled={busy} onClick={() => void withdraw(challenge)} aria-label={t("withdrawLabel", { name: challenge.to.name })}>
            {t("withdraw")}
          </button>
        </ChallengeItem>
      ))}
    </NoticeList>
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
