/**
 * The checks of a signed fair-dice-v2 proof (docs/fair-dice-v2.md, sections 5a, 5b and 7): the site's signature over
 * the bundle's statement, the completeness of a finished match's log (its end, every ended game's seed, the rolls it
 * says it had), the digest of its game record, and the computer's seat against the seats. Each returns one
 * CheckResult; the verifier (verify-v2.ts) decides which games they fail.
 *
 * @example
 *   checkSignature(parsed, keys).status;  // "passed" | "failed" | "skipped" (unsigned, or a key the verifier does not know)
 *   checkCompleteness(parsed).status;     // "failed" for a finished match cut short
 */
import type { ParsedBundleV2 } from "./bundle-v2";
import { signatureValid, type ProofKey } from "./proof-keys";
import { proofStatementBytes } from "./proof-statement";
import { recordDigest } from "./record-digest";
import type { CheckResult } from "./types";

type Say = CheckResult["say"];

/** Check 11: the bundle's statement verifies under a key the verifier trusts, with the key named. */
export function checkSignature(b: ParsedBundleV2, keys: readonly ProofKey[]): CheckResult {
  const id = "signature";
  const signature = b.signature;
  if (signature === null) return { id, status: "skipped", say: { key: "unsigned", values: {} } };
  const key = keys.find((k) => k.keyId === signature.keyId);
  if (!key) return { id, status: "skipped", say: { key: "unknownKey", values: { keyId: signature.keyId, known: keys.length } } };
  if (!signatureValid(key.publicKey, proofStatementBytes(b, key.keyId), signature.value)) {
    return { id, status: "failed", say: { key: "failSignature", values: { keyId: key.keyId } } };
  }
  return { id, status: "passed", say: { key: "signed", values: { keyId: key.keyId, from: key.from } } };
}

function failed(say: Say, game?: number): CheckResult {
  return { id: "completeness", status: "failed", say, ...(game !== undefined && { game }) };
}

/**
 * Check 9: a match that has ended shows its end, and its log is whole — as many rolls and games as the end says,
 * every game that ended by play with its seed, and a finished match's score at the match length. A bundle made
 * before ends were recorded (no `end`, no signature) cannot be checked: skipped.
 */
export function checkCompleteness(b: ParsedBundleV2): CheckResult {
  const id = "completeness";
  const end = b.end === undefined && b.signature !== null ? null : b.end;
  if (end === undefined) return { id, status: "skipped", say: { key: "noEnd", values: {} } };
  const lastGame = b.rolls.at(-1)?.game ?? 0;
  if (end === null) {
    if (b.serverSeed !== null) return failed({ key: "failNoEnd", values: { rolls: b.rolls.length } });
    return { id, status: "passed", say: { key: "running", values: { games: lastGame, rolls: b.rolls.length } } };
  }
  if (b.serverSeed === null) return failed({ key: "failEndNotRevealed", values: { reason: end.reason } });
  if (end.rolls !== b.rolls.length) return failed({ key: "failRollCount", values: { logged: b.rolls.length, ended: end.rolls } }, lastGame || 1);
  if (end.games !== lastGame) return failed({ key: "failGameCount", values: { logged: lastGame, ended: end.games } }, Math.min(lastGame, end.games) || 1);
  // A game that ended by play revealed its seed; in a match that ended otherwise the last game may not have ended.
  const mustHaveSeeds = end.reason === "finished" ? end.games : end.games - 1;
  for (let game = 1; game <= mustHaveSeeds; game++) {
    if (!b.gameSeeds.has(game)) return failed({ key: "failMissingGameSeed", values: { game } }, game);
  }
  if (end.reason === "finished" || end.reason === "timeout") {
    const winner = end.winner;
    if (winner === null) return failed({ key: "failNoWinner", values: { reason: end.reason } }, end.games || 1);
    const loser = winner === "white" ? "black" : "white";
    if (end.reason === "finished" && (end.score[winner] < b.matchLength || end.score[loser] >= b.matchLength)) {
      return failed({ key: "failScore", values: { winner, white: end.score.white, black: end.score.black, matchLength: b.matchLength } }, end.games || 1);
    }
  }
  return {
    id,
    status: "passed",
    say: { key: "complete", values: { reason: end.reason, winner: end.winner ?? "none", white: end.score.white, black: end.score.black, games: end.games, rolls: end.rolls } },
  };
}

/** Check 10: the game record's lines (a .mat file's moves, or the bundle's `recordLines`) have the signed digest. */
export function checkRecordMoves(b: ParsedBundleV2, lines: readonly string[] | null): CheckResult {
  const id = "record-moves";
  if (b.recordDigest === null) return { id, status: "skipped", say: { key: "noRecordDigest", values: {} } };
  if (lines === null) return { id, status: "skipped", say: { key: "noRecordLines", values: {} } };
  const digest = recordDigest(lines);
  if (digest !== b.recordDigest) return { id, status: "failed", say: { key: "failRecordMoves", values: { digest, signed: b.recordDigest, lines: lines.length } } };
  return { id, status: "passed", say: { key: "recordMoves", values: { lines: lines.length } } };
}

/** Why `computer` disagrees with the seats (a computer's seat not named, or a person's named), or null. */
export function computerSeatProblem(b: ParsedBundleV2): Say | null {
  if (b.seats === null) return null;
  for (const color of ["white", "black"] as const) {
    const isComputer = b.seats[color]?.kind === "computer";
    if (isComputer !== (b.computer === color)) return { key: "failComputerSeat", values: { seat: color, computer: b.computer ?? "none", kind: b.seats[color]?.kind ?? "none" } };
  }
  return null;
}
