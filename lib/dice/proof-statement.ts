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
  const end = b.end;
  return [
    PROOF_STATEMENT_FORMAT,
    `key ${keyId}`,
    `protocol ${b.protocol}`,
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
    ...b.rolls.map(
      (roll) => `roll ${roll.nonce} ${roll.game} ${roll.kind} ${roll.player ?? "-"} ${roll.dice[0]}${roll.dice[1]} ${roll.salts.white ?? "-"} ${roll.salts.black ?? "-"}`,
    ),
  ];
}

/** The statement as the text that is signed: every line followed by "\n". */
export function proofStatement(b: ParsedBundleV2, keyId: string): string {
  return proofStatementLines(b, keyId)
    .map((line) => `${line}\n`)
    .join("");
}
