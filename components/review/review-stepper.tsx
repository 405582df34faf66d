"use client";
/**
 * Steps through a match record: the read-only board at each step, buttons and the ← → keys (Home and End for the
 * ends), a jump to each game, the game's move list in gnubg notation (click a line to go there), and the gnubg
 * Position ID and Match ID of the step with copy buttons, both pip counts and, in a bear-off race, the exact chances.
 * Given a match analysis, each step shows what the engine says of it, the move list carries the marks, and the board
 * can show the best play instead of the one made.
 *
 * @example
 *   <ReviewStepper data={toReviewData(reviewSteps(events))} viewer="white" names={{ white: "ann", black: "bob" }} analysis={null} />
 */
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Board } from "@/components/board/board";
import type { AnalysisEntry, MatchAnalysis } from "@/lib/analysis/match-analysis";
import type { Color } from "@/lib/engine/types";
import { CopyButton } from "./copy-button";
import { analysisHref, type ReviewData, type ReviewStepData } from "./review-data";
import { LuckBadge, MarkBadge, StepAnalysis, luckOf, worstMark } from "./step-analysis";
import "./review.css";

type T = (key: string, values?: Record<string, string | number>) => string;

/** The step's sentence in the reader's language (`review.steps.<key>`, from lib/record/review.ts's `say`). */
export function stepText(t: T, step: ReviewStepData): string {
  return t(`steps.${step.say.key}`, { ...step.say.values });
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

function MoveLine({ step, names, entries }: { step: ReviewStepData; names: Record<Color, string>; entries: readonly AnalysisEntry[] | undefined }) {
  const t = useTranslations("review");
  const mark = (
    <>
      <MarkBadge mark={worstMark(entries)} />
      <LuckBadge entry={luckOf(entries)} />
    </>
  );
  if (step.gnubg !== null && step.actor) {
    return (
      <>
        <span className={`who who-${step.actor}`}>{names[step.actor]}</span> <span className="gnubg-move">{step.gnubg}</span> {mark}
      </>
    );
  }
  return (
    <>
      <span className={`step-note step-${step.kind}`}>{stepText(t, step)}</span> {mark}
    </>
  );
}

function RaceLine({ step }: { step: ReviewStepData }) {
  const t = useTranslations("review");
  const format = useFormatter();
  const percent = (p: number) => format.number(p, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <p className="review-pips" data-testid="pip-counts">
      {t("pips", { white: step.pips.white, black: step.pips.black })}
      {step.race ? (
        <span data-testid="race-chances">
          {" "}
          · {t("race", { player: step.race.onRoll, win: percent(step.race.win) })}
          {step.race.winGammon > 0 || step.race.loseGammon > 0 ? ` ${t("raceGammons", { win: percent(step.race.winGammon), lose: percent(step.race.loseGammon) })}` : ""}
          {t("raceExact")}
        </span>
      ) : null}
    </p>
  );
}

export function ReviewStepper({ data, viewer, names, analysis = null }: { data: ReviewData; viewer: Color; names: Record<Color, string>; analysis?: MatchAnalysis | null }) {
  const t = useTranslations("review");
  const [index, setIndex] = useState(0);
  const [showBest, setShowBest] = useState(false);
  const byAction = useMemo(() => {
    const map = new Map<number, AnalysisEntry[]>();
    for (const entry of analysis?.entries ?? []) map.set(entry.actionIndex, [...(map.get(entry.actionIndex) ?? []), entry]);
    return map;
  }, [analysis]);
  // Set once the key handler is listening (after hydration), so a test or a script knows the keys work.
  const [listening, setListening] = useState(false);
  const last = data.steps.length - 1;
  const go = useCallback((to: number) => setIndex(Math.max(0, Math.min(last, to))), [last]);
  const current = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const moves: Record<string, (i: number) => number> = {
        ArrowLeft: (i) => i - 1,
        ArrowRight: (i) => i + 1,
        Home: () => 0,
        End: () => last,
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      setIndex((i) => Math.max(0, Math.min(last, move(i))));
    };
    window.addEventListener("keydown", onKey);
    setListening(true);
    return () => window.removeEventListener("keydown", onKey);
  }, [last]);

  useEffect(() => {
    current.current?.scrollIntoView({ block: "nearest" });
  }, [index]);

  const step = data.steps[index];
  if (!step) return <p className="muted">{t("nothingYet")}</p>;
  const game = data.games.find((g) => g.number === step.game);
  const gameSteps = game ? data.steps.slice(game.first, game.last + 1) : [];
  const entries = step.actionIndex === null ? undefined : byAction.get(step.actionIndex);
  const best = showBest ? entries?.find((e) => e.kind === "move" && e.loss > 0) : undefined;

  return (
    <div className="review" data-keys={listening ? "on" : "off"}>
      <div className="review-main">
        <div className="review-controls" role="toolbar" aria-label={t("toolbar")}>
          <button type="button" onClick={() => go(0)} disabled={index === 0}>
            « {t("first")}
          </button>
          <button type="button" onClick={() => go(index - 1)} disabled={index === 0}>
            ← {t("previous")}
          </button>
          <span className="step-counter" data-testid="step-counter" aria-live="polite">
            {t("stepOf", { step: index + 1, total: data.steps.length, game: step.game })}
          </span>
          <button type="button" onClick={() => go(index + 1)} disabled={index === last}>
            {t("next")} →
          </button>
          <button type="button" onClick={() => go(last)} disabled={index === last}>
            {t("last")} »
          </button>
        </div>
        <p className="step-text" data-testid="step-text" data-kind={step.kind}>
          {stepText(t, step)} <MarkBadge mark={worstMark(entries)} />
        </p>
        <StepAnalysis entries={entries} showBest={showBest} onShowBest={setShowBest} />
        {best?.kind === "move" ? <p className="showing-best" data-testid="showing-best">{t("showingBest", { play: best.best })}</p> : null}
        <Board
          position={best?.kind === "move" ? best.bestPosition : step.position}
          viewer={viewer}
          dice={step.dice ? { values: step.dice.values, used: step.dice.values.map(() => false), side: step.dice.side } : null}
          cube={step.cube}
          input={null}
        />
        <p className="review-score">
          {t("score", { white: names.white, black: names.black, whiteScore: step.score.white, blackScore: step.score.black, cube: step.cube.value, owner: step.cube.owner ?? "none" })}
        </p>
        <RaceLine step={step} />
        <dl className="gnubg-ids">
          <dt>{t("positionId")}</dt>
          <dd>
            <code data-testid="position-id">{step.positionId}</code> <CopyButton text={step.positionId} label={t("copyPositionId")} />
          </dd>
          <dt>{t("matchId")}</dt>
          <dd>
            <code data-testid="gnubg-match-id">{step.gnubgMatchId}</code> <CopyButton text={step.gnubgMatchId} label={t("copyMatchId")} />
          </dd>
        </dl>
        <p className="muted">{t("gnubgHint")}</p>
        <p>
          <a href={analysisHref(step.analysis)} data-testid="analyse-here">
            {t("analyseHere")}
          </a>
        </p>
      </div>
      <aside className="review-side">
        <nav className="review-games" aria-label={t("games")}>
          {data.games.map((g) => (
            <button key={g.number} type="button" onClick={() => go(g.first)} aria-current={g.number === step.game ? "true" : undefined}>
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
    </div>
  );
}
