/**
 * The outside fair-dice-v3 verifier (outside-verifier.ts: node:crypto only, written from docs/fair-dice-v3.md) on the
 * published vectors: every chain sample, computer value and roll recomputes, the statement is rebuilt to the byte,
 * and every bundle gets the verdict, failed checks, failures and game verdicts the file gives. This file imports
 * nothing from lib/ — only the outside verifier and the JSON.
 */
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import vectors from "../../lib/dice/fixtures/fair-dice-v3.vectors.json";
import { comparableFailures, outsideStatement, outsideVerify, type OutsideBrowser, type OutsideFailure } from "./outside-verifier";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const keys = vectors.keys.keys.map(({ keyId, publicKey }) => ({ keyId, publicKey }));

describe("the fair-dice-v3 vectors, recomputed from the document alone", () => {
  it("chains: value(M) is the tail, each value the hex SHA-256 of the next, M = 1024", () => {
    expect(vectors.chains.length).toBe(1024);
    for (const sample of vectors.chains.samples) {
      let value = sample.tail;
      const values: Record<string, string> = { "1024": value };
      for (let i = 1023; i >= 0; i--) values[String(i)] = value = sha(value);
      for (const [i, expected] of Object.entries(sample.values)) expect(values[i]).toBe(expected);
      expect(sample.head).toBe(values["0"]);
    }
  });

  it("a renewed chain: contributions past M come from the next tail's chain", () => {
    const chainOf = (tail: string) => {
      const values = [tail];
      for (let i = 0; i < 1024; i++) values.unshift(sha(values[0]!));
      return values; // values[i] = value(i)
    };
    const [first, second] = vectors.chains.renewal.tails.map(chainOf);
    const contribution = (c: number) => (c <= 1024 ? first![c] : second![c - 1024]);
    for (const [c, value] of Object.entries(vectors.chains.renewal.contributions)) expect(contribution(Number(c))).toBe(value);
    expect(vectors.chains.renewal.headsAfter).toEqual({ "1023": [first![0]], "1024": [first![0], second![0]] });
  });

  it("computer values and rolls", () => {
    for (const v of vectors.computerValues) expect(createHmac("sha256", v.gameSeed).update(`computer-value:${v.c}`).digest("hex")).toBe(v.value);
    for (const v of vectors.rolls) {
      const parts = v.kind === "opening" ? `${v.white}:${v.black}` : `${v.salt}:${v.value}`;
      const message = `${v.clientSeed}:${v.nonce}:${parts}`;
      expect(message).toBe(v.message);
      expect(createHmac("sha256", v.gameSeed).update(message).digest("hex")).toBe(v.hmac);
      const accepted = [...createHmac("sha256", v.gameSeed).update(message).digest()].filter((byte) => byte < 252).map((byte) => (byte % 6) + 1);
      expect(accepted.slice(0, 2)).toEqual(v.dice);
    }
  });

  it("the statement of the finished bundle, to the byte", () => {
    const finished = vectors.bundles.find((b) => b.label === "finished")!.bundle as unknown as Parameters<typeof outsideStatement>[0];
    expect(outsideStatement({ ...finished, computer: finished.computer ?? null }, vectors.statement.signature.keyId)).toBe(vectors.statement.text);
  });

  it.each(vectors.bundles.map((b) => [b.label, b] as const))("%s", (_label, b) => {
    const report = outsideVerify(b.bundle, { record: "record" in b ? b.record : undefined, keys, ...("browser" in b && { browser: b.browser as unknown as OutsideBrowser }) });
    expect(report.verdict).toBe(b.verdict);
    expect(report.checks.filter((c) => c.status === "failed").map((c) => c.id).sort()).toEqual(b.failedChecks);
    expect(report.games).toEqual(b.games);
    expect(comparableFailures(report.failures)).toEqual(comparableFailures(b.failures as OutsideFailure[]));
  });
});
