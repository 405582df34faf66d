/**
 * The engine the analysis board's route (app/api/analysis/route.ts) asks: the server's worker pool, handed over by
 * server/main.ts when it starts, so a search never runs on the event loop that serves pages and sockets. Kept on
 * globalThis because Next.js loads route modules in bundles of their own. Null where no engine pool runs (a page-less
 * test, or `next dev` without the custom server): the route then answers 503.
 *
 * @example
 *   setBoardEngine((request) => pool.run({ kind: "analyse-position", request })); // server/main.ts
 *   const analysis = await boardEngine()?.(request);
 */
import type { PositionAnalysis, PositionRequest } from "@/lib/analysis/position-analysis";

export type BoardEngine = (request: PositionRequest) => Promise<PositionAnalysis>;

const processWide = globalThis as typeof globalThis & { __fairgammonBoardEngine?: BoardEngine | null };

export function setBoardEngine(engine: BoardEngine | null): void {
  processWide.__fairgammonBoardEngine = engine;
}

export function boardEngine(): BoardEngine | null {
  return processWide.__fairgammonBoardEngine ?? null;
}
