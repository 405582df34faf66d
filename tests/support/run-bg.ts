/**
 * Runs the engine CLI (`scripts/bg.ts`) as a child process, as a person or a script would, for the CLI's tests.
 *
 * @example
 *   const { code, stdout } = runBg(["bearoff", "--batch"], "4HPwATDgc/ABMA\n");
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export function runBg(args: readonly string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync("node_modules/.bin/tsx", ["scripts/bg.ts", ...args], { cwd: repoRoot, encoding: "utf8", input });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
