/**
 * A lobby list of matches (yours in progress, live ones to watch): a panel with its heading, each match's players
 * linking to it with its length, clock, score and status, or a line saying there are none.
 *
 * @example
 *   <MatchListPanel id="live" title={t("live")} empty={t("noLive")} testId="live-matches" matches={live} followed={isFollowed} />
 */
import { getTranslations } from "next-intl/server";
import { timeControlText } from "@/components/match/time-control-text";
import { computerLevelOfName } from "@/lib/play/computer-seat";
import type { MatchSummary } from "@/server/db/types";

async function MatchLine({ match, followed = false }: { match: MatchSummary; followed?: boolean }) {
  const [t, tc] = await Promise.all([getTranslations("home"), getTranslations("clock")]);
  // The computer players' names are words: in the reader's language.
  const shown = (name: string | undefined) => {
    if (name === undefined) return t("openSeat");
    const level = computerLevelOfName(name);
    return level ? t("computerName", { level }) : name;
  };
  const white = shown(match.white?.username);
  const black = shown(match.black?.username);
  return (
    <li>
      <a href={`/match/${match.id}`}>{t("players", { white, black })}</a>
      <span className="muted">
        {t("matchFacts", {
          length: match.matchLength,
          rated: match.rated ? "yes" : "no",
          clock: timeControlText(tc, match.reserveMs !== null && match.delayMs !== null ? { reserveMs: match.reserveMs, delayMs: match.delayMs } : null),
          white: match.scoreWhite,
          black: match.scoreBlack,
          status: match.status,
        })}
        {match.visibility === "private" ? ` · ${t("private")}` : ""}
      </span>
      {followed ? <span className="badge">{t("followed")}</span> : null}
    </li>
  );
}

interface MatchListPanelProps {
  /** The heading's id is `${id}-title`. */
  readonly id: string;
  readonly title: string;
  /** What the panel says when there is no match. */
  readonly empty: string;
  readonly testId: string;
  readonly matches: readonly MatchSummary[];
  /** Which matches to mark "followed" (none when left out). */
  readonly followed?: (match: MatchSummary) => boolean;
}

export function MatchListPanel({ id, title, empty, testId, matches, followed }: MatchListPanelProps) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {matches.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="match-list" data-testid={testId}>
          {matches.map((m) => (
            <MatchLine key={m.id} match={m} followed={followed?.(m) ?? false} />
          ))}
        </ul>
      )}
    </section>
  );
}
