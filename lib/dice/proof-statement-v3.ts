/**
 * The statement a fair-dice-v3 proof is signed over (docs/fair-dice-v3.md, section 9b), and the check of its
 * signature: v2's statement (proof-statement.ts, built by v2's own code from the fields the two share) with the
 * format line `fairgammon-signed-proof-2`, the protocol fair-dice-v3, one `chains` line per game and each roll's
 * chain values after its salts. A signed v3 proof binds every head and every revealed value: once a game's seed is
 * out nobody but the site can rewrite a value, and the site cannot either without its chain failing.
 *
 * @example
 *   proofStatementV3(parsed, "fg-ed25519-0123456789abcdef");
 *   // "fairgammon-signed-proof-2\nkey fg-ed25519-…\nprotocol fair-dice-v3\n…\nchains 1 <head> <head>\nroll 0 1 opening - 35 - - <value> <value>\n…"
 */
import { sharedV2View, type ParsedBundleV3 } from "./bundle-v3";
import { signatureValid, type ProofKey } from "./proof-keys";
import { proofFieldLines, statementBytes, statementText, writeRollLine } from "./proof-statement";
import { TextWriter, type StatementWriter } from "./utf8-writer";
import type { CheckResult } from "./types";

export const PROOF_STATEMENT_FORMAT_V3 = "fairgammon-signed-proof-2";

const heads = (list: readonly string[] | undefined) => (list === undefined ? "-" : list.join(","));

/** The statement's lines for `keyId`, in the order section 9b gives. */
export function proofStatementLinesV3(b: ParsedBundleV3, keyId: string): string[] {
  return [
    ...headLinesV3(b, keyId),
    ...b.rolls.map((roll) => {
      const out = new TextWriter();
      writeRollLineV3(out, roll);
      return out.toString();
    }),
  ];
}

/** Every line before the rolls: v2's, with v3's format and protocol, then one `chains` line per game. */
function headLinesV3(b: ParsedBundleV3, keyId: string): string[] {
  const chains = [...b.chains].sort(([x], [y]) => x - y).map(([game, byPlayer]) => `chains ${game} ${heads(byPlayer.white)} ${heads(byPlayer.black)}`);
  return [PROOF_STATEMENT_FORMAT_V3, `key ${keyId}`, `protocol ${b.protocol}`, ...proofFieldLines(sharedV2View(b)), ...chains];
}

/** v2's roll line, then white's and black's chain value. */
function writeRollLineV3(out: StatementWriter, roll: ParsedBundleV3["rolls"][number]): void {
  writeRollLine(out, roll);
  out.text(" ");
  out.text(roll.values.white ?? "-");
  out.text(" ");
  out.text(roll.values.black ?? "-");
}

/** The statement as the text that is signed: every line followed by "\n". */
export function proofStatementV3(b: ParsedBundleV3, keyId: string): string {
  return statementText(headLinesV3(b, keyId), b.rolls, writeRollLineV3);
}

/** proofStatementV3's UTF-8 bytes, which the signature is over: what the verifier checks. */
export function proofStatementBytesV3(b: ParsedBundleV3, keyId: string): Uint8Array {
  return statementBytes(headLinesV3(b, keyId), b.rolls, writeRollLineV3, 160);
}

/** v2's check 11 over the v3 statement: skipped unsigned or under a key the verifier does not trust. */
export function checkSignatureV3(b: ParsedBundleV3, keys: readonly ProofKey[]): CheckResult {
  const signature = b.signature;
  const key = signature && keys.find((k) => k.keyId === signature.keyId);
  const result = (status: CheckResult["status"], key: string, values: CheckResult["say"]["values"]): CheckResult => ({ id: "signature", status, say: { key, values } });
  if (!signature) return result("skipped", "unsigned", {});
  if (!key) return result("skipped", "unknownKey", { keyId: signature.keyId, known: keys.length });
  if (!signatureValid(key.publicKey, proofStatementBytesV3(b, key.keyId), signature.value)) return result("failed", "failSignature", { keyId: key.keyId });
  return result("passed", "signed", { keyId: key.keyId, from: key.from });
}
