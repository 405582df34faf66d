/**
 * Runs the queued analysis jobs of one node, each decision an "analyse-match" task in the analysis worker pool (the
 * search never runs on the event loop, and never in the workers the computer players use), `concurrency` decisions at
 * a time — one per analysis worker, so a node with more cores analyses a match that many times faster (the decisions
 * of a match are independent: each point carries its own state; the entries are put back in the match's order).
 *
 * Several jobs share the workers (at most `maxJobs` held at once): each next decision goes to the held job that has
 * had the least worker time so far, so a 2-ply review asked for while a 3-ply one runs (seconds a decision instead of
 * a tenth of one) takes about twice its usual time instead of waiting minutes behind it. A job taken up later starts
 * level with the least-served job already held, so it shares the workers from then on rather than taking them over.
 *
 * The database is the queue: a job is claimed by a conditional update (queued → running), so two nodes never run the
 * same one. While a job is held, the row's `done` and a heartbeat are written about twice a second; the page polls
 * them. A restart loses nothing: the jobs held when the server stops (`stop()`) go back to queued and are picked up at
 * the next start, and one whose node died is taken over once its heartbeat is `staleMs` old. Jobs start over from the
 * first decision (an analysis takes seconds to minutes; partial results are not worth a resume format).
 *
 * @example
 *   const runner = new AnalysisRunner({ db, logger, runTask: (task) => analysisPool.run(task) });
 *   runner.start();   // picks up what is queued and wakes on each new request
 *   await runner.stop();
 */
import { analysisPoints, summarise, type AnalysisEntry, type AnalysisPoint } from "@/lib/analysis/match-analysis";
import type { Color } from "@/lib/engine/types";
import type { Ply } from "@/lib/analysis/types";
import type { Db } from "@/server/db/client";
import type { Logger } from "@/server/log";
import { loadLiveMatch } from "@/server/match/live-match";
import { setAnalysisWakeHook } from "./analysis-jobs";
import type { RunAnalysisTask } from "./analysis-task";
import { analysisEngineId } from "./engine-id";

export interface AnalysisRunnerOptions {
  readonly db: Db;
  readonly logger: Logger;
  readonly runTask: RunAnalysisTask;
  readonly engine?: string;
  /** How many jobs this node holds and shares the workers among (default 4). */
  readonly maxJobs?: number;
  /** How many decisions are in the workers at once: the analysis pool's size (default 1). */
  readonly concurrency?: number;
  /** How often to look for work nobody woke us for (another node's request, a dead node's job). */
  readonly pollMs?: number;
  /** A running job whose heartbeat is this old belongs to a node that stopped: run it here. */
  readonly staleMs?: number;
  readonly progressMs?: number;
  readonly now?: () => number;
}

/** A job this node holds: its decisions, how far it got, and how much worker time it has had. */
interface HeldJob {
  readonly id: string;
  readonly matchId: string;
  readonly ply: Ply;
  readonly points: readonly AnalysisPoint[];
  readonly forced: Record<Color, number>;
  /** Each point's entries once its decision is back, by the point's index. */
  readonly entries: (readonly AnalysisEntry[] | undefined)[];
  readonly claimedAt: number;
  /** The next point to hand to a worker. */
  next: number;
  done: number;
  workerMs: number;
}

export class AnalysisRunner {
  private readonly db: Db;
  private readonly logger: Logger;
  private readonly runTask: RunAnalysisTask;
  private readonly engine: string;
  private readonly maxJobs: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly staleMs: number;
  private readonly progressMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  /** Set by `wake`: look in the queue before the next decision. */
  private lookForWork = false;
  private stopped = false;
  private readonly held: HeldJob[] = [];
  /** The decisions in the workers now. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(options: AnalysisRunnerOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.runTask = options.runTask;
    this.engine = options.engine ?? analysisEngineId();
    this.maxJobs = options.maxJobs ?? 4;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.pollMs = options.pollMs ?? 2000;
    this.staleMs = options.staleMs ?? 30_000;
    this.progressMs = options.progressMs ?? 500;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    setAnalysisWakeHook(() => this.wake());
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.heartbeat = setInterval(() => void this.progress(), this.progressMs);
    this.heartbeat.unref();
    this.wake();
  }

  /** Looks in the queue now (or before the next decision of the jobs in hand). */
  wake(): void {
    if (this.stopped) return;
    this.lookForWork = true;
    if (this.draining) return;
    this.draining = this.drain()
      .catch((error: unknown) => this.logger.error("analysis runner failed", { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        this.draining = null;
        if (this.lookForWork) this.wake();
      });
  }

  /** Stops after the decisions in hand; the jobs held go back to the queue. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    setAnalysisWakeHook(undefined);
    await this.draining;
    const ids = this.held.splice(0).map((job) => job.id);
    if (ids.length > 0) await this.db.prisma.matchAnalysis.updateMany({ where: { id: { in: ids }, status: "running" }, data: { status: "queued", heartbeat: null } });
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped) {
        if (this.lookForWork || this.held.length === 0) {
          this.lookForWork = false;
          await this.takeUpJobs();
        }
        while (this.inFlight.size < this.concurrency) {
          const job = this.leastServed();
          if (job === null) break;
          const step = this.step(job).finally(() => this.inFlight.delete(step));
          this.inFlight.add(step);
        }
        if (this.inFlight.size === 0) return;
        await Promise.race(this.inFlight);
      }
    } finally {
      await Promise.all(this.inFlight);
    }
  }

  /** Claims queued (or abandoned) jobs, oldest first, until this node holds `maxJobs`. */
  private async takeUpJobs(): Promise<void> {
    while (!this.stopped && this.held.length < this.maxJobs) {
      const claimed = await this.claim();
      if (claimed === null) return;
      const job = await this.load(claimed);
      if (job) this.held.push(job);
    }
  }

  /** The oldest job that is queued or abandoned by a stopped node, claimed for this node; null when there is none. */
  private async claim(): Promise<{ id: string; matchId: string; ply: number } | null> {
    while (!this.stopped) {
      const staleBefore = new Date(this.now() - this.staleMs);
      const claimable = { engine: this.engine, OR: [{ status: "queued" as const }, { status: "running" as const, heartbeat: { lt: staleBefore } }] };
      const next = await this.db.prisma.matchAnalysis.findFirst({ where: claimable, orderBy: { createdAt: "asc" }, select: { id: true, matchId: true, ply: true } });
      if (!next) return null;
      const at = new Date(this.now());
      const claimed = await this.db.prisma.matchAnalysis.updateMany({
        where: { id: next.id, ...claimable },
        data: { status: "running", heartbeat: at, startedAt: at, done: 0, error: null },
      });
      if (claimed.count === 1) return next;
    }
    return null;
  }

  /** The claimed job's decisions, read from the match record; a record that cannot be analysed fails the job. */
  private async load(claimed: { id: string; matchId: string; ply: number }): Promise<HeldJob | null> {
    try {
      const loaded = await loadLiveMatch(this.db, claimed.matchId);
      if (!loaded) throw new Error(`match ${claimed.matchId} not found`);
      const events = loaded.events.map(({ event }) => event);
      const created = events.find((e) => e.type === "created");
      if (created?.type !== "created") throw new Error("the match record has no created event");
      const actions = events.flatMap((e) => (e.type === "action" ? [e.action] : []));
      const { points, forced } = analysisPoints({ matchLength: created.matchLength }, actions);
      await this.db.prisma.matchAnalysis.updateMany({ where: { id: claimed.id, status: "running" }, data: { total: points.length } });
      // Level with the least-served job held: it shares the worker from now on, it does not take it over.
      const workerMs = this.held.length === 0 ? 0 : Math.min(...this.held.map((job) => job.workerMs));
      return { ...claimed, ply: claimed.ply as Ply, points, forced, entries: [], claimedAt: this.now(), next: 0, done: 0, workerMs };
    } catch (error) {
      await this.fail(claimed, error);
      return null;
    }
  }

  /** The held job with the least worker time that has a decision left to hand out (a job of none comes first). */
  private leastServed(): HeldJob | null {
    let least: HeldJob | null = null;
    for (const job of this.held) {
      const waiting = job.next < job.points.length || (job.points.length === 0 && job.next === 0);
      if (waiting && (least === null || job.workerMs < least.workerMs)) least = job;
    }
    return least;
  }

  /** One decision of the job, handed to a worker; the job's last one back stores the result. */
  private async step(job: HeldJob): Promise<void> {
    const index = job.next++;
    const point = job.points[index];
    const started = this.now();
    try {
      if (point) job.entries[index] = await this.runTask({ kind: "analyse-match", point, ply: job.ply });
    } catch (error) {
      // The job's other decisions in the workers come back to a job no longer held and are dropped.
      if (this.release(job)) await this.fail(job, error);
      return;
    }
    if (!this.held.includes(job)) return;
    job.workerMs += this.now() - started;
    if (point) job.done++;
    if (job.done < job.points.length) return;
    this.release(job);
    const entries = job.entries.flatMap((e) => e ?? []);
    const analysis = { ply: job.ply, entries, totals: summarise(entries, job.forced) };
    await this.db.prisma.matchAnalysis.updateMany({
      where: { id: job.id, status: "running" },
      data: { status: "done", done: job.done, result: JSON.stringify(analysis), finishedAt: new Date(this.now()), heartbeat: new Date(this.now()) },
    });
    this.logger.info("match analysed", { matchId: job.matchId, ply: job.ply, decisions: job.done, ms: this.now() - job.claimedAt, workerMs: job.workerMs });
  }

  /** Lets go of the job; false when it was let go of already. */
  private release(job: HeldJob): boolean {
    const at = this.held.indexOf(job);
    if (at < 0) return false;
    this.held.splice(at, 1);
    return true;
  }

  private async fail(job: { id: string; matchId: string; ply: number }, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.logger.error("match analysis failed", { matchId: job.matchId, ply: job.ply, error: message });
    await this.db.prisma.matchAnalysis.updateMany({ where: { id: job.id }, data: { status: "failed", error: message, finishedAt: new Date(this.now()) } });
  }

  /** Writes each held job's heartbeat and how many of its decisions are done. */
  private async progress(): Promise<void> {
    const at = new Date(this.now());
    await Promise.all(
      this.held.map((job) =>
        this.db.prisma.matchAnalysis.updateMany({ where: { id: job.id, status: "running" }, data: { heartbeat: at, done: job.done } }).catch((error: unknown) => {
          this.logger.warn("analysis progress not written", { error: error instanceof Error ? error.message : String(error) });
        }),
      ),
    );
  }
}
