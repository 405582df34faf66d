/**
 * The verifier panel's run of a match's audit bundle, by its protocol: fair-dice-v3 with lib/dice `verifyV3`, given
 * what this browser kept for its player (docs/fair-dice-v3.md, section 6: the salts it made, kept-salts.ts; the
 * salts it was shown and the heads it knew, kept-chains.ts) for check 13, `forwarded-salts`; fair-dice-v2 with
 * `verifyV2` and the salts it made (`browser-salts`); anything else as v1. Each verifier loads only when asked for.
 * The report is the one the page shows (components/fairness/verify-report.tsx): a check is worded by its id, so v3's
 * own ids are words of `verifyReport.title` like every other.
 *
 * @example
 *   const report = await verifyInBrowser(bundle, { keys, matchId: "m1", you: "black" });
 *   report.checks.at(-1)?.id; // "forwarded-salts"
 */
import type { BrowserKeptV3, VerifyReportV3 } from "@/lib/dice/verify-v3";
import type { ProofKey } from "@/lib/dice/proof-keys";
import type { CheckId, VerifyReport } from "@/lib/dice/types";
import type { Color } from "@/lib/engine/types";
import { keptChains } from "@/components/match/kept-chains";
import { keptSalts } from "@/components/match/kept-salts";

export interface BrowserVerifyOptions {
  readonly keys: readonly ProofKey[];
  readonly matchId: string;
  /** This browser's player in the match, whose kept values are compared; null: a spectator's page, none. */
  readonly you: Color | null;
}

/** What this browser kept for `matchId` as its player `player`, as verifyV3 compares it with the log. */
export function browserKeptV3(matchId: string, player: Color): BrowserKeptV3 {
  const kept = keptChains(matchId);
  return { player, salts: keptSalts(matchId), shownSalts: kept.shownSalts(), heads: kept.heads() };
}

/** v3's report as the page's: the same verdicts, games and checks, each worded by its id. */
export function shownReportV3(report: VerifyReportV3): VerifyReport {
  return { verdict: report.verdict, games: report.games, checks: report.checks.map((check) => ({ ...check, id: check.id as CheckId })) };
}

export async function verifyInBrowser(bundle: unknown, { keys, matchId, you }: BrowserVerifyOptions): Promise<VerifyReport> {
  const protocol = (bundle as { protocol?: unknown } | null)?.protocol;
  if (protocol === "fair-dice-v3") {
    const { verifyV3 } = await import("@/lib/dice/verify-v3");
    return shownReportV3(verifyV3(bundle, undefined, { keys, ...(you && { browser: browserKeptV3(matchId, you) }) }));
  }
  if (protocol === "fair-dice-v2") {
    const { verifyV2 } = await import("@/lib/dice/verify-v2");
    return verifyV2(bundle, undefined, { keys, ...(you && { browser: { player: you, salts: keptSalts(matchId) } }) });
  }
  const { verify } = await import("@/lib/dice/verify");
  return verify(bundle);
}
