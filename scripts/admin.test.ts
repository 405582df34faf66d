/** Runs `npm run admin` (scripts/admin.ts) as a child process against a temporary SQLite database, for each exit code. */
import { spawn } from "node:child_process";
import { entryArgs } from "@/tests/support/server-bundle";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProofKeys } from "@/lib/dice";
import { registerAccount, verifyCredentials } from "@/server/auth/accounts";
import { AuthRateLimiter } from "@/server/auth/rate-limit";
import { openDb, type Db } from "@/server/db/client";
import { createEmptyDatabase } from "@/server/db/test-databases";
import { createUser, findUserByUsername } from "@/server/db/users";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

let url: string;
let drop: () => Promise<void>;
let db: Db;

/** Runs the command with `input` piped to stdin and then closed (empty: as when a script pipes nothing in). */
function run(args: string[], input = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runWith(args, {}, input);
}

function runWith(args: string[], env: Record<string, string>, input = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entryArgs("admin"), ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const deps = () => ({ db, limiter: new AuthRateLimiter(), passwordCost: 4 });

describe("npm run admin", () => {
  beforeAll(async () => {
    ({ url, drop } = await createEmptyDatabase("sqlite"));
    // The first command migrates the empty database itself; open our handle afterwards.
    const created = await run(["create", "Root-Admin"], "a password from stdin\n");
    expect(created).toEqual({ code: 0, stdout: 'Created administrator "root-admin".\nIts password is the one read from standard input.\n', stderr: "" });
    db = openDb(url);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it("proof-keys: lists this node's signing key (from PROOF_SIGNING_KEY) and every key before it, public halves only", async () => {
    const secret = "11".repeat(32);
    const first = await runWith(["proof-keys"], { PROOF_SIGNING_KEY: secret });
    expect(first.code).toBe(0);
    expect(first.stdout + first.stderr).not.toContain(secret);
    const listed = parseProofKeys(JSON.parse(first.stdout));
    expect(listed.ok && listed.value).toHaveLength(1);
    const rotated = await runWith(["proof-keys"], { PROOF_SIGNING_KEY: "22".repeat(32) });
    const both = parseProofKeys(JSON.parse(rotated.stdout));
    expect(both.ok && both.value.map((k) => k.keyId)).toContain(listed.ok && listed.value[0]!.keyId);
    expect(both.ok && both.value).toHaveLength(2);
    expect((await runWith(["proof-keys", "extra"], {})).code).toBe(2);
  });

  it("create: reads the password from piped stdin (one trailing newline dropped)", async () => {
    expect(await findUserByUsername(db, "root-admin")).toMatchObject({ role: "ADMIN", isGuest: false });
    const signIn = await verifyCredentials(deps(), { username: "root-admin", password: "a password from stdin", ip: "t" });
    expect(signIn.ok).toBe(true);
  });

  it("create: generates a password when stdin is empty and prints it once", async () => {
    const created = await run(["create", "second-admin"]);
    expect(created.code).toBe(0);
    const password = /Password \(shown only this once\): (\S+)\n$/.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await verifyCredentials(deps(), { username: "second-admin", password, ip: "t" })).ok).toBe(true);
  });

  // Each refusal changes nothing, so they run side by side (each child process needs a second or two to start).
  it.concurrent.each([
    ["a taken username (any case)", ["create", "ROOT-ADMIN"], "good password", 1, /The username "root-admin" is taken/],
    ["an invalid username", ["create", "no spaces"], "good password", 1, /3 to 20 characters/],
    ["a short piped password", ["create", "third-admin"], "short", 1, /at least 8 characters/],
    ["an unknown command", ["delete", "root-admin"], "", 2, /^usage: npm run admin -- create <username>/],
    ["a missing username", ["grant"], "", 2, /^usage:/],
    ["an extra argument", ["grant", "a", "b"], "", 2, /^usage:/],
    ["granting an unknown user", ["grant", "nobody-here"], "", 1, /No user is named "nobody-here"/],
  ])("refuses %s", async (_name, args, input, code, message) => {
    const result = await run(args, input);
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe("");
  });

  it("grant: makes a registered user ADMIN, says so when it already is, and refuses a guest", async () => {
    const registered = await registerAccount(deps(), { username: "Player-One", password: "player password", ip: "t" });
    expect(registered.ok).toBe(true);
    expect(await run(["grant", "PLAYER-ONE"])).toMatchObject({ code: 0, stdout: '"player-one" is now an administrator.\n' });
    expect(await findUserByUsername(db, "player-one")).toMatchObject({ role: "ADMIN" });
    expect(await run(["grant", "player-one"])).toMatchObject({ code: 0, stdout: '"player-one" was already an administrator.\n' });

    await createUser(db, { username: "guest-amber-otter-42", isGuest: true });
    const guest = await run(["grant", "guest-amber-otter-42"]);
    expect(guest.code).toBe(1);
    expect(guest.stderr).toMatch(/is a guest account/);
  });

  it("reports an unusable database with exit code 2", async () => {
    const child = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const proc = spawn(process.execPath, [...entryArgs("admin"), "grant", "x"], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: "mysql://nope", NODE_ENV: "test" },
      });
      let stderr = "";
      proc.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      proc.on("close", (code) => resolve({ code, stderr }));
      proc.stdin.end();
    });
    expect(child.code).toBe(2);
    expect(child.stderr).toMatch(/DATABASE_URL/);
  });
});
