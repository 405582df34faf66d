/**
 * Command-line verifier for audit bundles of both dice protocols, and for .mat files exported by the site, whose
 * header carries the match's bundle (docs/provably-fair.md explains it for players). Every sentence is English from
 * messages/en.json (`verifyCli.*`, `verifyReport.*`).
 *
 *   npm run --silent verify -- <bundle.json | match.mat | -> [--record record.json] [--keys keys.json | URL] [--json]
 *   npm run --silent verify -- --match <match id> [--json]     (reads the match from DATABASE_URL)
 *   npm run --silent verify -- --all [--json]                  (every finished match in DATABASE_URL: after a restore)
 *
 * The game record (the record-dice check) comes from --record if given, else from a `record` field inside the bundle,
 * or, for a .mat file, from the file's own moves; without any, the check is skipped and the verdict is "incomplete".
 * The site's signature (fair-dice-v2) is checked against the keys of --keys (a key list file, or the site's
 * https://…/api/fairness/keys), else the keys published in the repository (docs/proof-keys.json) and this machine's own
 * local key (DATA_DIR); --match and --all trust the keys listed in the database. An unsigned file, or one signed with
 * a key the verifier was not given, is "incomplete", never "verified".
 *
 * Exit codes: 0 every check passed ("verified"); 1 not verified — a check failed (including a bundle that is JSON but
 * not a valid bundle, a .mat file whose proof lines or moves cannot be read, or one with a line repeated), or a seed
 * is not revealed yet, or the record or the signature is missing; 2 the input could not be read, is not JSON, is a
 * .mat file without any proof line, a key list cannot be read, or the arguments are wrong.
 *
 * @example
 *   npm run --silent verify -- match-42.json --json
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { english, englishError } from "@/i18n/english";
import { parseProofKeys, proofKeyEntry, verify, type CheckResult, type ProofKey, type VerifyReport, type VerifyReportV2 } from "@/lib/dice";
import type { FailureValues } from "@/lib/engine/types";
import { verifyMat } from "@/lib/record/mat-verify";
import { checkDetail, checkPlace, checkTitle } from "@/i18n/verify-english";
import { openDb } from "@/server/db/client";
import { databaseTarget } from "@/server/db/database-url";
import { parseEnv } from "@/server/config/env";
import { proofKeyList } from "@/server/fairness/proof-keys";
import { publishedProofKeys } from "@/server/fairness/published-keys";
import { auditDocument } from "@/server/record/audit-document";
import { loadProofKey, readLocalProofKey } from "@/server/vault/proof-key";
import { auditRatings } from "@/server/record/rating-audit";
import { drawRecordOf, isTournamentId } from "@/lib/tournament/tournament";
import { verifyDraw, type DrawRecord } from "@/lib/tournament/verify-draw";
import { loadTournament } from "@/server/tournaments/tournament-store";

const say = (key: string, values: FailureValues = {}) => english(`verifyCli.${key}`, values);

class InputError extends Error {}

function readText(path: string, what: "bundle" | "record" | "keys"): string {
  try {
    return readFileSync(path === "-" ? 0 : path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? say("noSuchFile") : (error as Error).message;
    throw new InputError(say("cannotRead", { what, path: path === "-" ? "stdin" : path, reason }));
  }
}

function readJson(path: string, what: "bundle" | "record" | "keys"): unknown {
  return parseJson(readText(path, what), path, what);
}

function parseJson(text: string, path: string, what: "bundle" | "record" | "keys"): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputError(say("notJson", { what, path: path === "-" ? "stdin" : path, reason: (error as Error).message }));
  }
}

/** A .mat file (by its name, or by its first line when it comes on standard input): its proofs and its moves. */
function isMat(path: string, text: string): boolean {
  return path.toLowerCase().endsWith(".mat") || (path === "-" && /^\s*(;|#|\d+\s+point\s+match)/i.test(text));
}

/** Where a failed check failed, " at nonce 7, game 1", or nothing. */
function where(check: CheckResult): string {
  const place = checkPlace(check);
  return place === "" ? "" : say("where", { place });
}

/** The report as --json prints it: each check with its English title and sentence beside its message key. */
function inEnglish(report: VerifyReport) {
  return { ...report, checks: report.checks.map((check) => ({ ...check, title: checkTitle(check.id), detail: checkDetail(check) })) };
}

function formatReport(report: VerifyReport | VerifyReportV2, source: string): string {
  const protocol = "protocol" in report ? report.protocol : "fair-dice-v1";
  const lines = [say("header", { protocol, source }), ""];
  for (const check of report.checks) {
    lines.push(say("line", { mark: say(`mark.${check.status}`), title: checkTitle(check.id), where: check.status === "failed" ? where(check) : "", detail: checkDetail(check) }));
  }
  const games = ("games" in report ? report.games : undefined) ?? [];
  if (games.length > 0) lines.push("", say("games", { games: games.map(({ game, verdict }) => english(`verifyReport.gameVerdict.${verdict}`, { game })).join("; ") }));
  lines.push("");
  switch (report.verdict) {
    case "verified": {
      // A signed fair-dice-v2 file: say what its signature adds to the recomputed rolls.
      const signed = report.checks.find((c) => c.id === "signature" && c.status === "passed");
      lines.push(signed ? say("verifiedSigned", { keyId: String(signed.say.values.keyId) }) : say("verified"));
      break;
    }
    case "failed":
      lines.push(say("failed", { checks: report.checks.filter((c) => c.status === "failed").map((c) => say("failedCheck", { title: checkTitle(c.id), where: where(c) })).join("; ") }));
      break;
    case "not-yet-revealed":
      lines.push(protocol === "fair-dice-v2" ? say("notYetV2", { verified: games.filter((g) => g.verdict === "verified").length }) : say("notYetV1"));
      break;
    case "incomplete":
      lines.push(say("incomplete"));
      break;
  }
  return lines.join("\n");
}

/** This machine's own local signing key (generated into DATA_DIR by a local run), if there is one: public half only. */
function localKey(): ProofKey[] {
  const key = readLocalProofKey(parseEnv(process.env).dataDir);
  return key ? [proofKeyEntry(key.publicKey, "local")] : [];
}

/** The key list of --keys: a file, or a URL (the site's /api/fairness/keys). */
async function keysFrom(source: string): Promise<ProofKey[]> {
  let body: unknown;
  if (/^https?:\/\//.test(source)) {
    try {
      const response = await fetch(source, { headers: { accept: "application/json" } });
      body = (await response.json()) as unknown;
    } catch (error) {
      throw new InputError(say("badKeys", { source, reason: (error as Error).message }));
    }
  } else {
    body = readJson(source, "keys");
  }
  const listed = parseProofKeys(body);
  if (!listed.ok) throw new InputError(say("badKeys", { source, reason: say("notKeyList") }));
  return listed.value;
}

/** The keys listed in the configured database: every key this site has signed with. */
async function databaseKeys(db: ReturnType<typeof openDb>): Promise<ProofKey[]> {
  return [...(await proofKeyList(db)).keys];
}

/** The audit document of a match in the configured database (DATABASE_URL, or the default SQLite file). */
async function readMatch(matchId: string): Promise<{ document: unknown; keys: ProofKey[] }> {
  const db = openDb(databaseTarget(process.env).url);
  try {
    const key = signingKey();
    const outcome = await auditDocument(db, matchId, key);
    if (!outcome.ok) throw new InputError(say("matchProblem", { id: matchId, problem: englishError(outcome.code, outcome.values) }));
    return { document: outcome.document, keys: [...(await databaseKeys(db)), publicHalf(key)] };
  } finally {
    await db.close();
  }
}

/**
 * The public half of the key --match and --all sign with: their documents are this machine's own, signed here, so it
 * is trusted beside the keys the database lists (a restored database may list another machine's).
 */
function publicHalf(key: ReturnType<typeof signingKey>): ProofKey {
  return proofKeyEntry(key.publicKey, "local");
}

/** The site's signing key, as the server loads it (the documents of --match and --all are the site's own). */
function signingKey() {
  const env = parseEnv(process.env);
  return loadProofKey({ env: process.env, dataDir: env.dataDir, production: env.requireSecrets, logger: { warn: () => {} } });
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
    const key = signingKey();
    const keys = [...(await databaseKeys(db)), publicHalf(key)];
    for (const { id } of finished) {
      const outcome = await auditDocument(db, id, key);
      if (!outcome.ok) {
        results.push({ matchId: id, verdict: "unreadable", failed: [englishError(outcome.code, outcome.values)] });
        continue;
      }
      const report = verify(outcome.document, undefined, { keys });
      results.push({ matchId: id, verdict: report.verdict, failed: report.checks.filter((c) => c.status === "failed").map((c) => `${checkTitle(c.id)}${where(c)}`) });
    }
    const bad = results.filter((r) => r.verdict !== "verified");
    // The ratings, recomputed from the same records (server/record/rating-audit.ts).
    const ratings = await auditRatings(db);
    if (json) process.stdout.write(`${JSON.stringify({ matches: results.length, verified: results.length - bad.length, results, ratings: { verified: ratings.length === 0, problems: ratings } }, null, 2)}\n`);
    else {
      for (const r of results) process.stdout.write(`${say("allLine", { verdict: r.verdict === "not-yet-revealed" ? "waiting" : r.verdict, matchId: r.matchId, problems: r.failed.length ? `: ${r.failed.join("; ")}` : "" })}\n`);
      for (const p of ratings) {
        const place = say("ratingWhere", { match: p.matchId ?? "none", user: p.userId ?? "none", both: p.matchId && p.userId ? "yes" : "no" });
        process.stdout.write(`${say("ratingLine", { where: place, problem: p.problem })}\n`);
      }
      process.stdout.write(`${say("allSummary", { verified: results.length - bad.length, total: results.length, problems: ratings.length })}\n`);
    }
    return bad.length === 0 && ratings.length === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

/**
 * A tournament's draw (docs/tournaments.md): from the configured database by id, or from a saved draw.json (a path
 * ending in .json, or - for standard input). One line per check, then the verdict; exit 0 verified, 1 otherwise.
 */
/** A check id as an ICU select key ("first-round" → "firstRound": ICU keys cannot hold "-"). */
function messageKey(id: string): string {
  return id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** Enough of a draw record's shape for the verifier to read it (each value is then checked by the verifier). */
function isDrawShaped(value: unknown): value is DrawRecord {
  const record = value as Partial<Record<keyof DrawRecord, unknown>> | null;
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === "string");
  return (
    typeof record === "object" &&
    record !== null &&
    record.protocol === "tournament-draw-v1" &&
    (record.format === "knockout" || record.format === "swiss") &&
    typeof record.commitment === "string" &&
    (record.seed === null || typeof record.seed === "string") &&
    strings(record.entrants) &&
    typeof record.entrantsDigest === "string" &&
    Array.isArray(record.withdrawals) &&
    Array.isArray(record.rounds) &&
    record.rounds.every((round: unknown) => {
      const r = round as { pairings?: unknown; winners?: unknown } | null;
      return (
        r !== null &&
        Array.isArray(r.pairings) &&
        r.pairings.every((p: unknown) => typeof (p as { white?: unknown } | null)?.white === "string" && ["string", "object"].includes(typeof (p as { black?: unknown }).black)) &&
        Array.isArray(r.winners)
      );
    })
  );
}

async function verifyTournament(target: string, json: boolean): Promise<number> {
  let record: unknown;
  let source: string;
  if (target === "-" || target.toLowerCase().endsWith(".json")) {
    record = readJson(target, "bundle");
    source = target === "-" ? say("standardInput") : target;
  } else {
    const db = openDb(databaseTarget(process.env).url);
    try {
      const loaded = isTournamentId(target)
        ? await loadTournament(db, target).catch((error: unknown) => {
            // An unreachable or unmigrated database: said in a line, no stack trace.
            throw new InputError(say("noTournament", { id: `${target} (${(error instanceof Error ? error.message : String(error)).trim().split("\n").at(-1)})` }));
          })
        : null;
      if (!loaded) throw new InputError(say("noTournament", { id: target }));
      record = drawRecordOf(loaded.view);
      source = say("tournamentSource", { id: target, name: loaded.view.settings.name });
    } finally {
      await db.close();
    }
  }
  if (!isDrawShaped(record)) throw new InputError(say("notDraw", { source }));
  const report = verifyDraw(record);
  if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    process.stdout.write(`${say("header", { protocol: "tournament-draw-v1", source })}\n`);
    for (const check of report.checks) process.stdout.write(`${say("drawLine", { mark: say(`mark.${check.status}`), id: messageKey(check.id), round: check.round ?? 0, match: check.match ?? 0 })}\n`);
    process.stdout.write(`${say("drawVerdict", { verdict: report.verdict })}\n`);
  }
  return report.verdict === "verified" ? 0 : 1;
}

async function main(argv: readonly string[]): Promise<number> {
  let values: { json?: boolean; record?: string; keys?: string; match?: string; all?: boolean; tournament?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: { json: { type: "boolean" }, record: { type: "string" }, keys: { type: "string" }, match: { type: "string" }, all: { type: "boolean" }, tournament: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    }));
  } catch (error) {
    process.stderr.write(`${say("badArguments", { problem: (error as Error).message })}\n${say("usage")}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${say("usage")}\n`);
    return 0;
  }
  if (values.tournament !== undefined) {
    if (positionals.length > 0 || values.match !== undefined || values.record !== undefined || values.all) {
      process.stderr.write(`${say("badArguments", { problem: say("tournamentAlone") })}\n${say("usage")}\n`);
      return 2;
    }
    try {
      return await verifyTournament(values.tournament, values.json ?? false);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      process.stderr.write(`${say("badArguments", { problem: error.message })}\n`);
      return 2;
    }
  }
  if (values.all) {
    if (positionals.length > 0 || values.match !== undefined || values.record !== undefined) {
      process.stderr.write(`${say("badArguments", { problem: say("allAlone") })}\n${say("usage")}\n`);
      return 2;
    }
    return verifyAll(values.json ?? false);
  }
  const [bundlePath, ...extra] = positionals;
  const fromMatch = values.match !== undefined;
  if (fromMatch ? bundlePath !== undefined : bundlePath === undefined || extra.length > 0) {
    process.stderr.write(`${say("badArguments", { problem: say("oneBundle") })}\n${say("usage")}\n`);
    return 2;
  }
  let report: VerifyReport;
  let source: string;
  try {
    const given = values.keys === undefined ? [] : await keysFrom(values.keys);
    if (fromMatch) {
      const { document, keys } = await readMatch(values.match ?? "");
      report = verify(document, values.record === undefined ? undefined : readJson(values.record, "record"), { keys: [...keys, ...given] });
      source = say("matchSource", { id: values.match ?? "" });
    } else {
      const keys = values.keys === undefined ? [...publishedProofKeys(), ...localKey()] : given;
      const path = bundlePath ?? "-";
      const text = readText(path, "bundle");
      source = path === "-" ? say("standardInput") : path;
      if (isMat(path, text)) {
        // The proofs in the file's header and the game record of its own moves (lib/record/mat-verify.ts).
        const checked = verifyMat(text, { keys, ...(values.record !== undefined && { record: readJson(values.record, "record") }) });
        if (!checked.ok) throw new InputError(say("notMat", { path: source, reason: englishError(checked.code, checked.values) }));
        report = checked.value;
        source = say("matSource", { path: source });
      } else {
        report = verify(parseJson(text, path, "bundle"), values.record === undefined ? undefined : readJson(values.record, "record"), { keys });
      }
    }
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    process.stderr.write(`${say("badArguments", { problem: error.message })}\n`);
    return 2;
  }
  process.stdout.write(`${values.json ? JSON.stringify(inEnglish(report), null, 2) : formatReport(report, source)}\n`);
  return report.verdict === "verified" ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
