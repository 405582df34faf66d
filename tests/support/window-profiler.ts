/**
 * A CPU profile of this process over a window of time, taken with the inspector (no flags, no restart): the load
 * benchmark profiles the server and its bots during each measurement window only, where `--cpu-prof` would mix in
 * start-up and the burst of match set-ups between windows.
 *
 * @example
 *   const profiler = new WindowProfiler();
 *   await profiler.start();
 *   await profiler.stop("/tmp/x/step-2000-server.cpuprofile"); // a file DevTools and cpu-profile-summary.ts read
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

export class WindowProfiler {
  #session: Session | null = null;

  async start(): Promise<void> {
    if (this.#session) return;
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
    this.#session = session;
  }

  /** Stops profiling and writes the profile to `file` (nothing is written when no profile was running). */
  async stop(file: string): Promise<void> {
    const session = this.#session;
    if (!session) return;
    this.#session = null;
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    writeFileSync(file, JSON.stringify(profile));
  }
}
