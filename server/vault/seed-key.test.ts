import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordingLogger, tempDirs } from "@/tests/support/temp-dirs";
import { decodeSeedKey, loadSeedKey, SEED_KEY_FILE } from "./seed-key";

const HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
// The same 32 bytes in base64, from python3: base64.b64encode(bytes.fromhex(HEX)).
const BASE64 = "ABEiM0RVZneImaq7zN3u/wARIjNEVWZ3iJmqu8zd7v8=";

const tempDir = tempDirs("seed-key-");

describe("decodeSeedKey", () => {
  const cases: [string, string, boolean][] = [
    ["64 hex", HEX, true],
    ["64 uppercase hex", HEX.toUpperCase(), true],
    ["base64 of 32 bytes", BASE64, true],
    ["base64 without padding", BASE64.slice(0, -1), true],
    ["62 hex", HEX.slice(2), false],
    ["base64 of 16 bytes", "ABEiM0RVZneImaq7zN3u/w==", false],
    ["a passphrase", "correct horse battery staple", false],
  ];
  it.each(cases)("%s", (_name, text, valid) => {
    const key = decodeSeedKey(text);
    expect(key !== undefined).toBe(valid);
    if (valid) expect(Buffer.from(key!).toString("hex")).toBe(HEX);
  });
});

describe("loadSeedKey", () => {
  it("takes SEED_ENCRYPTION_KEY in hex or base64, in production too, without touching the data directory", () => {
    const dataDir = join(tempDir(), "data");
    for (const value of [HEX, BASE64, ` ${HEX}\n`]) {
      const log = recordingLogger();
      const key = loadSeedKey({ env: { SEED_ENCRYPTION_KEY: value }, dataDir, production: true, logger: log });
      expect(Buffer.from(key.unwrap()).toString("hex")).toBe(HEX);
      expect(log.lines).toEqual([]);
    }
    expect(() => statSync(dataDir)).toThrow();
  });

  it("refuses a bad value naming the variable, without echoing the value", () => {
    const bad = "not-a-key-but-a-secret-passphrase";
    let thrown: unknown;
    try {
      loadSeedKey({ env: { SEED_ENCRYPTION_KEY: bad }, dataDir: tempDir(), production: false, logger: recordingLogger() });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: "ERR_SEED_KEY_INVALID", message: expect.stringContaining("SEED_ENCRYPTION_KEY") });
    expect((thrown as Error).message).not.toContain(bad);
  });

  it.each([{}, { SEED_ENCRYPTION_KEY: "" }, { SEED_ENCRYPTION_KEY: "  " }])("refuses to start in production without a key (%j)", (env) => {
    const dataDir = tempDir();
    expect(() => loadSeedKey({ env, dataDir, production: true, logger: recordingLogger() })).toThrow(
      expect.objectContaining({ code: "ERR_SEED_KEY_MISSING", message: expect.stringContaining("SEED_ENCRYPTION_KEY is required in production") }),
    );
  });

  it("in development generates a key file once (mode 0600), warns in one line, and reuses it", () => {
    const dataDir = join(tempDir(), "nested", "data");
    const first = recordingLogger();
    const a = loadSeedKey({ env: {}, dataDir, production: false, logger: first });
    const file = join(dataDir, SEED_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.lines).toHaveLength(1);
    expect(first.lines[0]).toMatch(/generated a development seed key/);
    expect(first.lines[0]).not.toContain("\n");
    const content = readFileSync(file, "utf8");

    const second = recordingLogger();
    const b = loadSeedKey({ env: {}, dataDir, production: false, logger: second });
    expect(Buffer.from(b.unwrap()).equals(Buffer.from(a.unwrap()))).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(content);
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]).toMatch(/using the development seed key/);
    for (const line of [...first.lines, ...second.lines]) expect(line).not.toContain(content.trim());
  });

  it("refuses a corrupt key file with a clear error", () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, SEED_KEY_FILE), "garbage\n");
    expect(() => loadSeedKey({ env: {}, dataDir, production: false, logger: recordingLogger() })).toThrow(
      expect.objectContaining({ code: "ERR_SEED_KEY_FILE" }),
    );
  });
});
