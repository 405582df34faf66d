/** Runs the command-line verifier as a child process, as a player would, for each exit code. */
import { spawnSync } from "node:child_process";
import { entryArgs } from "@/tests/support/server-bundle";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { simulateMatch } from "@/lib/dice";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "verify-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SEED = "24dadb377ead7c24cc1d916807673e1c18021fa9f58422f64b0700912dfc7cba"; // vector public-3's seed
const { bundle, record } = simulateMatch({ serverSeed: SEED, clientSeeds: { white: "w", black: "b" }, matchId: "cli", rolls: 80, turnsPerGame: 15 });

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

const tampered = JSON.parse(JSON.stringify(bundle)) as { rolls: { dice: number[] }[] };
tampered.rolls[23]!.dice[1] = (tampered.rolls[23]!.dice[1]! % 6) + 1;

const paths = {
  bundle: file("bundle.json", bundle),
  record: file("record.json", record),
  embedded: file("embedded.json", { ...bundle, record }),
  tampered: file("tampered.json", tampered),
  running: file("running.json", { ...bundle, serverSeed: null, record }),
  malformed: file("malformed.json", { ...bundle, commitment: 42 }),
  notJson: file("not-json.json", "{ this is not json"),
};

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [...entryArgs("verify"), ...args], { cwd: repoRoot, encoding: "utf8", input });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm run verify", () => {
  it("exit 0 for a verified bundle with --record", () => {
    const { code, stdout } = run([paths.bundle, "--record", paths.record]);
    expect(code).toBe(0);
    expect(stdout).toContain("VERIFIED: every check passed.");
  });

  it("exit 0 for a bundle with the record embedded, read from standard input, as JSON", () => {
    const { code, stdout } = run(["-", "--json"], JSON.stringify({ ...bundle, record }));
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { verdict: string; checks: unknown[] };
    expect(report.verdict).toBe("verified");
    expect(report.checks).toHaveLength(6);
  });

  it("exit 1 naming the check and the nonce when a roll was changed", () => {
    const { code, stdout } = run([paths.tampered, "--record", paths.record]);
    expect(code).toBe(1);
    expect(stdout).toContain('FAILED: check "Rolls recomputed" at nonce 23');
    expect(stdout).toMatch(/FAIL {2}Rolls recomputed at nonce 23/);
  });

  it("exit 1 for a JSON file that is not a fair-dice-v1 bundle, naming the field", () => {
    const { code, stdout } = run([paths.malformed]);
    expect(code).toBe(1);
    expect(stdout).toContain("bundle.commitment must be text");
  });

  it("exit 1, clearly not verified, while the seed is not revealed", () => {
    const { code, stdout } = run([paths.running]);
    expect(code).toBe(1);
    expect(stdout).toContain("NOT VERIFIED YET");
  });

  it("exit 1, incomplete, without a game record", () => {
    const { code, stdout } = run([paths.bundle, "--json"]);
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as { verdict: string }).verdict).toBe("incomplete");
  });

  it.each([
    ["a missing file", [join(dir, "missing.json")], /cannot read the bundle .*missing\.json: no such file/],
    ["a file that is not JSON", [paths.notJson], /is not valid JSON/],
    ["a record file that is not JSON", [paths.bundle, "--record", paths.notJson], /the record .* is not valid JSON/],
    ["no bundle argument", [], /give exactly one bundle file/],
    ["an unknown option", [paths.bundle, "--fast"], /Unknown option '--fast'/],
  ])("exit 2 with a clear message and no stack trace for %s", (_name, args, message) => {
    const { code, stderr, stdout } = run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe("");
  });
});

describe("the Python check in docs/provably-fair.md", () => {
  const hasPython = spawnSync("python3", ["--version"]).status === 0;
  const guide = readFileSync(join(repoRoot, "docs/provably-fair.md"), "utf8");
  const snippet = /```python\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
  const script = file("check.py", snippet);

  it("is in the guide", () => {
    expect(snippet).toContain("def roll(server_seed, client_seed, nonce):");
  });

  it.skipIf(!hasPython)("accepts a bundle our code produced", () => {
    const result = spawnSync("python3", [script, paths.bundle], { encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`OK: the commitment and all ${bundle.rolls.length} rolls check out.`);
  });

  it.skipIf(!hasPython)("rejects the bundle with a changed roll, at its nonce", () => {
    const result = spawnSync("python3", [script, paths.tampered], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("FAILED: the roll at nonce 23 does not match the seeds.");
  });
});
