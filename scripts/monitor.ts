/**
 * A monitor of a site's transparency log (docs/transparency-log.md, section 5c): it follows the site's signed tree
 * heads, checks that each extends the last one it saw, re-fetches an older head each round to see that the site
 * still serves the same root for it, and with --audit-entries rebuilds the root from the entries the site serves.
 * Anything else is named, loudly, with the signed heads and proof it rests on, so anyone can check it again.
 *
 *   npm run --silent monitor -- <site> [--state <file>] [--once] [--interval <seconds>] [--key <64 hex>] [--audit-entries]
 *
 *   <site>            the site's address, e.g. https://fairgammon.example (its /api/transparency/… is read)
 *   --state <file>    where the monitor keeps what it has seen across runs (default data/monitor-<host>.json)
 *   --once            one round, then exit: 0 all is well, 1 a finding, 2 the monitor could not check (unreachable,
 *                     not the API, bad arguments or state file); without it, a round every --interval seconds
 *   --interval <s>    seconds between rounds when following (default 60)
 *   --key <64 hex>    the site's Ed25519 public key, pinned; without it the key the site says on the first run is
 *                     pinned (trust on first use). Given later, it allows a new key beside the pinned one(s).
 *   --audit-entries   also fetch the entries (up to 16384 a round) and rebuild the signed roots from them
 *
 * Each round prints one line per head followed ("ok size 120 → 131, consistent") and one line per finding, starting
 * "!!", with its evidence as JSON: malformed-head, bad-signature, key-changed, shrunk, fork, time-reversed,
 * inconsistent, entries-mismatch, malformed-entry. A head with a finding is not followed, so the finding repeats on
 * every round for as long as the site serves it; the state file keeps the last 100 findings.
 *
 * @example
 *   npm run --silent monitor -- https://fairgammon.example --once --audit-entries
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { TREE_HEAD_FORMAT, allowKey, headToRecheck, initialMonitorState, latestHead, monitorStep, parseMonitorState, parseTreeHead } from "@/lib/transparency";
import type { Fetched, Finding, MonitorState, Progress, SignedTreeHead } from "@/lib/transparency";

const USAGE = "usage: npm run --silent monitor -- <site> [--state <file>] [--once] [--interval <seconds>] [--key <64 hex>] [--audit-entries]";
/** The largest answer read from the site: a page of 256 entries is under 100 KB; a hostile site could send gigabytes. */
const MAX_BODY = 2 * 1024 * 1024;
const TIMEOUT_MS = 20_000;
const PAGE = 256;
/** Pages audited a round: a long log is audited over several rounds, each carrying on where the last stopped. */
const PAGES_PER_ROUND = 64;

/** The monitor could not check: said in one line, exit 2. Never a finding: it proves nothing against the site. */
class Problem extends Error {}

interface Options {
  readonly site: string;
  readonly statePath: string;
  readonly once: boolean;
  readonly intervalSeconds: number;
  readonly key?: string;
  readonly auditEntries: boolean;
}

/** The options, or null when only the usage was asked for. */
function parseOptions(argv: readonly string[]): Options | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { state: { type: "string" }, once: { type: "boolean" }, interval: { type: "string" }, key: { type: "string" }, "audit-entries": { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new Problem((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  if (positionals.length !== 1) throw new Problem("give exactly one site address");
  const url = siteUrl(positionals[0]!);
  const intervalSeconds = values.interval === undefined ? 60 : Number(values.interval);
  if (!Number.isFinite(intervalSeconds) || intervalSeconds < 1 || intervalSeconds > 86_400) throw new Problem("--interval: a number of seconds from 1 to 86400");
  const key = values.key?.toLowerCase();
  if (key !== undefined && !/^[0-9a-f]{64}$/.test(key)) throw new Problem("--key: the site's Ed25519 public key, 64 hex characters");
  return {
    site: url.href.replace(/\/$/, ""),
    statePath: values.state ?? `data/monitor-${url.host.replace(/[^A-Za-z0-9.-]/g, "_")}.json`,
    once: values.once ?? false,
    intervalSeconds,
    ...(key !== undefined && { key }),
    auditEntries: values["audit-entries"] ?? false,
  };
}

function siteUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Problem(`not a site address: ${JSON.stringify(text.slice(0, 200))} (give e.g. https://fairgammon.example)`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Problem(`not an http(s) address: ${url.protocol}`);
  if (url.search !== "" || url.hash !== "") throw new Problem("give the site's address without a query or fragment");
  return url;
}

// ---------------------------------------------------------------------------------------------------------------
// The site's API (app/api/transparency): JSON, errors as { error: "ERR_…", message } with a 4xx status.

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** The body, read up to MAX_BODY bytes. */
async function limitedText(response: Response, url: string): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > MAX_BODY) {
      await reader.cancel();
      throw new Problem(`${url} answered more than ${MAX_BODY} bytes: not the transparency API`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (error instanceof Error && error.name === "TimeoutError") return `no answer in ${TIMEOUT_MS / 1000} seconds`;
  if (typeof cause?.code === "string") return cause.code;
  return typeof cause?.message === "string" ? cause.message : error instanceof Error ? error.message : String(error);
}

async function getJson(site: string, path: string): Promise<Answer> {
  const url = `${site}/api/transparency/${path}`;
  let text: string;
  let status: number;
  try {
    const response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    status = response.status;
    text = await limitedText(response, url);
  } catch (error) {
    if (error instanceof Problem) throw error;
    throw new Problem(`cannot reach ${url}: ${reason(error)}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Problem(`${url} answered ${status} with something that is not JSON: ${JSON.stringify(text.slice(0, 120))}`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Problem(`${url} answered ${status} with JSON that is not an object`);
  const answer = { status, body: body as Record<string, unknown> };
  if (status === 200 || (status >= 400 && status < 500 && typeof answer.body.error === "string")) return answer;
  throw new Problem(`${url} answered ${status}${describeError(answer)}`);
}

function describeError(answer: Answer): string {
  const { error, message } = answer.body;
  return typeof error === "string" ? ` ${error.slice(0, 60)}${typeof message === "string" ? `: ${message.slice(0, 200)}` : ""}` : "";
}

/** The answer's body when it is 200, else a Problem that names the site's error code. */
function ok(answer: Answer, what: string): Record<string, unknown> {
  if (answer.status !== 200) throw new Problem(`${what}: the site answered ${answer.status}${describeError(answer)}`);
  return answer.body;
}

async function fetchHead(site: string): Promise<Pick<Fetched, "site" | "head">> {
  const body = ok(await getJson(site, "head"), "the latest head");
  if (body.format !== TREE_HEAD_FORMAT || !("head" in body)) throw new Problem(`${site}/api/transparency/head is not a ${TREE_HEAD_FORMAT} head answer`);
  return { site: { publicKey: body.publicKey, keyId: body.keyId }, head: body.head };
}

async function fetchConsistency(site: string, from: number, to: number): Promise<NonNullable<Fetched["consistency"]>> {
  const body = ok(await getJson(site, `consistency?from=${from}&to=${to}`), `the consistency proof from size ${from} to ${to} (the site signed both)`);
  return { from: body.from, to: body.to, proof: body.proof };
}

async function fetchHeadOf(site: string, size: number): Promise<unknown> {
  return ok(await getJson(site, `heads/${size}`), `the head of size ${size}, which the site signed before`).head;
}

async function fetchEntries(site: string, start: number, count: number): Promise<unknown> {
  return ok(await getJson(site, `entries?start=${start}&count=${count}`), `entries ${start} to ${start + count - 1}`).entries;
}

// ---------------------------------------------------------------------------------------------------------------
// What the monitor says.

const short = (hash: string) => `${hash.slice(0, 16)}…`;
const when = (head: SignedTreeHead) => new Date(head.timestamp).toISOString();
const headText = (head: SignedTreeHead) => `size ${head.treeSize} root ${short(head.rootHash)} signed ${when(head)}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function progressLines(progress: Progress): string[] {
  const lines: string[] = [];
  if (progress.pinned) lines.push(`pinned the site's key ${progress.pinned} on first use: compare it with the key the site publishes`);
  if (progress.empty) lines.push("ok the log is empty: no head signed yet");
  const followed = progress.followed;
  if (followed?.kind === "first") lines.push(`ok first head: ${headText(followed.to)}`);
  if (followed?.kind === "unchanged") lines.push(`ok size ${followed.to.treeSize}, unchanged`);
  if (followed?.kind === "extended") lines.push(`ok size ${followed.from.treeSize} → ${followed.to.treeSize}, consistent (proof of ${plural(followed.proofLength, "hash", "hashes")})`);
  if (progress.rechecked) lines.push(`ok re-fetched the head of size ${progress.rechecked.size}: same root`);
  const audited = progress.audited;
  if (audited && audited.to > audited.from) {
    const [count, last] = [audited.matched.length, audited.matched.at(-1)];
    const matched = count === 0 ? "no signed size reached yet" : count === 1 ? `they rebuild the signed root of size ${last}` : `they rebuild the signed roots of ${count} sizes, up to ${last}`;
    lines.push(`ok entries ${audited.from} → ${audited.to} audited: ${matched}`);
  }
  return lines;
}

/** The finding in one sentence, and what it means. */
function findingText(finding: Finding): string {
  switch (finding.kind) {
    case "malformed-head":
      return `the site served, as a head, something that is not a signed tree head (${finding.issue})`;
    case "bad-signature":
      return `a head (size ${String((finding.served as SignedTreeHead).treeSize)}) not signed by the pinned key${finding.keys.length === 1 ? "" : "s"}: not the site's statement (a proxy, or a key the monitor was not told of)`;
    case "key-changed":
      return `the site now says its key is ${JSON.stringify(finding.served)} (${JSON.stringify(finding.keyId)}), not the pinned ${finding.pinned.join(", ") || "(none)"}; if the site announced a new key, run again with --key <it>`;
    case "shrunk":
      return finding.newer === null
        ? `the site serves no head at all after signing ${headText(finding.older)}: its log lost every entry`
        : `the site signed ${headText(finding.newer)} after ${headText(finding.older)}: entries were removed`;
    case "fork":
      return `two signed roots for size ${finding.older.treeSize}: ${finding.older.rootHash} (signed ${when(finding.older)}) and ${finding.newer.rootHash} (signed ${when(finding.newer)}): the log was rewritten or forked`;
    case "time-reversed":
      return `the site signed ${headText(finding.newer)}, earlier than the smaller ${headText(finding.older)}: heads signed out of order`;
    case "inconsistent":
      return `${headText(finding.newer)} does not extend ${headText(finding.older)} (${finding.merkle?.reason ?? "no proof"}): an entry was changed, removed or reordered`;
    case "entries-mismatch":
      return `the entries served rebuild root ${finding.rebuiltRoot} at size ${finding.head.treeSize}, but the site signed ${finding.head.rootHash}: an entry from index ${finding.matched} to ${finding.head.treeSize - 1} was rewritten`;
    case "malformed-entry":
      return `the site served, as entry ${finding.index}, something that is not a log entry (${finding.issue})`;
  }
}

function findingLine(finding: Finding): string {
  return `!! ${finding.kind.toUpperCase()} (from ${finding.source}): ${findingText(finding)} — evidence: ${JSON.stringify(finding)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The state file, and one round.

function readState(options: Options): MonitorState {
  let text: string;
  try {
    text = readFileSync(options.statePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return initialMonitorState(options.site, options.key);
    throw new Problem(`cannot read the state file ${options.statePath}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Problem(`the state file ${options.statePath} is not JSON`);
  }
  const parsed = parseMonitorState(json);
  if (!parsed.ok) throw new Problem(`the state file ${options.statePath} is not a monitor's state (${parsed.issue})`);
  if (parsed.state.site !== options.site) throw new Problem(`the state file ${options.statePath} is the monitor's of ${parsed.state.site}, not of ${options.site}`);
  return options.key === undefined ? parsed.state : allowKey(parsed.state, options.key);
}

function writeState(path: string, state: MonitorState): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    // Written beside and renamed, so that a crash mid-write never leaves half a state (and forgets the heads seen).
    writeFileSync(`${path}.tmp`, `${JSON.stringify(state, null, 1)}\n`);
    renameSync(`${path}.tmp`, path);
  } catch (error) {
    throw new Problem(`cannot write the state file ${path}: ${(error as Error).message}`);
  }
}

interface Round {
  readonly state: MonitorState;
  readonly lines: string[];
  readonly findings: number;
  /** Why the round stopped short, after what it did was kept (an audit carries on next round from where it was). */
  readonly problem?: Problem;
}

/** Fetches the head, the proof from the latest kept head and a kept head to re-check; then the entries to audit. */
async function round(state: MonitorState, options: Options, now: () => number): Promise<Round> {
  const { site } = options;
  const latest = latestHead(state);
  const served = await fetchHead(site);
  const parsed = parseTreeHead(served.head);
  const grows = parsed.ok && latest !== null && parsed.head.treeSize > latest.treeSize;
  const consistency = grows ? await fetchConsistency(site, latest.treeSize, parsed.head.treeSize) : undefined;
  const older = headToRecheck(state);
  const recheck = older === null ? undefined : { size: older.treeSize, head: await fetchHeadOf(site, older.treeSize) };
  const step = monitorStep(state, { at: now(), ...served, ...(consistency && { consistency }), ...(recheck && { recheck }) });
  const lines = [...progressLines(step.progress), ...step.findings.map(findingLine)];
  if (!options.auditEntries || step.findings.length > 0) return { state: step.state, lines, findings: step.findings.length };
  return audit(step.state, lines, site, now);
}

/** Entries fetched a page at a time and audited, up to PAGES_PER_ROUND pages; one line for them all. */
async function audit(state: MonitorState, lines: string[], site: string, now: () => number): Promise<Round> {
  const from = state.audit.size;
  const matched: number[] = [];
  let next = state;
  let problem: Problem | undefined;
  for (let page = 0; page < PAGES_PER_ROUND && next.audit.size < (latestHead(next)?.treeSize ?? 0); page++) {
    const [start, end] = [next.audit.size, latestHead(next)!.treeSize];
    let entries: unknown;
    try {
      entries = await fetchEntries(site, start, Math.min(PAGE, end - start));
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      problem = error;
      break;
    }
    const audited = monitorStep(next, { at: now(), entries: { start, entries } });
    if (audited.findings.length > 0) {
      const before = progressLines({ audited: { from, to: start, matched } });
      return { state: audited.state, lines: [...lines, ...before, ...audited.findings.map(findingLine)], findings: audited.findings.length };
    }
    if (audited.state.audit.size === start) {
      problem = new Problem(`the site served no entries from ${start}, though it signed a head of ${end}`);
      break;
    }
    matched.push(...(audited.progress.audited?.matched ?? []));
    next = audited.state;
  }
  return { state: next, lines: [...lines, ...progressLines({ audited: { from, to: next.audit.size, matched } })], findings: 0, ...(problem && { problem }) };
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function warnOfEarlierFindings(state: MonitorState, options: Options): void {
  const last = state.findings.at(-1);
  if (last) say(`!! the state file ${options.statePath} keeps ${plural(state.findings.length, "earlier finding")} against ${state.site}; the latest: ${last.kind} at ${new Date(last.at).toISOString()}`);
}

/** One round: its lines printed and the state saved. Returns how many findings it made. */
async function runRound(options: Options): Promise<number> {
  const state = readState(options);
  const result = await round(state, options, Date.now);
  writeState(options.statePath, result.state);
  for (const line of result.lines) say(line);
  if (result.problem) throw result.problem;
  return result.findings;
}

async function follow(options: Options): Promise<number> {
  let findings = 0;
  let stopped = false;
  let wake = () => {};
  const stop = () => {
    stopped = true;
    wake();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  while (!stopped) {
    try {
      findings += await runRound(options);
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      // Following goes on: a site that is down for a while is not a finding, and the next round may reach it.
      process.stderr.write(`monitor: ${error.message}\n`);
    }
    if (stopped) break;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.intervalSeconds * 1000);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  return findings > 0 ? 1 : 0;
}

async function main(argv: readonly string[]): Promise<number> {
  let options: Options;
  try {
    const parsed = parseOptions(argv);
    if (parsed === null) {
      say(USAGE);
      return 0;
    }
    options = parsed;
    warnOfEarlierFindings(readState(options), options);
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    process.stderr.write(`monitor: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (!options.once) return follow(options);
  try {
    return (await runRound(options)) > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    process.stderr.write(`monitor: ${error.message}\n`);
    return 2;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // A bug of the monitor's own, not of the input: still one line, never a trace to scare a reader of cron mail.
  process.stderr.write(`monitor: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
