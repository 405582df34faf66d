/**
 * `npx tsx scripts/strength/ply-errors.ts [--set FILE] [--weights FILE] [--max-ply P]`: how our equity errors change
 * with the search's depth, position by position. For each contact position of a held-out set (heldout-build.ts), the
 * play gnubg ranks best is valued by our engine at 0, 1, … P ply (default 2) and compared with gnubg's 2-ply equity
 * for it: per ply the mean absolute and the mean signed error, then the correlation of the errors between plies.
 *
 * A correlation near 1 says the errors are the network's misjudgements that searching deeper carries along (what
 * teaching the network its own search's values addresses: lib/analysis/weights/README.md, phase 10); errors of
 * alternating sign from ply to ply would instead point at a bias of the side on roll (an odd–even effect) that
 * averaging two depths would cancel.
 *
 * @example
 *   npx tsx scripts/strength/ply-errors.ts --set scripts/strength/fixtures/heldout-20261206.jsonl --weights phase9.json
 *   // ply 0: mean |error| 84.8 mEMG, signed -24.2 … correlation of the errors between plies: 0–1 0.94, 0–2 0.92, 1–2 0.96
 */
import { parseArgs } from "node:util";
import { decodePositionId } from "@/lib/engine";
import { evaluateAtPly } from "@/lib/analysis/search";
import { type Ply, cubelessMoneyEquity, invertProbabilities } from "@/lib/analysis/types";
import { strengthEvaluator } from "./engine-weights";
import { REPORTING_SET, readHeldoutSet } from "./heldout-set";

const text = { type: "string" } as const;
const { values } = parseArgs({ options: { set: text, weights: text, "max-ply": text }, strict: true });
const maxPly = Number(values["max-ply"] ?? "2");
if (!(Number.isInteger(maxPly) && maxPly >= 1 && maxPly <= 3)) {
  process.stderr.write("ply-errors: --max-ply is 1, 2 or 3\n");
  process.exit(2);
}
const set = readHeldoutSet(values.set ?? REPORTING_SET).filter((item) => item.group === "contact");
const evaluator = strengthEvaluator({ weights: values.weights });

// errors[ply][i]: our equity minus gnubg's for position i's best play (by gnubg), at that ply.
const errors: number[][] = Array.from({ length: maxPly + 1 }, () => []);
for (const item of set) {
  const best = item.plays[0];
  if (!best) continue;
  const after = decodePositionId(best.result, "white");
  if (!after.ok) throw new Error(`bad Position ID in the set: ${best.result}`);
  for (let ply = 0; ply <= maxPly; ply++) {
    const ours = cubelessMoneyEquity(invertProbabilities(evaluateAtPly(after.value, { ply: ply as Ply, evaluator })));
    errors[ply]?.push(ours - best.equity);
  }
}

const mean = (a: readonly number[]) => a.reduce((s, x) => s + x, 0) / Math.max(1, a.length);
function correlation(a: readonly number[], b: readonly number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  let cov = 0;
  let va = 0;
  let vb = 0;
  a.forEach((x, i) => {
    const y = b[i] as number;
    cov += (x - ma) * (y - mb);
    va += (x - ma) ** 2;
    vb += (y - mb) ** 2;
  });
  return cov / Math.sqrt(va * vb);
}

process.stdout.write(`${set.length} contact positions, gnubg's best play of each\n`);
errors.forEach((e, ply) => {
  process.stdout.write(`ply ${ply}: mean |error| ${(1000 * mean(e.map(Math.abs))).toFixed(1)} mEMG, signed ${(1000 * mean(e)).toFixed(1)}\n`);
});
const pairs: string[] = [];
for (let a = 0; a < maxPly; a++) for (let b = a + 1; b <= maxPly; b++) pairs.push(`${a}–${b} ${correlation(errors[a] ?? [], errors[b] ?? []).toFixed(2)}`);
process.stdout.write(`correlation of the errors between plies: ${pairs.join(", ")}\n`);
