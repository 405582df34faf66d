"use client";
/**
 * What the analysis says about one review step: for a play, the equity it lost against the engine's best, its mark
 * and the best few plays (with a switch to show the best play on the board); for a cube decision, the right action
 * and the cubeful equities. Also the mark badges of the move list (?! doubtful, ? error, ?? blunder, as gnubg prints
 * them).
 *
 * @example
 *   <StepAnalysis entries={byAction.get(step.actionIndex)} showBest={showBest} onShowBest={setShowBest} />
 */
import type { AnalysisEntry, CubeAction, CubeEntry, MoveEntry, SkillMark } from "@/lib/analysis/match-analysis";

const SYMBOL: Record<SkillMark, string> = { none: "", doubtful: "?!", error: "?", blunder: "??" };
const CUBE_TEXT: Record<CubeAction, string> = { "no-double": "No double", double: "Double", take: "Take", drop: "Drop" };

/** Equity with its sign and three decimals, as gnubg prints it. */
export function formatEquity(equity: number): string {
  return `${equity >= 0 ? "+" : "−"}${Math.abs(equity).toFixed(3)}`;
}

/** The worst mark among a step's entries. */
export function worstMark(entries: readonly AnalysisEntry[] | undefined): SkillMark {
  const order: SkillMark[] = ["blunder", "error", "doubtful"];
  return order.find((m) => entries?.some((e) => e.mark === m)) ?? "none";
}

export function MarkBadge({ mark }: { mark: SkillMark }) {
  if (mark === "none") return null;
  return (
    <span className={`mark mark-${mark}`} data-mark={mark} title={mark}>
      {SYMBOL[mark]}
    </span>
  );
}

function verdict(entry: AnalysisEntry): string {
  if (entry.mark !== "none") return `${entry.mark} (${SYMBOL[entry.mark]}), ${entry.loss.toFixed(3)} lost`;
  return entry.loss > 0 ? `${entry.loss.toFixed(3)} lost` : "the engine's choice";
}

function MoveNote({ entry, showBest, onShowBest }: { entry: MoveEntry; showBest: boolean; onShowBest: (on: boolean) => void }) {
  const bestIsPlayed = entry.loss === 0;
  return (
    <div>
      <p>
        Played <code>{entry.played}</code> ({formatEquity(entry.equityPlayed)}): {verdict(entry)}.
        {bestIsPlayed ? null : (
          <>
            {" "}Best <code>{entry.best}</code> ({formatEquity(entry.equityBest)}).
          </>
        )}
      </p>
      {bestIsPlayed ? null : (
        <label className="show-best">
          <input type="checkbox" checked={showBest} onChange={(e) => onShowBest(e.target.checked)} data-testid="show-best" /> Show the best play on the board
        </label>
      )}
      <ol className="candidates">
        {entry.candidates.map((c) => (
          <li key={c.notation} className={c.notation === entry.played ? "played" : undefined}>
            <code>{c.notation}</code> {formatEquity(c.equity)}
            {c.notation === entry.played ? " (played)" : ""}
          </li>
        ))}
      </ol>
    </div>
  );
}

function CubeNote({ entry }: { entry: CubeEntry }) {
  const { noDouble, doubleTake, doublePass } = entry.equities;
  return (
    <p>
      {CUBE_TEXT[entry.action]}: {verdict(entry)}
      {entry.best === entry.action ? "" : `; right was ${CUBE_TEXT[entry.best].toLowerCase()}`}. Cubeful equities: no double{" "}
      {formatEquity(noDouble)}, double/take {formatEquity(doubleTake)}, double/pass {formatEquity(doublePass)}.
    </p>
  );
}

export function StepAnalysis({ entries, showBest, onShowBest }: { entries: readonly AnalysisEntry[] | undefined; showBest: boolean; onShowBest: (on: boolean) => void }) {
  if (!entries || entries.length === 0) return null;
  return (
    <div className="step-analysis" data-testid="step-analysis" data-mark={worstMark(entries)}>
      {entries.map((entry) =>
        entry.kind === "move" ? (
          <MoveNote key={`m${entry.actionIndex}`} entry={entry} showBest={showBest} onShowBest={onShowBest} />
        ) : (
          <CubeNote key={`c${entry.actionIndex}${entry.action}`} entry={entry} />
        ),
      )}
    </div>
  );
}
