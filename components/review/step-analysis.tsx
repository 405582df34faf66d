"use client";
/**
 * What the analysis says about one review step: for a play, the equity it lost against the engine's best, its mark
 * and the best few plays (with a switch to show the best play on the board); for a cube decision, the right action
 * and the cubeful equities; for a roll, its luck. Also the mark badges of the move list (?! doubtful, ? error, ?? blunder, as gnubg prints
 * them).
 *
 * @example
 *   <StepAnalysis entries={byAction.get(step.actionIndex)} showBest={showBest} onShowBest={setShowBest} />
 */
import { useTranslations } from "next-intl";
import type { AnalysisEntry, CubeAction, CubeEntry, DecisionEntry, LuckEntry, LuckMark, MoveEntry, SkillMark } from "@/lib/analysis/match-analysis";

const SYMBOL: Record<SkillMark, string> = { none: "", doubtful: "?!", error: "?", blunder: "??" };
type T = (key: string, values?: Record<string, string | number>) => string;

/** Equity with its sign and three decimals, as gnubg prints it. */
export function formatEquity(equity: number): string {
  return `${equity >= 0 ? "+" : "−"}${Math.abs(equity).toFixed(3)}`;
}

/** The worst mark among a step's entries. */
export function worstMark(entries: readonly AnalysisEntry[] | undefined): SkillMark {
  const order: SkillMark[] = ["blunder", "error", "doubtful"];
  return order.find((m) => entries?.some((e) => e.kind !== "luck" && e.mark === m)) ?? "none";
}

const LUCK_SYMBOL: Record<LuckMark, string> = { "very-lucky": "++", lucky: "+", none: "", unlucky: "−", "very-unlucky": "−−" };
// ICU select keys cannot hold a hyphen: "very-lucky" is asked for as veryLucky.
const LUCK_KEY: Record<LuckMark, string> = { "very-lucky": "veryLucky", lucky: "lucky", none: "none", unlucky: "unlucky", "very-unlucky": "veryUnlucky" };

/** The luck of a step's roll, if the analysis has it. */
export function luckOf(entries: readonly AnalysisEntry[] | undefined): LuckEntry | undefined {
  return entries?.find((e): e is LuckEntry => e.kind === "luck");
}

/** A lucky or unlucky roll's badge in the move list (nothing for an ordinary roll). */
export function LuckBadge({ entry }: { entry: LuckEntry | undefined }) {
  const t = useTranslations("analysis");
  if (!entry || entry.luckMark === "none") return null;
  return (
    <span className={`luck luck-${entry.luckMark}`} data-luck={entry.luckMark} title={t("luckMark", { mark: LUCK_KEY[entry.luckMark] })}>
      {LUCK_SYMBOL[entry.luckMark]}
    </span>
  );
}

function LuckNote({ entry }: { entry: LuckEntry }) {
  const t = useTranslations("analysis");
  return (
    <p className="luck-note" data-testid="luck-note">
      {t("luckNote", { luck: formatEquity(entry.luck), mark: LUCK_KEY[entry.luckMark] })}
    </p>
  );
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

function verdict(t: T, entry: DecisionEntry): string {
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
        ) : entry.kind === "cube" ? (
          <CubeNote key={`c${entry.actionIndex}${entry.action}`} entry={entry} />
        ) : (
          <LuckNote key={`l${entry.actionIndex}`} entry={entry} />
        ),
      )}
    </div>
  );
}
