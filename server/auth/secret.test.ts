import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordingLogger, tempDirs } from "@/tests/support/temp-dirs";
import { prepareAuth } from "./boot";
import { AUTH_SECRET_FILE, loadAuthSecret } from "./secret";

const tempDir = tempDirs("auth-secret-");

describe("loadAuthSecret", () => {
  it("uses NEXTAUTH_SECRET when set, in production too, without touching the data directory", () => {
    const dataDir = join(tempDir(), "data");
    const log = recordingLogger();
    expect(loadAuthSecret({ secretFromEnv: "from-the-environment-1234", dataDir, production: true, logger: log })).toBe("from-the-environment-1234");
    expect(log.lines).toEqual([]);
    expect(() => statSync(dataDir)).toThrow();
  });

  it("refuses to start in production without it, naming the variable", () => {
    expect(() => loadAuthSecret({ secretFromEnv: undefined, dataDir: tempDir(), production: true, logger: recordingLogger() })).toThrow(
      /^NEXTAUTH_SECRET is required in production/,
    );
  });

  it("generates a development secret once, mode 0600, with a warning, and reuses it", () => {
    const dataDir = join(tempDir(), "data");
    const first = recordingLogger();
    const secret = loadAuthSecret({ secretFromEnv: undefined, dataDir, production: false, logger: first });
    const file = join(dataDir, AUTH_SECRET_FILE);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes in base64url
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.lines).toEqual([`NEXTAUTH_SECRET is not set: generated a development secret in ${file} (set the variable in production).`]);
    const second = recordingLogger();
    expect(loadAuthSecret({ secretFromEnv: undefined, dataDir, production: false, logger: second })).toBe(secret);
    expect(second.lines).toEqual([`NEXTAUTH_SECRET is not set: using the development secret in ${file}.`]);
  });

  it("refuses a development secret file that was truncated", () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, AUTH_SECRET_FILE), "short\n");
    expect(() => loadAuthSecret({ secretFromEnv: undefined, dataDir, production: false, logger: recordingLogger() })).toThrow(/too short/);
  });
});

describe("prepareAuth", () => {
  const base = { requireSecrets: false, NEXTAUTH_SECRET: "from-the-environment-1234" };

  it("publishes the secret, and trusts the request host when NEXTAUTH_URL is not set", () => {
    const target: Record<string, string | undefined> = { NEXTAUTH_URL: "" };
    const runtime = prepareAuth({ env: { ...base, NEXTAUTH_URL: undefined, dataDir: tempDir() }, logger: recordingLogger(), target });
    expect(runtime.secret).toBe("from-the-environment-1234");
    expect(target).toEqual({ NEXTAUTH_SECRET: "from-the-environment-1234", AUTH_TRUST_HOST: "true" });
  });

  it("uses NEXTAUTH_URL when set, and then does not trust the request host", () => {
    const target: Record<string, string | undefined> = { AUTH_TRUST_HOST: "true" };
    prepareAuth({ env: { ...base, NEXTAUTH_URL: "https://fairgammon.example", dataDir: tempDir() }, logger: recordingLogger(), target });
    expect(target).toEqual({ NEXTAUTH_SECRET: "from-the-environment-1234", NEXTAUTH_URL: "https://fairgammon.example" });
  });
});
