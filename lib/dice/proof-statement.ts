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
import { TextWriter, Utf8Writer, type StatementWriter } from "./utf8-writer";

export const PROOF_STATEMENT_FORMAT = "fairgammon-signed-proof-1";

function seatLine(color: "white" | "black", seat: ProofSeat | null | undefined): string {
  return seat ? `seat ${color} ${seat.kind} ${seat.id} ${bytesToHex(utf8ToBytes(seat.name))}` : `seat ${color} -`;
}

/** The statement's lines for `keyId`, in the order section 5b gives. */
export function proofStatementLines(b: ParsedBundleV2, keyId: string): string[] {
  return [...headLines(b, keyId), ...b.rolls.map(proofRollLine)];
}

function headLines(b: ParsedBundleV2, keyId: string): string[] {
  return [PROOF_STATEMENT_FORMAT, `key ${keyId}`, `protocol ${b.protocol}`, ...proofFieldLines(b)];
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

type Roll = ParsedBundleV2["rolls"][number];

/** A roll's line (without its "\n"): nonce, game, kind, player, the two dice as one number, white's and black's salt. */
export function writeRollLine(out: StatementWriter, roll: Roll): void {
  out.text("roll ");
  out.number(roll.nonce);
  out.text(" ");
  out.number(roll.game);
  out.text(" ");
  out.text(roll.kind);
  out.text(" ");
  out.text(roll.player ?? "-");
  out.text(" ");
  out.number(roll.dice[0]);
  out.number(roll.dice[1]);
  out.text(" ");
  out.text(roll.salts.white ?? "-");
  out.text(" ");
  out.text(roll.salts.black ?? "-");
}

/** writeRollLine's line as text. */
export function proofRollLine(roll: Roll): string {
  const out = new TextWriter();
  writeRollLine(out, roll);
  return out.toString();
}

/** `head`'s lines, then one line per roll by `writeRoll`, each followed by "\n". */
export function writeStatement<R>(out: StatementWriter, head: readonly string[], rolls: readonly R[], writeRoll: (out: StatementWriter, roll: R) => void): void {
  for (const line of head) {
    out.text(line);
    out.text("\n");
  }
  for (let i = 0; i < rolls.length; i++) {
    writeRoll(out, rolls[i]!);
    out.text("\n");
  }
}

/** The statement as text in `head` and one line per roll, every line followed by "\n". */
export function statementText<R>(head: readonly string[], rolls: readonly R[], writeRoll: (out: StatementWriter, roll: R) => void): string {
  const out = new TextWriter();
  writeStatement(out, head, rolls, writeRoll);
  return out.toString();
}

/**
 * statementText's UTF-8 bytes, written straight into one buffer (utf8-writer.ts): what a verifier checks the
 * signature of. `perRoll` is about a roll line's length, to size the buffer once.
 */
export function statementBytes<R>(head: readonly string[], rolls: readonly R[], writeRoll: (out: StatementWriter, roll: R) => void, perRoll: number): Uint8Array {
  const out = new Utf8Writer(head.reduce((sum, line) => sum + 3 * line.length + 1, 0) + perRoll * rolls.length);
  writeStatement(out, head, rolls, writeRoll);
  return out.bytes();
}

/** The statement as the text that is signed: every line followed by "\n". */
export function proofStatement(b: ParsedBundleV2, keyId: string): string {
  return statementText(headLines(b, keyId), b.rolls, writeRollLine);
}

/** proofStatement's UTF-8 bytes, which the signature is over. */
export function proofStatementBytes(b: ParsedBundleV2, keyId: string): Uint8Array {
  return statementBytes(headLines(b, keyId), b.rolls, writeRollLine, 100);
}
