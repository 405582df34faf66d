/**
 * Runs the Prisma CLI of this repository (node_modules/.bin/prisma) from the repository root and reports its exit
 * code and output instead of throwing. Tests use it to hold the migrations and `prisma migrate status` to account.
 *
 * @example
 *   const { code, output } = await runPrismaCli(["migrate", "status"], { DATABASE_URL: "file:/tmp/x.db" });
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function runPrismaCli(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      join(REPO_ROOT, "node_modules/.bin/prisma"),
      [...args],
      { cwd: REPO_ROOT, env: { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}
