/**
 * The statement a fair-dice-v2 proof is signed over (docs/fair-dice-v2.md, section 5b): the bundle's every field that
 * matters — seeds, client seeds, the roll log with its salts, who sat where and which seat is the computer, how the
 * match ended and the digest of its game record — as UTF-8 lines, rebuilt identically from a JSON bundle or from a
 * .mat file's proof lines. Each line is "name value…" and ends with "\n"; names of players are written as the hex of
 * their UTF-8 bytes, so no value can hold a space or a line break.
 *
 * @example
 *   const text = proofStatement(parsed, "fg-ed25519-0123456789abcdef");
 *   // "fairgammon-signed-proof-1\nkey fg-ed25519-0123456789abcdef\nprotocol fair-dice-v2\nmatch …\n…"
 */
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { ParsedBundleV2, ProofSeat } from "./bundle-v2";

export const PROOF_STATEMENT_FORMAT = "fairgammon-signed-proof-1";

function seatLine(color: "white" | "black", seat: ProofSeat | null | undefined): string {
  return seat ? `seat ${color} ${seat.kind} ${seat.id} ${bytesToHex(utf8ToBytes(seat.name))}` : `seat ${color} -`;
}

/** The statement's lines for `keyId`, in the order section 5b gives. */
export function proofStatementLines(b: ParsedBundleV2, keyId: string): string[] {
  return [PROOF_STATEMENT_FORMAT, `key ${keyId}`, `protocol ${b.protocol}`, ...proofFieldLines(b), ...b.rolls.map(proofRollLine)];
}

/**
 * The lines between the protocol and the rolls: the match's fields, from `match` to `record`. fair-dice-v3's
 * statement has these lines too, from the fields the two share (proof-statement-v3.ts).
 */
export function proofFieldLines(b: ParsedBundleV2): string[] {
  const end = b.end;
  return [
    `match ${b.matchId}`,
    `match-length ${b.matchLength}`,
    `chain-length ${b.chainLength}`,
    `commitment ${b.commitment}`,
    ...[...b.gameSeeds].sort(([x], [y]) => x - y).map(([game, seed]) => `game-seed ${game} ${seed}`),
    `server-seed ${b.serverSeed ?? "-"}`,
    `client-seeds ${b.clientSeeds.white} ${b.clientSeeds.black}`,
    `computer ${b.computer ?? "-"}`,
    seatLine("white", b.seats?.white),
    seatLine("black", b.seats?.black),
    end ? `end ${end.reason} ${end.winner ?? "-"} ${end.score.white} ${end.score.black} ${end.games} ${end.rolls}` : "end -",
    `record ${b.recordDigest ?? "-"}`,
  ];
}

/** A roll's line: nonce, game, kind, player, the two dice as one number, white's and black's salt. */
export function proofRollLine(roll: ParsedBundleV2["rolls"][number]): string {
  return `roll ${roll.nonce} ${roll.game} ${roll.kind} ${roll.player ?? "-"} ${roll.dice[0]}${roll.dice[1]} ${roll.salts.white ?? "-"} ${roll.salts.black ?? "-"}`;
}

/**
 * The statement as the text that is signed: every line followed by "\n". Made in one pass, as one list joined,
 * since a 10,000-roll statement is 1.3 MB and a verifier makes it every time it checks a signature.
 */
export function proofStatement(b: ParsedBundleV2, keyId: string): string {
  return statementText([PROOF_STATEMENT_FORMAT, `key ${keyId}`, `protocol ${b.protocol}`, ...proofFieldLines(b)], b.rolls, proofRollLine);
}

/** `head`'s lines, then one line per roll by `rollLine`, each followed by "\n". */
export function statementText<R>(head: readonly string[], rolls: readonly R[], rollLine: (roll: R) => string): string {
  const lines = new Array<string>(head.length + rolls.length + 1);
  for (let i = 0; i < head.length; i++) lines[i] = head[i]!;
  for (let i = 0; i < rolls.length; i++) lines[head.length + i] = rollLine(rolls[i]!);
  // The last, empty, entry gives the last line its "\n".
  lines[lines.length - 1] = "";
  return lines.join("\n");
}
