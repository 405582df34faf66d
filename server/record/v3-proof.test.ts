/**
 * A fair-dice-v3 match's record, from its stored rows to a verdict: the bundle the audit route builds (chains from
 * its chain-committed events, each roll's values from the roll log), the signed proof under v3's statement, the .mat
 * export's proof lines read back, and lib/dice verifyV3 — "verified"; and a value changed and re-signed by the site
 * fails, named by check 6 (chain-values).
 */
import { describe, expect, it } from "vitest";
import { verifyV3, type AuditBundleV3 } from "@/lib/dice";
import { recordTurnsOf } from "@/lib/record";
import { proofFromMat, withProof } from "@/lib/record/mat-proof";
import { verifyMatFile } from "@/lib/record/mat-verify";
import { verifyBundle } from "@/lib/record/verify-bundle";
import { english } from "@/i18n/english";
import { checkDetail, checkTitle } from "@/i18n/verify-english";
import { matFromEvents } from "@/lib/record/review";
import { auditBundle } from "@/server/db/match-read";
import { testDatabaseKinds } from "@/server/db/test-databases";
import { testVault } from "@/server/db/test-fixtures";
import { verifyRevealedMatches } from "@/server/admin/verification";
import { throwawayProofKey, trustedKeys } from "@/tests/support/proof-keys";
import { useTestDatabase } from "@/tests/support/test-database";
import { storedV3Match } from "@/tests/support/v3-stored-match";
import { signedProof } from "./signed-proof";

const vault = testVault();
const key = throwawayProofKey();

describe.each(testDatabaseKinds())("a fair-dice-v3 match's record on %s", (kind) => {
  const handle = useTestDatabase(kind);

  it("bundles its chains and values, signs under v3's statement, and verifies; a changed value fails chain-values", async () => {
    const stored = await storedV3Match(handle.db, vault, 3);
    const bundled = await auditBundle(handle.db, stored.matchId);
    if (!bundled.ok) throw new Error(bundled.code);
    const bundle = bundled.value as AuditBundleV3;
    expect(bundle.protocol).toBe("fair-dice-v3");
    // The chains are the chain-committed events' heads, by game, in order; every roll has the values the log holds.
    const committed = stored.events.flatMap((event) => (event.type === "chain-committed" ? [event] : []));
    expect(Object.keys(bundle.chains).map(Number)).toEqual([...new Set(committed.map((event) => event.game))]);
    for (const event of committed) expect(bundle.chains[String(event.game)]?.[event.color]).toContain(event.head);
    expect(bundle.rolls.map((roll) => roll.values)).toEqual(stored.view.rolls.map((roll) => roll.values));
    expect(bundle.rolls.map((roll) => roll.salts)).toEqual(stored.view.rolls.map((roll) => roll.salts));
    expect(Object.keys(bundle.gameSeeds).length).toBeGreaterThan(0);

    const proof = signedProof(bundle, { view: stored.view, events: stored.events }, key);
    expect(proof.signature?.keyId).toBe(key.keyId);
    const record = recordTurnsOf(stored.events);
    const report = verifyV3(proof, record, { keys: trustedKeys(key) });
    expect(report.checks.filter((check) => check.status !== "passed")).toEqual([]);
    expect(report.verdict).toBe("verified");
    // Every check has English words, title and sentence.
    for (const check of report.checks) {
      expect(checkTitle(check.id)).not.toMatch(/verifyReport/);
      expect(checkDetail(check)).not.toMatch(/verifyReport/);
    }

    // The site itself changes one of black's values and re-signs: the chain catches it.
    const at = proof.rolls.findIndex((roll) => roll.values.black !== undefined && roll.kind === "turn");
    const changed = proof.rolls.map((roll, i) => (i === at ? { ...roll, values: { black: "0".repeat(64) } } : roll));
    const forged = key.signV3({ ...proof, rolls: changed });
    const caught = verifyBundle(forged, record, { keys: trustedKeys(key) });
    expect(caught.verdict).toBe("failed");
    const failed = caught.checks.filter((check) => check.status === "failed");
    expect(failed.map((check) => check.id)).toContain("chain-values");
    expect(failed.find((check) => check.id === "chain-values")).toMatchObject({ nonce: proof.rolls[at]!.nonce, say: { key: "failChainValue" } });
    expect(checkDetail(failed.find((check) => check.id === "chain-values")!)).not.toMatch(/verifyReport/);
    expect(verifyV3(forged, record, { keys: trustedKeys(key) }).checks.find((check) => check.id === "signature")?.status).toBe("passed");

    // The .mat export carries the same proof: read back, it verifies by its own moves.
    const mat = withProof(matFromEvents(stored.events, undefined, { date: "2026-12-07", event: "Fairgammon" }), proof);
    expect(mat).toMatch(/^; \[FairDice "fair-dice-v3"\]$/m);
    expect(mat).toMatch(/^; \[FairDice Chains "1 [0-9a-f]{64} [0-9a-f]{64}"\]$/m);
    const read = proofFromMat(mat);
    if (!read.ok) throw new Error(read.code);
    expect(read.value.lineProblem).toBeNull();
    const { signature: _s, ...fromMat } = read.value.bundle;
    const { signature: _p, recordLines: _l, ...original } = proof;
    expect(fromMat).toEqual(original);
    const checked = verifyMatFile(mat, { keys: trustedKeys(key) });
    expect(checked.ok && checked.value.verdict).toBe("verified");
    const tampered = verifyMatFile(mat.replace(proof.rolls[at]!.values.black!, "1".repeat(64)), { keys: trustedKeys(key) });
    expect(tampered.ok && tampered.value.checks.filter((check) => check.status === "failed").map((check) => check.id)).toEqual(expect.arrayContaining(["signature", "chain-values"]));

    // The admin console verifies it by v3's verifier too.
    const [console] = await verifyRevealedMatches(handle.db, [stored.matchId]);
    expect(console?.report.checks.filter((check) => check.status !== "passed")).toEqual([]);
    expect(console?.report.verdict).toBe("verified");
    expect(english("verifyReport.title.chain-values")).not.toBe("");
  }, 120_000);
});
