/**
 * What waits for the signed-in player, on any page (the header's notice center, components/notices): challenges sent
 * to them, the ones they sent (waiting, not counted), their tournament matches ready to begin, and their challenges
 * accepted while this tab was elsewhere. The server's `notices:list` gives the first three on load and on every
 * reconnection; its pushes change them one at a time. Pure: the provider keeps it in a reducer.
 *
 * @example
 *   let state = noticesReducer(EMPTY_NOTICES, { type: "listed", notices: reply });
 *   state = noticesReducer(state, { type: "received", challenge });
 *   waitingCount(state); // challenges received + tournament matches + accepted challenges
 */
import type { ChallengeAnswered, ChallengeClosed, ChallengeView, Notices, TournamentMatchNotice } from "@/lib/protocol/meet";

export interface NoticesState {
  readonly received: readonly ChallengeView[];
  readonly sent: readonly ChallengeView[];
  readonly tournamentMatches: readonly TournamentMatchNotice[];
  /** Your challenges accepted that this tab did not open by itself: their match, to open. */
  readonly accepted: readonly ChallengeAnswered[];
  /** The last answer to one of your challenges, for the lobby's line ("Ann declined your challenge."). */
  readonly lastAnswer: ChallengeAnswered | null;
}

export const EMPTY_NOTICES: NoticesState = { received: [], sent: [], tournamentMatches: [], accepted: [], lastAnswer: null };

export type NoticesAction =
  | { readonly type: "listed"; readonly notices: Notices }
  | { readonly type: "received"; readonly challenge: ChallengeView }
  | { readonly type: "sent"; readonly challenge: ChallengeView }
  | { readonly type: "closed"; readonly closed: Pick<ChallengeClosed, "challengeId"> }
  | { readonly type: "answered"; readonly answer: ChallengeAnswered; readonly opened: boolean }
  | { readonly type: "tournament-match"; readonly notice: TournamentMatchNotice }
  /** The player is on this match's page, or is opening it: nothing about it waits any more. */
  | { readonly type: "match-opened"; readonly matchId: string }
  /** The clock moved on: challenges unanswered by their `expiresAt` are gone. */
  | { readonly type: "tick"; readonly now: number };

const withOne = <T>(list: readonly T[], item: T, same: (a: T) => boolean): readonly T[] => [...list.filter((a) => !same(a)), item];

function dropExpired(list: readonly ChallengeView[], now: number): readonly ChallengeView[] {
  return list.some((c) => c.expiresAt <= now) ? list.filter((c) => c.expiresAt > now) : list;
}

export function noticesReducer(state: NoticesState, action: NoticesAction): NoticesState {
  switch (action.type) {
    case "listed":
      return { ...state, received: action.notices.received, sent: action.notices.sent, tournamentMatches: action.notices.tournamentMatches };
    case "received":
      return { ...state, received: withOne(state.received, action.challenge, (c) => c.id === action.challenge.id) };
    case "sent":
      return { ...state, sent: withOne(state.sent, action.challenge, (c) => c.id === action.challenge.id) };
    case "closed": {
      const id = action.closed.challengeId;
      if (!state.received.some((c) => c.id === id) && !state.sent.some((c) => c.id === id)) return state;
      return { ...state, received: state.received.filter((c) => c.id !== id), sent: state.sent.filter((c) => c.id !== id) };
    }
    case "answered": {
      const { answer } = action;
      const sent = state.sent.filter((c) => c.id !== answer.challengeId);
      const keep = answer.accepted && !action.opened && !state.accepted.some((a) => a.challengeId === answer.challengeId);
      return { ...state, sent, lastAnswer: answer, accepted: keep ? [...state.accepted, answer] : state.accepted };
    }
    case "tournament-match":
      return { ...state, tournamentMatches: withOne(state.tournamentMatches, action.notice, (n) => n.matchId === action.notice.matchId) };
    case "match-opened": {
      const { matchId } = action;
      if (!state.tournamentMatches.some((n) => n.matchId === matchId) && !state.accepted.some((a) => a.matchId === matchId)) return state;
      return { ...state, tournamentMatches: state.tournamentMatches.filter((n) => n.matchId !== matchId), accepted: state.accepted.filter((a) => a.matchId !== matchId) };
    }
    case "tick": {
      const received = dropExpired(state.received, action.now);
      const sent = dropExpired(state.sent, action.now);
      return received === state.received && sent === state.sent ? state : { ...state, received, sent };
    }
  }
}

/** What waits for the player's answer: the badge's number and the tab title's "(2)". Their own challenges wait for others. */
export function waitingCount(state: NoticesState): number {
  return state.received.length + state.tournamentMatches.length + state.accepted.length;
}

/** The time left as the panel shows it: "4:05", "0:09"; "0:00" once past. */
export function timeLeft(expiresAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** The match page a path is, if it is one: "/match/abc123" → "abc123". */
export function matchOfPath(pathname: string | null): string | null {
  const found = /^\/match\/([A-Za-z0-9_-]+)\/?$/.exec(pathname ?? "");
  return found ? found[1]! : null;
}

const TITLE_COUNT = /^\(\d+\) /;

/**
 * The tab's title with `count` in front ("(2) Leaderboard"), from a title that may already carry a count: `mark` is
 * the prefix this page put there last ("(1) "), taken out wherever it went (a title another part of the page built
 * from it, "● Your turn — (1) Match x", keeps its own words). No count: the title without one.
 */
export function titleWithCount(title: string, count: number, mark: string | null): { readonly title: string; readonly mark: string | null } {
  let base = mark ? title.split(mark).join("") : title;
  base = base.replace(TITLE_COUNT, "");
  if (count <= 0) return { title: base, mark: null };
  const next = `(${count}) `;
  return { title: next + base, mark: next };
}
