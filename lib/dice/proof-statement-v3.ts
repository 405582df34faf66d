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
import { proofStatementLines } from "./proof-statement";
import type { CheckResult } from "./types";

export const PROOF_STATEMENT_FORMAT_V3 = "fairgammon-signed-proof-2";

const heads = (list: readonly string[] | undefined) => (list === undefined ? "-" : list.join(","));

/** The statement's lines for `keyId`, in the order section 9b gives. */
export function proofStatementLinesV3(b: ParsedBundleV3, keyId: string): string[] {
  const shared = proofStatementLines(sharedV2View(b), keyId);
  // v2's lines are: format, key, protocol, the match's fields …, then one line per roll, last.
  const firstRoll = shared.length - b.rolls.length;
  const chains = [...b.chains].sort(([x], [y]) => x - y).map(([game, byPlayer]) => `chains ${game} ${heads(byPlayer.white)} ${heads(byPlayer.black)}`);
  const rolls = shared.slice(firstRoll).map((line, i) => `${line} ${b.rolls[i]!.values.white ?? "-"} ${b.rolls[i]!.values.black ?? "-"}`);
  return [PROOF_STATEMENT_FORMAT_V3, shared[1]!, `protocol ${b.protocol}`, ...shared.slice(3, firstRoll), ...chains, ...rolls];
}

/** The statement as the text that is signed: every line followed by "\n". */
export function proofStatementV3(b: ParsedBundleV3, keyId: string): string {
  return proofStatementLinesV3(b, keyId)
    .map((line) => `${line}\n`)
    .join("");
}

/** v2's check 11 over the v3 statement: skipped unsigned or under a key the verifier does not trust. */
export function checkSignatureV3(b: ParsedBundleV3, keys: readonly ProofKey[]): CheckResult {
  const signature = b.signature;
  const key = signature && keys.find((k) => k.keyId === signature.keyId);
  const result = (status: CheckResult["status"], key: string, values: CheckResult["say"]["values"]): CheckResult => ({ id: "signature", status, say: { key, values } });
  if (!signature) return result("skipped", "unsigned", {});
  if (!key) return result("skipped", "unknownKey", { keyId: signature.keyId, known: keys.length });
  if (!signatureValid(key.publicKey, proofStatementV3(b, key.keyId), signature.value)) return result("failed", "failSignature", { keyId: key.keyId });
  return result("passed", "signed", { keyId: key.keyId, from: key.from });
}
