import { describe, expect, it } from "vitest";
import { commitmentOf } from "./commitment";
import vectors from "./fixtures/fair-dice-v1.vectors.json";

describe("commitmentOf", () => {
  // Expected commitments come from the protocol's vectors (fixtures/README.md).
  it.each(vectors.vectors.map((v) => [v.label, v.serverSeed, v.commitment]))("%s: sha256 of the seed's ASCII text", (_label, seed, commitment) => {
    expect(commitmentOf(seed)).toBe(commitment);
  });

  it("hashes the 64 characters, not the 32 bytes they spell", () => {
    // sha256 of the 32 bytes 00..00 01, from python3: hashlib.sha256(bytes.fromhex("00" * 31 + "01")).hexdigest().
    const ofDecodedBytes = "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5";
    expect(commitmentOf("0000000000000000000000000000000000000000000000000000000000000001")).not.toBe(ofDecodedBytes);
  });
});
