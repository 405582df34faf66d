/**
 * Command-line verifier for audit bundles of every dice protocol (fair-dice-v3 by lib/dice `verifyV3`), and for .mat files exported by the site, whose
 * header carries the match's bundle (docs/provably-fair.md explains it for players). Every sentence is English from
 * messages/en.json (`verifyCli.*`, `verifyReport.*`).
 *
 *   npm run --silent verify -- <bundle.json | match.mat | -> [--record record.json] [--keys keys.json | URL] [--json]
 *   npm run --silent verify -- --match <match id> [--json]     (reads the match from DATABASE_URL)
 *   npm run --silent verify -- --all [--json]                  (every finished match in DATABASE_URL: after a restore)
 *   npm run --silent verify -- --log <bundle.json | match.mat | - | --match <id>> [--keys …] [--site https://…] [--json]
 *   npm run --silent verify -- --log --heads <older.json> <newer.json> --proof <proof.json> --key <64 hex> [--json]
 *
 * The game record (the record-dice check) comes from --record if given, else from a `record` field inside the bundle,
 * or, for a .mat file, from the file's own moves; without any, the check is skipped and the verdict is "incomplete".
 * The site's signature (fair-dice-v2 and v3) is checked against the keys of --keys (a key list file, or the site's
 * https://…/api/fairness/keys), else the keys published in the repository (docs/proof-keys.json) and this machine's own
 * local key (DATA_DIR); --match and --all trust the keys listed in the database. An unsigned file, or one signed with
 * a key the verifier was not given, is "incomplete", never "verified".
 *
 * --log checks, instead of the dice, the match's place in the site's public transparency log
 * (docs/transparency-log.md, section 9b; lib/transparency/bundle-log.ts): that its entries are there, name this match,
 * its commitment and its record's digest, under a key trusted as above, each proved in a signed head. A match without
 * them is "not logged", never "logged". With --site it also fetches the site's latest head and the consistency proof
 * from the file's head to it (/api/transparency/head and /consistency) and checks the two heads (section 5c). With
 * --heads it checks two saved heads (each a head, or an answer of /api/transparency/heads/<size>) with a saved proof
 * (a list of hashes, or an answer of /api/transparency/consistency) under the --key given.
 *
 * Exit codes: 0 every check passed ("verified"); 1 not verified — a check failed (including a bundle that is JSON but
 * not a valid bundle, a .mat file whose proof lines or moves cannot be read, or one with a line repeated), or a seed
 * is not revealed yet, or the record or the signature is missing; 2 the input could not be read, is not JSON, is a
 * .mat file without any proof line, a key list cannot be read, or the arguments are wrong. With --log: 0 every log
 * check passed (and with --site, the site's head extends the file's), or the two --heads are consistent; 1 a check
 * failed, an entry is not logged, or the site's head could not be compared; 2 as above, or the site cannot be read.
 *
 * @example
 *   npm run --silent verify -- match-42.json --json
 *   npm run --silent verify -- --log match-42.json --site https://fairgammon.example
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { english, englishError } from "@/i18n/english";
import { keyIdOf, parseProofKeys, proofKeyEntry, type ProofKey } from "@/lib/dice";
import type { FailureValues } from "@/lib/engine/types";
import { verifyMatFile } from "@/lib/record/mat-verify";
import { verifyBundle, type AnyCheckResult, type AnyVerifyReport } from "@/lib/record/verify-bundle";
import { checkDetail, checkPlace, checkTitle, logCheckDetail, logCheckTitle } from "@/i18n/verify-english";
import { proofFromMat } from "@/lib/record/mat-proof";
import { checkBundleLog, checkHeads, headTime, parseTreeHead, selectKey, type BundleLogReport, type HeadCheck, type SignedTreeHead } from "@/lib/transparency";
import { hexToBytes } from "@noble/hashes/utils.js";
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

type What = "bundle" | "record" | "keys" | "head" | "proof";

function readText(path: string, what: What): string {
  try {
    return readFileSync(path === "-" ? 0 : path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? say("noSuchFile") : (error as Error).message;
    throw new InputError(say("cannotRead", { what, path: path === "-" ? "stdin" : path, reason }));
  }
}

function readJson(path: string, what: What): unknown {
  return parseJson(readText(path, what), path, what);
}

function parseJson(text: string, path: string, what: What): unknown {
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
function where(check: AnyCheckResult): string {
  const place = checkPlace(check);
  return place === "" ? "" : say("where", { place });
}

/** The report as --json prints it: each check with its English title and sentence beside its message key. */
function inEnglish(report: AnyVerifyReport) {
  return { ...report, checks: report.checks.map((check) => ({ ...check, title: checkTitle(check.id), detail: checkDetail(check) })) };
}

function formatReport(report: AnyVerifyReport, source: string): string {
  const protocol: string = "protocol" in report ? report.protocol : "fair-dice-v1";
  const lines = [say("header", { protocol, source }), ""];
  for (const check of report.checks) {
    lines.push(say("line", { mark: say(`mark.${check.status}`), title: checkTitle(check.id), where: check.status === "failed" ? where(check) : "", detail: checkDetail(check) }));
  }
  const games = ("games" in report ? report.games : undefined) ?? [];
  if (games.length > 0) lines.push("", say("games", { games: games.map(({ game, verdict }) => english(`verifyReport.gameVerdict.${verdict}`, { game })).join("; ") }));
  lines.push("");
  switch (report.verdict) {
    case "verified": {
      // A signed fair-dice-v2 or v3 file: say what its signature adds to the recomputed rolls.
      const signed = (report.checks as readonly AnyCheckResult[]).find((c) => c.id === "signature" && c.status === "passed");
      // v3's rolls also take the other player's chain value: the signed statement binds those too.
      const keyId = signed ? String(signed.say.values.keyId) : "";
      lines.push(!signed ? say("verified") : protocol === "fair-dice-v3" ? say("verifiedSignedV3", { keyId }) : say("verifiedSigned", { keyId }));
      break;
    }
    case "failed":
      lines.push(say("failed", { checks: (report.checks as readonly AnyCheckResult[]).filter((c) => c.status === "failed").map((c) => say("failedCheck", { title: checkTitle(c.id), where: where(c) })).join("; ") }));
      break;
    case "not-yet-revealed":
      lines.push(protocol === "fair-dice-v2" || protocol === "fair-dice-v3" ? say("notYetV2", { verified: games.filter((g) => g.verdict === "verified").length }) : say("notYetV1"));
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
    const results: { matchId: string; verdict: AnyVerifyReport["verdict"] | "unreadable"; failed: string[] }[] = [];
    const key = signingKey();
    const keys = [...(await databaseKeys(db)), publicHalf(key)];
    for (const { id } of finished) {
      const outcome = await auditDocument(db, id, key);
      if (!outcome.ok) {
        results.push({ matchId: id, verdict: "unreadable", failed: [englishError(outcome.code, outcome.values)] });
        continue;
      }
      const report = verifyBundle(outcome.document, undefined, { keys });
      results.push({ matchId: id, verdict: report.verdict, failed: (report.checks as readonly AnyCheckResult[]).filter((c) => c.status === "failed").map((c) => `${checkTitle(c.id)}${where(c)}`) });
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

interface LogOptions {
  readonly json: boolean;
  readonly keys?: string;
  readonly match?: string;
  readonly site?: string;
  readonly heads?: string;
  readonly proof?: string;
  readonly key?: string;
}

/** The document whose log section --log checks, the keys it trusts, and where it came from. */
async function logDocument(options: LogOptions, path: string | undefined): Promise<{ document: unknown; keys: ProofKey[]; source: string }> {
  const given = options.keys === undefined ? [] : await keysFrom(options.keys);
  if (options.match !== undefined) {
    const { document, keys } = await readMatch(options.match);
    return { document, keys: [...keys, ...given], source: say("matchSource", { id: options.match }) };
  }
  const keys = options.keys === undefined ? [...publishedProofKeys(), ...localKey()] : given;
  const file = path ?? "-";
  const text = readText(file, "bundle");
  const source = file === "-" ? say("standardInput") : file;
  if (!isMat(file, text)) return { document: parseJson(text, file, "bundle"), keys, source };
  // A .mat carries the log section as its Log proof line, beside the bundle's commitment and record digest.
  const read = proofFromMat(text);
  if (!read.ok) throw new InputError(say("notMat", { path: source, reason: englishError(read.code, read.values) }));
  return { document: read.value.bundle, keys, source: say("matSource", { path: source }) };
}

/** The outcome of comparing the site's latest head with the file's: a line to print, and whether it passed. */
interface SiteComparison {
  readonly passed: boolean;
  readonly line: string;
  readonly json: Record<string, unknown>;
}

async function fetchJson(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    const body = (await response.json()) as unknown;
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${(body as { message?: unknown } | null)?.message ?? ""}`);
    return body;
  } catch (error) {
    throw new InputError(say("siteProblem", { url, reason: (error as Error).message }));
  }
}

/** The heads sentence of a checkHeads outcome between sizes `from` and `to`. */
function headsSentence(check: HeadCheck, from: number, to: number): string {
  const result = check.ok ? "consistent" : selectKey(check.reason);
  return english("verifyReport.log.heads", { result, from, to, merkle: check.ok ? "" : (check.proof?.reason ?? "") });
}

/** The site's latest head against the largest head the file's proofs verified in (docs/transparency-log.md, 5c). */
async function compareWithSite(site: string, report: BundleLogReport): Promise<SiteComparison> {
  const latest = report.latest;
  if (latest === null || report.publicKey === null) return { passed: false, line: say("logSiteNone"), json: { status: "skipped" } };
  const base = site.replace(/\/+$/, "");
  const answer = (await fetchJson(`${base}/api/transparency/head`)) as { head?: unknown; publicKey?: unknown } | null;
  if (answer?.publicKey !== report.publicKey) {
    const siteKey = typeof answer?.publicKey === "string" && /^[0-9a-f]{64}$/.test(answer.publicKey) ? keyIdOf(answer.publicKey) : String(answer?.publicKey);
    return { passed: false, line: say("logSiteKey", { siteKey, fileKey: keyIdOf(report.publicKey) }), json: { status: "skipped", siteKey } };
  }
  const parsed = parseTreeHead(answer.head);
  let check: HeadCheck;
  let head: SignedTreeHead | null = null;
  if (answer.head === null) check = { ok: false, reason: "shrunk" };
  else if (!parsed.ok) check = parsed;
  else {
    head = parsed.head;
    const proof = head.treeSize > latest.treeSize ? ((await fetchJson(`${base}/api/transparency/consistency?from=${latest.treeSize}&to=${head.treeSize}`)) as { proof?: unknown } | null)?.proof : [];
    check = checkHeads(latest, head, Array.isArray(proof) ? (proof as string[]) : [], hexToBytes(report.publicKey));
  }
  const size = head?.treeSize ?? 0;
  const line = say("logSite", { mark: say(`mark.${check.ok ? "passed" : "failed"}`), size, time: head ? headTime(head.timestamp) : "—", from: latest.treeSize, heads: headsSentence(check, latest.treeSize, size) });
  return { passed: check.ok, line, json: { status: check.ok ? "passed" : "failed", head, check } };
}

function formatLogReport(report: BundleLogReport, source: string, site: SiteComparison | null): string {
  const lines = [say("logHeader", { source }), ""];
  for (const check of report.checks) lines.push(say("line", { mark: say(`mark.${check.status}`), title: logCheckTitle(check.id), where: "", detail: logCheckDetail(check) }));
  for (const entry of report.entries) lines.push(`  ${english("verifyReport.log.entry", { which: entry.role, index: entry.index, size: entry.head.treeSize, time: headTime(entry.head.timestamp) })}`);
  if (site) lines.push(site.line);
  lines.push("");
  if (report.verdict === "failed" || (site && !site.passed && site.json.status === "failed")) {
    const failed = report.checks.filter((c) => c.status === "failed").map((c) => say("failedCheck", { title: logCheckTitle(c.id), where: "" }));
    lines.push(say("logFailed", { checks: [...failed, ...(site?.json.status === "failed" ? [site.line.trim()] : [])].join("; ") }));
  } else if (report.verdict === "unlogged" || (site && !site.passed)) lines.push(say("logUnlogged"));
  else lines.push(say("logVerified", { site: site ? "yes" : "no" }));
  return lines.join("\n");
}

/** --log: the log checks of one bundle, .mat or --match, and with --site the site's latest head against it. */
async function verifyLog(options: LogOptions, positionals: readonly string[]): Promise<number> {
  if (options.heads !== undefined) return verifySavedHeads(options, positionals);
  if (options.match !== undefined ? positionals.length > 0 : positionals.length > 1) throw new InputError(say("logAlone"));
  const { document, keys, source } = await logDocument(options, positionals[0]);
  const report = checkBundleLog(document, keys.map((key) => key.publicKey));
  const site = options.site === undefined ? null : await compareWithSite(options.site, report);
  if (options.json) {
    const checks = report.checks.map((check) => ({ ...check, title: logCheckTitle(check.id), detail: logCheckDetail(check) }));
    process.stdout.write(`${JSON.stringify({ ...report, checks, ...(site && { site: site.json }) }, null, 2)}\n`);
  } else process.stdout.write(`${formatLogReport(report, source, site)}\n`);
  return report.verdict === "logged" && (site === null || site.passed) ? 0 : 1;
}

/** A saved head: the head itself, or an answer of /api/transparency/head or /heads/<size> that holds it. */
function savedHead(path: string): unknown {
  const value = readJson(path, "head");
  return typeof value === "object" && value !== null && "head" in value ? (value as { head: unknown }).head : value;
}

/** --log --heads OLDER NEWER --proof PROOF --key HEX: two saved heads' consistency (docs/transparency-log.md, 5c). */
function verifySavedHeads(options: LogOptions, positionals: readonly string[]): number {
  const [newerPath, ...extra] = positionals;
  if (newerPath === undefined || extra.length > 0 || options.proof === undefined || options.key === undefined || !/^[0-9a-f]{64}$/.test(options.key) || options.match !== undefined || options.site !== undefined) {
    throw new InputError(say("headsArguments"));
  }
  const olderPath = options.heads ?? "";
  const [older, newer] = [savedHead(olderPath), savedHead(newerPath)];
  const saved = readJson(options.proof, "proof");
  const proof = Array.isArray(saved) ? saved : (saved as { proof?: unknown } | null)?.proof;
  const check = checkHeads(older, newer, Array.isArray(proof) ? (proof as string[]) : [], hexToBytes(options.key));
  const sizeOf = (head: unknown) => {
    const parsed = parseTreeHead(head);
    return parsed.ok ? parsed.head.treeSize : 0;
  };
  const keyId = keyIdOf(options.key);
  if (options.json) process.stdout.write(`${JSON.stringify({ consistent: check.ok, check, keyId }, null, 2)}\n`);
  else {
    const lines = [say("headsHeader", { older: olderPath, newer: newerPath }), ""];
    lines.push(say("headsLine", { mark: say(`mark.${check.ok ? "passed" : "failed"}`), heads: headsSentence(check, sizeOf(older), sizeOf(newer)) }), "");
    lines.push(check.ok ? say("headsVerified", { keyId }) : say("headsFailed", { result: selectKey(check.reason), keyId }));
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  return check.ok ? 0 : 1;
}

async function main(argv: readonly string[]): Promise<number> {
  let values: { json?: boolean; record?: string; keys?: string; match?: string; all?: boolean; tournament?: string; help?: boolean; log?: boolean; site?: string; heads?: string; proof?: string; key?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: {
        json: { type: "boolean" },
        record: { type: "string" },
        keys: { type: "string" },
        match: { type: "string" },
        all: { type: "boolean" },
        tournament: { type: "string" },
        help: { type: "boolean", short: "h" },
        log: { type: "boolean" },
        site: { type: "string" },
        heads: { type: "string" },
        proof: { type: "string" },
        key: { type: "string" },
      },
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
  if (values.log) {
    try {
      if (values.record !== undefined || values.all || values.tournament !== undefined) throw new InputError(say("logAlone"));
      return await verifyLog({ ...values, json: values.json ?? false }, positionals);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      process.stderr.write(`${say("badArguments", { problem: error.message })}\n`);
      return 2;
    }
  }
  if (values.site !== undefined || values.heads !== undefined || values.proof !== undefined || values.key !== undefined) {
    process.stderr.write(`${say("badArguments", { problem: say("logOnly") })}\n${say("usage")}\n`);
    return 2;
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
  let report: AnyVerifyReport;
  let source: string;
  try {
    const given = values.keys === undefined ? [] : await keysFrom(values.keys);
    if (fromMatch) {
      const { document, keys } = await readMatch(values.match ?? "");
      report = verifyBundle(document, values.record === undefined ? undefined : readJson(values.record, "record"), { keys: [...keys, ...given] });
      source = say("matchSource", { id: values.match ?? "" });
    } else {
      const keys = values.keys === undefined ? [...publishedProofKeys(), ...localKey()] : given;
      const path = bundlePath ?? "-";
      const text = readText(path, "bundle");
      source = path === "-" ? say("standardInput") : path;
      if (isMat(path, text)) {
        // The proofs in the file's header and the game record of its own moves (lib/record/mat-verify.ts).
        const checked = verifyMatFile(text, { keys, ...(values.record !== undefined && { record: readJson(values.record, "record") }) });
        if (!checked.ok) throw new InputError(say("notMat", { path: source, reason: englishError(checked.code, checked.values) }));
        report = checked.value;
        source = say("matSource", { path: source });
      } else {
        report = verifyBundle(parseJson(text, path, "bundle"), values.record === undefined ? undefined : readJson(values.record, "record"), { keys });
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

// A promise, not a top-level await: the tests run this file as a CommonJS bundle (tests/support/server-bundle.ts).
// A failure still ends the process as an unhandled rejection, with its stack.
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
