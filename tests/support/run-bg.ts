/**
 * Runs the engine CLI (`scripts/bg.ts`) as a child process, as a person or a script would, for the CLI's tests.
 *
 * @example
 *   const { code, stdout } = runBg(["bearoff", "--batch"], "4HPwATDgc/ABMA\n");
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { entryArgs } from "./server-bundle";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export function runBg(args: readonly string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...entryArgs("bg"), ...args], { cwd: repoRoot, encoding: "utf8", input });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
