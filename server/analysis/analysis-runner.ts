/**
 * Runs the queued analysis jobs of one node, one job at a time and one decision at a time, each decision an
 * "analyse-match" task in the engine worker pool (the search never runs on the event loop, and a single analysis
 * never takes more than one worker, so the computer opponents keep theirs).
 *
 * The database is the queue: a job is claimed by a conditional update (queued → running), so two nodes never run the
 * same one. While it runs, the row's `done` and a heartbeat are written about twice a second; the page polls them.
 * A restart loses nothing: a job stopped with its server (`stop()`) goes back to queued and is picked up at the next
 * start, and one whose node died is taken over once its heartbeat is `staleMs` old. Jobs start over from the first
 * decision (an analysis takes seconds to minutes; partial results are not worth a resume format).
 *
 * @example
 *   const runner = new AnalysisRunner({ db, logger, runTask: (task) => pool.runEngineTask(task) });
 *   runner.start();   // picks up what is queued and wakes on each new request
 *   await runner.stop();
 */
import { analysisPoints, summarise, type AnalysisEntry, type MatchAnalysis } from "@/lib/analysis/match-analysis";
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
  /** How often to look for work nobody woke us for (another node's request, a dead node's job). */
  readonly pollMs?: number;
  /** A running job whose heartbeat is this old belongs to a node that stopped: run it here. */
  readonly staleMs?: number;
  readonly progressMs?: number;
  readonly now?: () => number;
}

interface Job {
  readonly id: string;
  readonly matchId: string;
  readonly ply: number;
}

class Stopped extends Error {}

export class AnalysisRunner {
  private readonly db: Db;
  private readonly logger: Logger;
  private readonly runTask: RunAnalysisTask;
  private readonly engine: string;
  private readonly pollMs: number;
  private readonly staleMs: number;
  private readonly progressMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Decisions done per running job, written with each heartbeat. */
  private readonly lastDone = new Map<string, number>();

  constructor(options: AnalysisRunnerOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.runTask = options.runTask;
    this.engine = options.engine ?? analysisEngineId();
    this.pollMs = options.pollMs ?? 2000;
    this.staleMs = options.staleMs ?? 30_000;
    this.progressMs = options.progressMs ?? 500;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    setAnalysisWakeHook(() => this.wake());
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (or right after the job in hand). */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => this.logger.error("analysis runner failed", { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops after the decision in hand; the job it was on goes back to the queue. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    setAnalysisWakeHook(undefined);
    await this.draining;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.claim();
      if (job === null) return;
      await this.run(job);
    }
  }

  /** The oldest job that is queued or abandoned by a stopped node, claimed for this node; null when there is none. */
  private async claim(): Promise<Job | null> {
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

  private async run(job: Job): Promise<void> {
    const started = this.now();
    const beat = setInterval(() => void this.progress(job), this.progressMs);
    try {
      const result = await this.analyse(job);
      await this.db.prisma.matchAnalysis.updateMany({
        where: { id: job.id, status: "running" },
        data: { status: "done", done: result.done, result: JSON.stringify(result.analysis), finishedAt: new Date(this.now()), heartbeat: new Date(this.now()) },
      });
      this.logger.info("match analysed", { matchId: job.matchId, ply: job.ply, decisions: result.done, ms: this.now() - started });
    } catch (error) {
      if (error instanceof Stopped) {
        await this.db.prisma.matchAnalysis.updateMany({ where: { id: job.id, status: "running" }, data: { status: "queued", heartbeat: null } });
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error("match analysis failed", { matchId: job.matchId, ply: job.ply, error: message });
      await this.db.prisma.matchAnalysis.updateMany({ where: { id: job.id }, data: { status: "failed", error: message, finishedAt: new Date(this.now()) } });
    } finally {
      clearInterval(beat);
    }
  }

  /** Writes the heartbeat and how many decisions are done. */
  private async progress(job: Job): Promise<void> {
    const data = { heartbeat: new Date(this.now()), ...(this.lastDone.has(job.id) ? { done: this.lastDone.get(job.id) } : {}) };
    await this.db.prisma.matchAnalysis.updateMany({ where: { id: job.id, status: "running" }, data }).catch((error: unknown) => {
      this.logger.warn("analysis progress not written", { error: error instanceof Error ? error.message : String(error) });
    });
  }

  private async analyse(job: Job): Promise<{ analysis: MatchAnalysis; done: number }> {
    const loaded = await loadLiveMatch(this.db, job.matchId);
    if (!loaded) throw new Error(`match ${job.matchId} not found`);
    const events = loaded.events.map(({ event }) => event);
    const created = events.find((e) => e.type === "created");
    if (created?.type !== "created") throw new Error("the match record has no created event");
    const actions = events.flatMap((e) => (e.type === "action" ? [e.action] : []));
    const { points, forced } = analysisPoints({ matchLength: created.matchLength }, actions);
    await this.db.prisma.matchAnalysis.updateMany({ where: { id: job.id, status: "running" }, data: { total: points.length } });
    const ply = job.ply as Ply;
    const entries: AnalysisEntry[] = [];
    try {
      for (const [i, point] of points.entries()) {
        if (this.stopped) throw new Stopped();
        entries.push(...(await this.runTask({ kind: "analyse-match", point, ply })));
        this.lastDone.set(job.id, i + 1);
      }
    } finally {
      this.lastDone.delete(job.id);
    }
    return { analysis: { ply, entries, totals: summarise(entries, forced) }, done: points.length };
  }
}
