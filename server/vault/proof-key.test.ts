import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSimulated, simulateMatchV2, verifyV2, parseProofKeys } from "@/lib/dice";
import { testDatabaseKinds, openTestDatabase, type TestDatabase } from "@/server/db/test-databases";
import { proofKeyList, registerProofKey } from "@/server/fairness/proof-keys";
import { proofKeysResponse } from "@/server/http/proof-keys-response";
import { recordingLogger, tempDirs } from "@/tests/support/temp-dirs";
import { loadProofKey, PROOF_KEY_FILE } from "./proof-key";

const SEED_HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const tempDir = tempDirs("proof-key-");
const played = simulateMatchV2({ serverSeed: "7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a", clientSeeds: { white: "w", black: "b" }, matchLength: 3, games: 3, turnsPerGame: 4 });

describe("loadProofKey", () => {
  it("takes PROOF_SIGNING_KEY, in production too, without touching the data directory", () => {
    const dataDir = join(tempDir(), "data");
    const log = recordingLogger();
    const key = loadProofKey({ env: { PROOF_SIGNING_KEY: ` ${SEED_HEX}\n` }, dataDir, production: true, logger: log });
    expect(key.keyId).toMatch(/^fg-ed25519-[0-9a-f]{16}$/);
    expect(key.publicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(log.lines).toEqual([]);
    expect(() => statSync(dataDir)).toThrow();
  });

  it("refuses to start in production without it, and names what to set, never a key", () => {
    expect(() => loadProofKey({ env: {}, dataDir: tempDir(), production: true, logger: recordingLogger() })).toThrow(/PROOF_SIGNING_KEY is required in production/);
    expect(() => loadProofKey({ env: { PROOF_SIGNING_KEY: "not hex" }, dataDir: tempDir(), production: true, logger: recordingLogger() })).toThrow(/must be 64 hex characters/);
  });

  it("generates a local key once into the data directory (owner-only), and every later load finds the same", () => {
    const dataDir = tempDir();
    const first = loadProofKey({ env: {}, dataDir, production: false, logger: recordingLogger() });
    const file = join(dataDir, PROOF_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadProofKey({ env: {}, dataDir, production: false, logger: recordingLogger() });
    expect(again.keyId).toBe(first.keyId);
    expect(readFileSync(file, "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
  });

  it("never shows its private half: not in JSON, not when inspected or logged, not in its signatures' bundles", () => {
    const key = loadProofKey({ env: { PROOF_SIGNING_KEY: SEED_HEX }, dataDir: tempDir(), production: true, logger: recordingLogger() });
    const signed = key.sign(signSimulated(played, { privateKey: new Uint8Array(32) }));
    const head = key.signTreeHead({ treeSize: 1, rootHash: "0".repeat(64), timestamp: 0 });
    for (const text of [JSON.stringify(key), inspect(key, { depth: 10, showHidden: true }), String(key), JSON.stringify(signed), JSON.stringify(head)]) expect(text).not.toContain(SEED_HEX);
    expect(Object.keys(key).sort()).toEqual(["keyId", "publicKey", "sign", "signTreeHead", "signV3"]);
  });

  it("signs a proof that verifies under its listed public key, and no other", () => {
    const key = loadProofKey({ env: { PROOF_SIGNING_KEY: SEED_HEX }, dataDir: tempDir(), production: true, logger: recordingLogger() });
    const other = loadProofKey({ env: { PROOF_SIGNING_KEY: "f".repeat(64) }, dataDir: tempDir(), production: true, logger: recordingLogger() });
    const signed = key.sign(signSimulated(played, { privateKey: new Uint8Array(32) }));
    const listed = (k: typeof key) => [{ keyId: k.keyId, algorithm: "Ed25519" as const, publicKey: k.publicKey, from: "test" }];
    expect(verifyV2(signed, played.record, { keys: listed(key) }).verdict).toBe("verified");
    expect(verifyV2(signed, played.record, { keys: listed(other) }).checks.find((c) => c.id === "signature")?.status).toBe("skipped");
    // A list that names the other key with this key's id is not believed: ids are derived from the key.
    expect(verifyV2(signed, played.record, { keys: [{ ...listed(other)[0]!, keyId: key.keyId }] }).checks.find((c) => c.id === "signature")?.status).toBe("failed");
    expect(parseProofKeys({ format: "fairgammon-proof-keys-1", keys: [{ ...listed(other)[0]!, keyId: key.keyId }] })).toEqual({ ok: true, value: [] });
  });
});

describe.each(testDatabaseKinds())("the key list on %s", (kind) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.dispose());

  it("lists every key ever registered, oldest first, public halves only, and a rotation keeps old proofs verifying", async () => {
    const before = loadProofKey({ env: { PROOF_SIGNING_KEY: SEED_HEX }, dataDir: tempDir(), production: true, logger: recordingLogger() });
    const after = loadProofKey({ env: { PROOF_SIGNING_KEY: "ab".repeat(32) }, dataDir: tempDir(), production: true, logger: recordingLogger() });
    await registerProofKey(handle.db, before);
    const oldProof = before.sign(signSimulated(played, { privateKey: new Uint8Array(32) }));
    // Two nodes start with the new key at once; then the old key is registered again (a node restarted late).
    await Promise.all([registerProofKey(handle.db, after), registerProofKey(handle.db, after)]);
    await registerProofKey(handle.db, before);
    const response = await proofKeysResponse(handle.db);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(SEED_HEX);
    const listed = parseProofKeys(JSON.parse(text));
    expect(listed.ok && listed.value.map((k) => k.keyId).sort()).toEqual([before.keyId, after.keyId].sort());
    expect((await proofKeyList(handle.db)).keys).toHaveLength(2);
    expect(listed.ok && verifyV2(oldProof, played.record, { keys: listed.value }).verdict).toBe("verified");
  });
});
