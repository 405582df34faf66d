/**
 * Command-line verifier for fair-dice-v1 audit bundles (docs/provably-fair.md explains it for players).
 *
 *   npm run --silent verify -- <bundle.json | -> [--record record.json] [--json]
 *   npm run --silent verify -- --match <match id> [--json]     (reads the match from DATABASE_URL)
 *   npm run --silent verify -- --all [--json]                  (every finished match in DATABASE_URL: after a restore)
 *
 * The game record for check 5 comes from --record if given, else from a `record` field inside the bundle; without
 * either, check 5 is skipped and the verdict is "incomplete".
 *
 * Exit codes: 0 every check passed ("verified"); 1 not verified — a check failed (including a bundle that is JSON but
 * not a valid fair-dice-v1 bundle), or the seed is not revealed yet, or the record is missing; 2 the input could not be
 * read or is not JSON, or the arguments are wrong.
 *
 * @example
 *   npm run --silent verify -- match-42.json --json
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { englishError } from "@/i18n/english";
import { verify, type CheckResult, type VerifyReport } from "@/lib/dice";
import { checkDetail, checkPlace, checkTitle } from "@/i18n/verify-english";
import { openDb } from "@/server/db/client";
import { databaseTarget } from "@/server/db/database-url";
import { auditDocument } from "@/server/record/audit-document";
import { auditRatings } from "@/server/record/rating-audit";

const USAGE =
  "usage: npm run --silent verify -- <bundle.json | -> [--record record.json] [--json]\n       npm run --silent verify -- --match <match id> [--json]\n       npm run --silent verify -- --all [--json]";

class InputError extends Error {}

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path === "-" ? 0 : path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new InputError(`cannot read the ${what} ${path === "-" ? "from standard input" : path}: ${reason}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputError(`the ${what} ${path === "-" ? "on standard input" : path} is not valid JSON: ${(error as Error).message}`);
  }
}

const MARKS: Record<CheckResult["status"], string> = {
  passed: "PASS",
  failed: "FAIL",
  skipped: "SKIP",
  "not-yet-revealed": "WAIT",
};

function where(check: CheckResult): string {
  const place = checkPlace(check);
  return place === "" ? "" : ` at ${place}`;
}

/** The report as --json prints it: each check with its English title and sentence beside its message key. */
function inEnglish(report: VerifyReport) {
  return { ...report, checks: report.checks.map((check) => ({ ...check, title: checkTitle(check.id), detail: checkDetail(check) })) };
}

function formatReport(report: VerifyReport, source: string): string {
  const lines = [`fair-dice-v1 verification of ${source}`, ""];
  for (const check of report.checks) lines.push(`  ${MARKS[check.status]}  ${checkTitle(check.id)}${check.status === "failed" ? where(check) : ""}: ${checkDetail(check)}`);
  lines.push("");
  const failed = report.checks.filter((c) => c.status === "failed");
  switch (report.verdict) {
    case "verified":
      lines.push("VERIFIED: every check passed.");
      break;
    case "failed":
      lines.push(`FAILED: ${failed.map((c) => `check "${checkTitle(c.id)}"${where(c)}`).join("; ")}.`);
      break;
    case "not-yet-revealed":
      lines.push("NOT VERIFIED YET: the server seed is revealed when the match ends; checks 1 and 3 wait for it. Nothing failed so far.");
      break;
    case "incomplete":
      lines.push("INCOMPLETE: nothing failed, but not every check could run (see SKIP above), so the match is not verified.");
      break;
  }
  return lines.join("\n");
}

/** The audit document of a match in the configured database (DATABASE_URL, or the default SQLite file). */
async function readMatch(matchId: string): Promise<unknown> {
  const db = openDb(databaseTarget(process.env).url);
  try {
    const outcome = await auditDocument(db, matchId);
    if (!outcome.ok) throw new InputError(`match ${matchId}: ${englishError(outcome.code, outcome.values)}`);
    return outcome.document;
  } finally {
    await db.close();
  }
}

/**
 * Every finished match in the configured database, each verified like `--match`, then every rating recomputed from
 * the rated ones: one line per match, one per rating problem, and a total, or with --json one report per match and
 * the rating problems. Exit 0 when every match verified and every rating follows from the record, 1 otherwise.
 */
async function verifyAll(json: boolean): Promise<number> {
  const db = openDb(databaseTarget(process.env).url);
  try {
    const finished = await db.prisma.match.findMany({ where: { status: "finished" }, select: { id: true }, orderBy: { createdAt: "asc" } });
    const results: { matchId: string; verdict: VerifyReport["verdict"] | "unreadable"; failed: string[] }[] = [];
    for (const { id } of finished) {
      const outcome = await auditDocument(db, id);
      if (!outcome.ok) {
        results.push({ matchId: id, verdict: "unreadable", failed: [englishError(outcome.code, outcome.values)] });
        continue;
      }
      const report = verify(outcome.document);
      results.push({ matchId: id, verdict: report.verdict, failed: report.checks.filter((c) => c.status === "failed").map((c) => `${checkTitle(c.id)}${where(c)}`) });
    }
    const bad = results.filter((r) => r.verdict !== "verified");
    // The ratings, recomputed from the same records (server/record/rating-audit.ts).
    const ratings = await auditRatings(db);
    if (json) process.stdout.write(`${JSON.stringify({ matches: results.length, verified: results.length - bad.length, results, ratings: { verified: ratings.length === 0, problems: ratings } }, null, 2)}\n`);
    else {
      for (const r of results) process.stdout.write(`${r.verdict === "verified" ? "VERIFIED" : r.verdict.toUpperCase()}  ${r.matchId}${r.failed.length ? `: ${r.failed.join("; ")}` : ""}\n`);
      for (const p of ratings) process.stdout.write(`RATING  ${[p.matchId && `match ${p.matchId}`, p.userId && `user ${p.userId}`].filter(Boolean).join(", ")}: ${p.problem}\n`);
      process.stdout.write(`${results.length - bad.length} of ${results.length} finished matches verified; ratings ${ratings.length === 0 ? "follow from the record" : `have ${ratings.length} problem(s)`}.\n`);
    }
    return bad.length === 0 && ratings.length === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let values: { json?: boolean; record?: string; match?: string; all?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: { json: { type: "boolean" }, record: { type: "string" }, match: { type: "string" }, all: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    }));
  } catch (error) {
    process.stderr.write(`verify: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.all) {
    if (positionals.length > 0 || values.match !== undefined || values.record !== undefined) {
      process.stderr.write(`verify: --all takes no bundle, --match or --record\n${USAGE}\n`);
      return 2;
    }
    return verifyAll(values.json ?? false);
  }
  const [bundlePath, ...extra] = positionals;
  const fromMatch = values.match !== undefined;
  if (fromMatch ? bundlePath !== undefined : bundlePath === undefined || extra.length > 0) {
    process.stderr.write(`verify: give exactly one bundle file (or - for standard input), or --match <id>\n${USAGE}\n`);
    return 2;
  }
  let report: VerifyReport;
  try {
    const bundle = fromMatch ? await readMatch(values.match ?? "") : readJson(bundlePath ?? "-", "bundle");
    const record = values.record === undefined ? undefined : readJson(values.record, "record");
    report = verify(bundle, record);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    process.stderr.write(`verify: ${error.message}\n`);
    return 2;
  }
  const source = fromMatch ? `match ${values.match}` : bundlePath === "-" ? "standard input" : (bundlePath ?? "");
  process.stdout.write(`${values.json ? JSON.stringify(inEnglish(report), null, 2) : formatReport(report, source)}\n`);
  return report.verdict === "verified" ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
