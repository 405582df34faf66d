/**
 * The balancer configurations shipped in deploy/ (issue 47 item 3): the README's nginx block failed `nginx -t` as
 * written (no certificate lines) and its `Host $host` dropped the port, so on any port but 443 every socket was
 * refused as cross-site. Each file runs here as shipped, but for the lines it marks "deployment:" (the two nodes'
 * addresses, the ports, a self-signed certificate made for the test): its syntax check passes, a socket opened with
 * the Origin a page at the balancer's address sends is let in, a WebSocket match is played through it, and the node
 * holding the players is killed mid-match — they reconnect through the balancer to the other node and finish.
 *
 * Needs nginx and haproxy (Debian: apt-get install nginx haproxy), openssl, TEST_POSTGRES_URL and TEST_REDIS_URL;
 * each balancer's test is skipped without its program.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "@/lib/protocol";
import { BotClient } from "@/scripts/bot/bot-client";
import { expectIntactLog, readStoredMatch } from "@/tests/support/match-checks";
import { seatBots } from "@/tests/support/match-in-play";
import { freePort } from "@/tests/support/server-process";
import { startTestCluster, type TestCluster } from "@/tests/support/test-cluster";
import { waitFor } from "@/tests/support/wait-for";

const postgres = process.env.TEST_POSTGRES_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const has = (program: string) => spawnSync(program, ["-v"], { stdio: "ignore" }).error === undefined;
const nginx = has("nginx");
const haproxy = has("haproxy");
const enabled = Boolean(postgres && redisUrl) && (nginx || haproxy) && has("openssl");
if (!enabled) console.warn("balancer-configs test skipped: needs nginx or haproxy, openssl, TEST_POSTGRES_URL and TEST_REDIS_URL");

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "fairgammon-balancers-"));
// The balancers' certificate is self-signed, made here: this test's own clients accept it (fetch by this setting, the
// sockets by their own option).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";

let cluster: TestCluster | null = null;

/** Rewrites each line marked "deployment: <what>" through `rewrite`, which gets the line and what it is. */
function deployed(file: string, rewrite: (line: string, what: string) => string): string {
  return readFileSync(path.join(ROOT, "deploy", file), "utf8")
    .split("\n")
    .map((line) => {
      const marked = /# deployment: (.+)$/.exec(line);
      return marked ? rewrite(line, marked[1]!) : line;
    })
    .join("\n");
}

/** The port a node listens on: "node 1" → node1's. */
function nodeAddress(c: TestCluster, what: string): string {
  return `127.0.0.1:${c.nodeOf(`node${what.slice("node ".length)}`).port}`;
}

/** Which node holds the most established connections from the balancer (its players' WebSockets). */
function busiestNode(c: TestCluster): string {
  const count = (port: number) => spawnSync("ss", ["-Htn", "state", "established", `( sport = :${port} )`], { encoding: "utf8" }).stdout.split("\n").filter(Boolean).length;
  return ["node1", "node2"].map((name) => ({ name, n: count(c.nodeOf(name).port) })).sort((a, b) => b.n - a.n)[0]!.name;
}

async function playThrough(c: TestCluster, url: string, seed: number): Promise<void> {
  // A page at the balancer's address sends this Origin: it must count as the site's own (Host kept with its port).
  const page = connect(url, { path: "/socket.io", transports: ["websocket"], auth: { protocol: PROTOCOL_VERSION }, extraHeaders: { origin: url }, reconnection: false, rejectUnauthorized: false });
  try {
    await new Promise<void>((resolve, reject) => {
      page.once("connect", () => resolve());
      page.once("connect_error", (error) => reject(new Error(`a page's socket through the balancer was refused: ${error.message}`)));
    });
  } finally {
    page.close();
  }

  const white = new BotClient({ url, cookie: await c.player(), seed, reconnect: true, resignRate: 0, acceptAnyCertificate: true });
  const black = new BotClient({ url, cookie: await c.player(), seed: seed + 1, reconnect: true, resignRate: 0, acceptAnyCertificate: true });
  const matchId = await seatBots(white, black, 3);
  let reconnects = 0;
  for (const bot of [white, black]) bot.socket.io.on("reconnect", () => reconnects++);
  await waitFor(() => (white.view?.rolls.length ?? 0) >= 2, "the match to roll a few times", 60_000);
  const victim = busiestNode(c);
  process.kill(c.nodeOf(victim).pid!, "SIGKILL");
  const done = await Promise.all([white.finished(120_000), black.finished(120_000)]);
  expect(done.every((view) => view.ended !== null)).toBe(true);
  // The kill reached them: they came back through the balancer, to the other node.
  expect(reconnects).toBeGreaterThanOrEqual(1);
  console.info(`balancer-configs: ${url}: ${victim} killed mid-match, ${reconnects} reconnects through the balancer, the match finished`);
  expectIntactLog(await readStoredMatch(c.db, matchId));
  white.close();
  black.close();
  // The killed node comes back (the supervisor starts it again) for the next balancer.
  await waitFor(() => c.balancer.ready().length === 2, `${victim} to be back`, 60_000);
}

/** Where this test puts a balancer: the nodes' addresses ("node 1" → node1's) and the two ports it listens on. */
interface Deployment {
  readonly node: (what: string) => string;
  readonly https: number;
  readonly plain: number;
}

/**
 * Runs the shipped `file` in front of the cluster, as both balancers' tests do: its "deployment:" lines rewritten by
 * `rewrite` (null: a line it does not know, which fails the test), the syntax check of `commands` passed, then the
 * balancer run and a match played through it with a node killed (`seed` for the bots).
 */
async function throughBalancer(
  file: string,
  rewrite: (line: string, what: string, at: Deployment) => string | null,
  commands: (written: string) => { check: [string, ...string[]]; run: [string, ...string[]] },
  seed: number,
): Promise<void> {
  const c = cluster!;
  const [https, plain] = [await freePort(), await freePort()];
  const at: Deployment = { node: (what) => nodeAddress(c, what), https, plain };
  const written = path.join(dir, file);
  writeFileSync(
    written,
    deployed(file, (line, what) => {
      const rewritten = rewrite(line, what, at);
      if (rewritten === null) throw new Error(`${file}: unknown deployment line ${what}`);
      return rewritten;
    }),
  );
  const { check: checkCommand, run: runCommand } = commands(written);
  const check = spawnSync(checkCommand[0], checkCommand.slice(1), { encoding: "utf8" });
  expect(check.status, check.stdout + check.stderr).toBe(0);
  const url = `https://127.0.0.1:${https}`;
  const balancer = await started(runCommand[0], runCommand.slice(1), url);
  try {
    await playThrough(c, url, seed);
  } finally {
    await stopped(balancer);
  }
}

/** Starts a balancer and waits until it answers /api/ready over HTTPS. */
async function started(command: string, args: string[], url: string): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  await waitFor(() => child.exitCode === null, "the balancer to run");
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${command} exited: ${output.join("")}`);
      return (await fetch(`${url}/api/ready`).then((response) => response.status, () => 0)) === 200;
    },
    () => `${command} to answer: ${output.join("")}`,
    { timeoutMs: 20_000, intervalMs: 20 },
  );
  return child;
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  return exited;
}

describe.skipIf(!enabled)("deploy/nginx.conf and deploy/haproxy.cfg in front of two nodes", () => {
  beforeAll(async () => {
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { stdio: "ignore" });
    writeFileSync(path.join(dir, "both.pem"), readFileSync(path.join(dir, "cert.pem"), "utf8") + readFileSync(path.join(dir, "key.pem"), "utf8"));
    cluster = await startTestCluster({ nodes: 2, postgresServer: postgres!, redisUrl: redisUrl!, restartDelayMs: 1000 });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it.skipIf(!nginx)("nginx: the shipped file passes nginx -t, keeps the Host's port, and carries a match across a killed node", { timeout: 240_000 }, () =>
    throughBalancer(
      "nginx.conf",
      (line, what, { node, https, plain }) => {
        if (what.startsWith("node ")) return line.replace(/server \S+/, `server ${node(what)}`);
        if (what === "HTTPS port") return line.replace(/listen \d+/, `listen 127.0.0.1:${https}`);
        if (what === "plain HTTP port") return line.replace(/listen \d+/, `listen 127.0.0.1:${plain}`);
        if (what === "certificate") return line.replace(/\/\S+;/, `${path.join(dir, "cert.pem")};`);
        if (what === "its key") return line.replace(/\/\S+;/, `${path.join(dir, "key.pem")};`);
        return null;
      },
      (file) => {
        const files = ["-c", file, "-e", path.join(dir, "nginx-error.log")];
        const pid = `pid ${path.join(dir, "nginx.pid")};`;
        return { check: ["nginx", "-t", ...files, "-g", pid], run: ["nginx", ...files, "-g", `${pid} daemon off; error_log stderr;`] };
      },
      2000,
    ),
  );

  it.skipIf(!haproxy)("HAProxy: the shipped file passes haproxy -c and carries a match across a killed node", { timeout: 240_000 }, () =>
    throughBalancer(
      "haproxy.cfg",
      (line, what, { node, https, plain }) => {
        if (what.startsWith("node ")) return line.replace(/(server node\d) \S+/, `$1 ${node(what)}`);
        if (what === "plain HTTP port") return line.replace(/bind :\d+/, `bind 127.0.0.1:${plain}`);
        if (what === "certificate and key, in one file") return line.replace(/bind :\d+ ssl crt \S+/, `bind 127.0.0.1:${https} ssl crt ${path.join(dir, "both.pem")}`);
        return null;
      },
      (file) => ({ check: ["haproxy", "-c", "-f", file], run: ["haproxy", "-db", "-f", file] }),
      3000,
    ),
  );
});
