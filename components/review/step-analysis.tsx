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
import { useTranslations } from "next-intl";
import type { AnalysisEntry, CubeAction, CubeEntry, MoveEntry, SkillMark } from "@/lib/analysis/match-analysis";

const SYMBOL: Record<SkillMark, string> = { none: "", doubtful: "?!", error: "?", blunder: "??" };
type T = (key: string, values?: Record<string, string | number>) => string;

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
  const t = useTranslations("analysis");
  if (mark === "none") return null;
  return (
    <span className={`mark mark-${mark}`} data-mark={mark} title={t("mark", { mark })}>
      {SYMBOL[mark]}
    </span>
  );
}

function verdict(t: T, entry: AnalysisEntry): string {
  if (entry.mark !== "none") return t("verdictMarked", { mark: entry.mark, symbol: SYMBOL[entry.mark], loss: entry.loss.toFixed(3) });
  return entry.loss > 0 ? t("verdictLoss", { loss: entry.loss.toFixed(3) }) : t("verdictBest");
}

function MoveNote({ entry, showBest, onShowBest }: { entry: MoveEntry; showBest: boolean; onShowBest: (on: boolean) => void }) {
  const t = useTranslations("analysis");
  const bestIsPlayed = entry.loss === 0;
  return (
    <div>
      <p>
        {t.rich("played", { play: entry.played, equity: formatEquity(entry.equityPlayed), verdict: verdict(t, entry), code: (chunks) => <code>{chunks}</code> })}
        {bestIsPlayed ? null : <> {t.rich("best", { play: entry.best, equity: formatEquity(entry.equityBest), code: (chunks) => <code>{chunks}</code> })}</>}
      </p>
      {bestIsPlayed ? null : (
        <label className="show-best">
          <input type="checkbox" checked={showBest} onChange={(e) => onShowBest(e.target.checked)} data-testid="show-best" /> {t("showBest")}
        </label>
      )}
      <ol className="candidates">
        {entry.candidates.map((c) => (
          <li key={c.notation} className={c.notation === entry.played ? "played" : undefined}>
            <code>{c.notation}</code> {formatEquity(c.equity)}
            {c.notation === entry.played ? ` ${t("playedMark")}` : ""}
          </li>
        ))}
      </ol>
    </div>
  );
}

function CubeNote({ entry }: { entry: CubeEntry }) {
  const t = useTranslations("analysis");
  const { noDouble, doubleTake, doublePass } = entry.equities;
  // ICU select keys cannot hold a hyphen: "no-double" is asked for as noDouble.
  const cube = (action: CubeAction) => t("cubeAction", { action: action === "no-double" ? "noDouble" : action });
  return (
    <p>
      {cube(entry.action)}: {verdict(t, entry)}
      {entry.best === entry.action ? "" : `; ${t("rightWas", { action: cube(entry.best) })}`}.{" "}
      {t("cubeful", { noDouble: formatEquity(noDouble), take: formatEquity(doubleTake), pass: formatEquity(doublePass) })}
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
