"use client";
/**
 * The depth of an analysis, 0- to 3-ply (3 the deep one), as a labelled select: the analysis board's and a match
 * review's. The words are the caller's: a deep look takes seconds for one position, minutes for a whole match.
 *
 * @example
 *   <PlySelect label={t("depth")} optionText={(p) => t(p === DEEP_PLY ? "plyDeep" : "ply", { ply: p })} ply={ply} onPly={setPly} testId="board-ply" />
 */
import type { Ply } from "@/lib/analysis/types";

const PLIES: readonly Ply[] = [0, 1, 2, 3];
/**
 * The deep one, whose option says how long it takes: seconds a position (server/http/position-analysis-response.ts),
 * minutes for a long match (docs/benchmarks.md).
 */
export const DEEP_PLY: Ply = 3;

interface PlySelectProps {
  readonly label: string;
  readonly optionText: (ply: Ply) => string;
  readonly ply: Ply;
  readonly onPly: (ply: Ply) => void;
  readonly testId: string;
}

export function PlySelect({ label, optionText, ply, onPly, testId }: PlySelectProps) {
  return (
    <label>
      {label}{" "}
      <select value={ply} onChange={(e) => onPly(Number(e.target.value) as Ply)} data-testid={testId}>
        {PLIES.map((p) => (
          <option key={p} value={p}>
            {optionText(p)}
          </option>
        ))}
      </select>
    </label>
  );
}
