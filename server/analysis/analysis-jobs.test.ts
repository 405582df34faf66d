/**
 * Analysis jobs against a real database and a real match: two bots finish a 1-point match through the match server,
 * then the review's "Analyse" is asked for, run by the runner (each decision in a real engine worker thread, counted
 * and slowed a little so the progress can be watched), stored, and read back without being computed again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/engine/types";
import { ESTIMATE_AFTER } from "@/lib/analysis/analysis-view";
import { analyseMatch } from "@/lib/analysis/match-analysis";
import { createEvaluator } from "@/lib/analysis/evaluator";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";
import { BotClient } from "@/scripts/bot/bot-client";
import { seededMatch, testVault } from "@/server/db/test-fixtures";
import { loadLiveMatch } from "@/server/match/live-match";
import { startTestServer, type TestServer } from "@/tests/support/test-server";
import { waitFor } from "@/tests/support/wait-for";
import { startAnalysisResponse } from "@/server/http/analysis-response";
import { analysisStatus, requestAnalysis, type AnalysisView } from "./analysis-jobs";
import { AnalysisLimiter } from "./analysis-limit";
import { AnalysisRunner } from "./analysis-runner";
import { EnginePool } from "@/server/engine/engine-pool";
import type { RunAnalysisTask } from "./analysis-task";

let t: TestServer;
let matchId: string;
let tasks = 0;
const pool = new EnginePool({ size: 1 });
/** The real engine worker, counted, and slowed a little so the progress can be seen between decisions. */
const slowed: RunAnalysisTask = async (task) => {
  tasks++;
  await new Promise((resolve) => setTimeout(resolve, 15));
  return pool.run(task);
};

function runner(options: { staleMs?: number; runTask?: RunAnalysisTask } = {}): AnalysisRunner {
  return new AnalysisRunner({ db: t.db, logger: { debug() {}, info() {}, warn() {}, error() {} }, runTask: slowed, pollMs: 100, progressMs: 20, ...options });
}

/** Reads the status of the analysis of `ply` every 25 ms (each read kept in `seen`) until `predicate` holds; returns that read. */
async function until(ply: number, predicate: (v: AnalysisView) => boolean, seen: AnalysisView[] = []): Promise<AnalysisView> {
  let last = null as AnalysisView | null;
  await waitFor(
    async () => {
      const status = await analysisStatus(t.db, { matchId, ply, viewer: null });
      if (!status.ok) throw new Error(describeFailure(status));
      seen.push(status.value);
      last = status.value;
      return predicate(status.value);
    },
    () => `the analysis of ply ${ply} (last read: ${JSON.stringify(last && { status: last.status, done: last.done, total: last.total })})`,
    // As long as the test may take: a long match on a busy machine takes seconds per job.
    { timeoutMs: 50_000, intervalMs: 25 },
  );
  return last!;
}

beforeAll(async () => {
  // Bots act without thinking; the per-socket limit (30 per 2 s) is for people, and would pace them to 15 commands a
  // second (hostile-clients.test.ts tests the limit).
  t = await startTestServer({ rateLimit: { burst: 1000, perSecond: 1000 } });
  const [white, black] = [await t.user(), await t.user()];
  const bots = [new BotClient({ url: t.url, cookie: white.cookie, seed: 31 }), new BotClient({ url: t.url, cookie: black.cookie, seed: 32 })] as const;
  await Promise.all(bots.map((bot) => bot.connect()));
  const [w, b] = bots;
  matchId = (await w.create({ matchLength: 1, color: "white", visibility: "public" })).matchId;
  await b.join(matchId);
  await w.submitSeed("white-31");
  await b.submitSeed("black-32");
  await Promise.all([w.finished(), b.finished()]);
  for (const bot of bots) bot.close();
});

afterAll(async () => {
  await pool.close();
  await t?.close();
});

describe("asking for an analysis", () => {
  it("refuses bad input and writes nothing", async () => {
    const running = await seededMatch(t.db, testVault());
    const refusals = await Promise.all([
      requestAnalysis(t.db, { matchId, ply: 4, viewer: null }),
      requestAnalysis(t.db, { matchId, ply: -1, viewer: null }),
      requestAnalysis(t.db, { matchId, ply: "one", viewer: null }),
      requestAnalysis(t.db, { matchId, ply: undefined, viewer: null }),
      requestAnalysis(t.db, { matchId: "no-such-match-id", ply: 0, viewer: null }),
      requestAnalysis(t.db, { matchId: "../../etc", ply: 0, viewer: null }),
      requestAnalysis(t.db, { matchId: running.match.id, ply: 0, viewer: null }),
    ]);
    expect(refusals.map((r) => (r.ok ? "ok" : r.code))).toEqual(["ERR_BAD_PLY", "ERR_BAD_PLY", "ERR_BAD_PLY", "ERR_BAD_PLY", "ERR_NOT_FOUND", "ERR_NOT_FOUND", "ERR_NOT_FINISHED"]);
    expect(await t.db.prisma.matchAnalysis.count()).toBe(0);
  });

  it("runs the job with progress, stores the result, and answers a second request from the store", async () => {
    const asked = await requestAnalysis(t.db, { matchId, ply: 0, viewer: null });
    expect(asked.ok && asked.value.status).toBe("queued");
    const jobs = runner();
    jobs.start();
    const seen: AnalysisView[] = [];
    const done = await until(0, (v) => v.status === "done", seen);
    await jobs.stop();
    // Progress was visible on the way: running with some but not all decisions done, and, once a few were done, the
    // time left at that pace.
    expect(seen.some((v) => v.status === "running" && v.done > 0 && v.done < v.total)).toBe(true);
    expect(seen.filter((v) => v.status === "running" && v.done < ESTIMATE_AFTER).every((v) => v.remainingMs === null)).toBe(true);
    expect(seen.some((v) => v.status === "running" && v.done >= ESTIMATE_AFTER && v.remainingMs !== null && v.remainingMs >= 0)).toBe(true);
    expect(done.remainingMs).toBeNull();
    expect(done.done).toBe(done.total);
    expect(tasks).toBe(done.total);

    // The stored result is the analysis of the match record itself.
    const loaded = await loadLiveMatch(t.db, matchId);
    const actions = (loaded?.events ?? []).flatMap(({ event }) => (event.type === "action" ? [event.action] : []));
    expect(done.result).toEqual(JSON.parse(JSON.stringify(analyseMatch({ matchLength: 1 }, actions, { ply: 0, evaluator: createEvaluator({ bearoff: loadBearoffDatabase() }) }))));
    expect(done.result?.totals.white.decisions).toBeGreaterThan(0);

    const again = await requestAnalysis(t.db, { matchId, ply: 0, viewer: null });
    expect(again.ok && again.value).toEqual(done);
    expect(tasks).toBe(done.total);
    expect(await t.db.prisma.matchAnalysis.count()).toBe(1);
  });

  it("stores another ply apart, and a job stopped with its server is finished by the next one", async () => {
    const before = tasks;
    const asked = await requestAnalysis(t.db, { matchId, ply: 1, viewer: null });
    expect(asked.ok && asked.value).toMatchObject({ ply: 1, status: "queued" });
    expect(await t.db.prisma.matchAnalysis.count({ where: { matchId, ply: 1 } })).toBe(1);
    // Each task is asked at the job's ply; the engine answers it at 0-ply, as in the sharing tests below: what is tested
    // here is the job's storage and its resumption, and a whole 1-ply analysis of the match took seconds (151
    // decisions in one run; the 0-ply analysis is checked against lib/analysis above).
    const plies = new Set<number>();
    const atPly0: RunAnalysisTask = (task) => {
      plies.add(task.ply);
      return slowed({ ...task, ply: 0 });
    };
    const first = runner({ runTask: atPly0 });
    first.start();
    await until(1, (v) => v.status === "running" && v.done > 0);
    await first.stop();
    const stopped = await until(1, () => true);
    expect(stopped.status).toBe("queued");
    const second = runner({ runTask: atPly0 });
    second.start();
    const done = await until(1, (v) => v.status === "done");
    await second.stop();
    expect(done.result?.ply).toBe(1);
    expect([...plies]).toEqual([1]);
    expect(tasks - before).toBeGreaterThan(done.total);
  });

  it("takes over a job whose node died (its heartbeat went stale)", async () => {
    await t.db.prisma.matchAnalysis.updateMany({ where: { matchId, ply: 0 }, data: { status: "running", done: 3, result: null, heartbeat: new Date(Date.now() - 60_000) } });
    const jobs = runner({ staleMs: 30_000 });
    jobs.start();
    const done = await until(0, (v) => v.status === "done");
    await jobs.stop();
    expect(done.done).toBe(done.total);
  });
});

describe("sharing the worker among jobs", () => {
  /**
   * Stand-in depths: a "3-ply" decision holds the worker 40 ms, a shallower one 1 ms (each then answered by the real
   * engine at 0-ply, so the stored results are real analyses). What is tested is the runner's sharing, not the search.
   */
  const order: { ply: number; at: number }[] = [];
  const timed = (deepMs: number, shallowMs: number): RunAnalysisTask => async (task) => {
    order.push({ ply: task.ply, at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, task.ply === 3 ? deepMs : shallowMs));
    return pool.run({ ...task, ply: 0 });
  };
  const sharing = (runTask: RunAnalysisTask) =>
    new AnalysisRunner({ db: t.db, logger: { debug() {}, info() {}, warn() {}, error() {} }, runTask, pollMs: 100, progressMs: 20 });

  it("finishes a shallow job asked for while a deep one runs first, then the deep one", async () => {
    await t.db.prisma.matchAnalysis.deleteMany({ where: { matchId } });
    order.length = 0;
    expect((await requestAnalysis(t.db, { matchId, ply: 3, viewer: null })).ok).toBe(true);
    const jobs = sharing(timed(40, 1));
    jobs.start();
    await until(3, (v) => v.status === "running" && v.done >= 2);
    // The runner is woken by the request (the hook start() set), as the route wakes it.
    expect((await requestAnalysis(t.db, { matchId, ply: 1, viewer: null })).ok).toBe(true);
    const shallow = await until(1, (v) => v.status === "done");
    const deepMeanwhile = await until(3, () => true);
    const deep = await until(3, (v) => v.status === "done");
    await jobs.stop();
    expect(deepMeanwhile.status).toBe("running");
    expect(deepMeanwhile.done).toBeLessThan(deepMeanwhile.total);
    expect([shallow.done, deep.done]).toEqual([shallow.total, deep.total]);
    // The deep job went on while the shallow one ran: the worker was shared, not handed over.
    const shallowDecisions = order.filter((o) => o.ply === 1);
    const firstShallow = shallowDecisions[0]?.at ?? 0;
    const lastShallow = shallowDecisions.at(-1)?.at ?? 0;
    expect(order.some((o) => o.ply === 3 && o.at > firstShallow && o.at < lastShallow)).toBe(true);
    expect(shallowDecisions).toHaveLength(shallow.total);
  });

  it("keeps one decision per worker in flight, and stores the entries in the match's order", async () => {
    await t.db.prisma.matchAnalysis.deleteMany({ where: { matchId } });
    let inFlight = 0;
    let most = 0;
    let turn = 0;
    // Decisions come back out of order: every other one waits longer.
    const uneven: RunAnalysisTask = async (task) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, turn++ % 2 === 0 ? 12 : 2));
      const entries = await pool.run(task);
      inFlight--;
      return entries;
    };
    await requestAnalysis(t.db, { matchId, ply: 0, viewer: null });
    const jobs = new AnalysisRunner({ db: t.db, logger: { debug() {}, info() {}, warn() {}, error() {} }, runTask: uneven, concurrency: 3, pollMs: 100, progressMs: 20 });
    jobs.start();
    const done = await until(0, (v) => v.status === "done");
    await jobs.stop();
    expect(most).toBe(3);
    const loaded = await loadLiveMatch(t.db, matchId);
    const actions = (loaded?.events ?? []).flatMap(({ event }) => (event.type === "action" ? [event.action] : []));
    expect(done.result).toEqual(JSON.parse(JSON.stringify(analyseMatch({ matchLength: 1 }, actions, { ply: 0, evaluator: createEvaluator({ bearoff: loadBearoffDatabase() }) }))));
  });

  it("hands every job it holds back to the queue when stopped, and the next runner finishes them", async () => {
    await t.db.prisma.matchAnalysis.deleteMany({ where: { matchId } });
    await requestAnalysis(t.db, { matchId, ply: 3, viewer: null });
    await requestAnalysis(t.db, { matchId, ply: 2, viewer: null });
    const first = sharing(timed(20, 20));
    first.start();
    await until(3, (v) => v.status === "running" && v.done > 0);
    await until(2, (v) => v.status === "running" && v.done > 0);
    await first.stop();
    expect([(await until(3, () => true)).status, (await until(2, () => true)).status]).toEqual(["queued", "queued"]);
    const second = sharing(timed(1, 1));
    second.start();
    await until(3, (v) => v.status === "done");
    await until(2, (v) => v.status === "done");
    await second.stop();
    // The stand-in results are not left for the tests below.
    await t.db.prisma.matchAnalysis.deleteMany({ where: { matchId } });
  });
});

describe("what a new analysis costs of the hour", () => {
  it("charges a deeper job more, and a refused one nothing", async () => {
    const limiter = new AnalysisLimiter(6);
    // A 3-ply job costs 5 of the 6: a second one is refused, and that refusal leaves the last point for a shallow job.
    expect(await limiter.take("deep", 3)).toBe(0);
    expect(await limiter.take("deep", 3)).toBeGreaterThan(0);
    expect(await limiter.take("deep", 2)).toBe(0);
    expect(await limiter.take("deep", 0)).toBeGreaterThan(0);
    // Shallow jobs cost 1 each; another user has their own points.
    for (let i = 0; i < 6; i++) expect(await limiter.take("shallow", (i % 3) as 0 | 1 | 2)).toBe(0);
    expect(await limiter.take("shallow", 1)).toBeGreaterThan(0);
    // A limit set below a deep job's cost still lets one an hour.
    const small = new AnalysisLimiter(2);
    expect(await small.take("deep", 3)).toBe(0);
    expect(await small.take("deep", 0)).toBeGreaterThan(0);
  });
});

describe("starting an analysis over HTTP, as an outsider would try", () => {
  const site = "http://localhost:3000";
  function post(headers: Record<string, string>, body: unknown = { ply: 2 }): Request {
    return new Request(`${site}/api/matches/${matchId}/analysis`, { method: "POST", headers: { host: "localhost:3000", ...headers }, body: JSON.stringify(body) });
  }
  const viewer = async () => t.db.prisma.user.findFirstOrThrow({ where: { isGuest: false, role: "USER" } });
  const jobsAtPly2 = () => t.db.prisma.matchAnalysis.count({ where: { matchId, ply: 2 } });

  it("refuses a cross-site page, a missing session and a non-JSON body, and queues nothing", async () => {
    const limiter = new AnalysisLimiter(100);
    const attempts: [Request, () => Promise<Awaited<ReturnType<typeof viewer>> | null>, number, string][] = [
      // The attack that was seen: an anonymous cross-site text/plain POST (no CORS preflight) queued a 2-ply job.
      [post({ origin: "http://evil.test", "content-type": "text/plain" }), async () => null, 403, "ERR_CROSS_SITE"],
      [post({ origin: "http://localhost:4000", "content-type": "text/plain" }), viewer, 403, "ERR_CROSS_SITE"],
      [post({ origin: "http://localhost:4000", "content-type": "application/json" }), viewer, 403, "ERR_CROSS_SITE"],
      [post({ "content-type": "application/json" }), viewer, 403, "ERR_CROSS_SITE"],
      [post({ origin: site, "content-type": "text/plain" }), viewer, 415, "ERR_UNSUPPORTED_MEDIA_TYPE"],
      [post({ origin: site, "content-type": "application/json" }), async () => null, 401, "ERR_UNAUTHENTICATED"],
    ];
    for (const [request, who, status, code] of attempts) {
      const response = await startAnalysisResponse(t.db, request, matchId, who, limiter);
      expect([response.status, ((await response.json()) as { error: string }).error]).toEqual([status, code]);
    }
    expect(await jobsAtPly2()).toBe(0);
  });

  it("lets a signed-in player start a job from the site, and holds the per-user limit", async () => {
    const limiter = new AnalysisLimiter(1);
    const first = await startAnalysisResponse(t.db, post({ origin: site, "content-type": "application/json" }), matchId, viewer, limiter);
    expect(first.status).toBe(202);
    // Asking again for the job that exists is free.
    const again = await startAnalysisResponse(t.db, post({ origin: site, "content-type": "application/json" }), matchId, viewer, limiter);
    expect(again.status).toBe(202);
    await t.db.prisma.matchAnalysis.updateMany({ where: { matchId, ply: 2 }, data: { status: "failed" } });
    const over = await startAnalysisResponse(t.db, post({ origin: site, "content-type": "application/json" }), matchId, viewer, limiter);
    expect([over.status, ((await over.json()) as { error: string }).error]).toEqual([429, "ERR_RATE_LIMITED"]);
    expect(await t.db.prisma.matchAnalysis.count({ where: { matchId, ply: 2, status: "queued" } })).toBe(0);
  });
});
