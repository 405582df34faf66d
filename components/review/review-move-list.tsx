/**
 * The review's side: a jump to each game, and the shown game's move list — its title with the score before it and
 * its result — each line a button to its step, the current one kept in view.
 *
 * @example
 *   <ReviewMoveList data={data} index={3} names={names} byAction={byAction} go={go} />
 */
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { AnalysisEntry } from "@/lib/analysis/match-analysis";
import type { Color } from "@/lib/engine/types";
import type { ReviewData } from "./review-data";
import { MoveLine } from "./step-text";

export interface ReviewMoveListProps {
  readonly data: ReviewData;
  readonly index: number;
  readonly names: Record<Color, string>;
  /** The analysis's entries by the index of the action they judge. */
  readonly byAction: ReadonlyMap<number, readonly AnalysisEntry[]>;
  readonly go: (index: number) => void;
}

export function ReviewMoveList({ data, index, names, byAction, go }: ReviewMoveListProps) {
  const t = useTranslations("review");
  const current = useRef<HTMLLIElement>(null);
  useEffect(() => {
    current.current?.scrollIntoView({ block: "nearest" });
  }, [index]);
  const step = data.steps[index];
  const game = step ? data.games.find((g) => g.number === step.game) : undefined;
  const gameSteps = game ? data.steps.slice(game.first, game.last + 1) : [];

  return (
    <aside className="review-side">
      <nav className="review-games" aria-label={t("games")}>
        {data.games.map((g) => (
          <button key={g.number} type="button" onClick={() => go(g.first)} aria-current={g.number === step?.game ? "true" : undefined}>
            {t(g.crawford ? "gameCrawford" : "game", { number: g.number })}
          </button>
        ))}
      </nav>
      {game ? (
        <section aria-labelledby="moves-title">
          <h2 id="moves-title">
            {t("gameTitle", { number: game.number, white: names.white, black: names.black, whiteScore: game.scoreBefore.white, blackScore: game.scoreBefore.black })}
            {game.result ? <span className="muted"> · {t("gameResult", { player: game.result.winner, points: game.result.points })}</span> : null}
          </h2>
          <ol className="move-list" data-testid="move-list">
            {gameSteps.map((s) => (
              <li key={s.index} ref={s.index === index ? current : undefined} aria-current={s.index === index ? "step" : undefined}>
                <button type="button" className="move-line" onClick={() => go(s.index)}>
                  <MoveLine step={s} names={names} entries={s.actionIndex === null ? undefined : byAction.get(s.actionIndex)} />
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </aside>
  );
}
