/**
 * Crash points for the kill tests: a place between two steps of a reaction where a test may have the process die, as
 * a power cut would — SIGKILL, nothing flushed, nothing closed — to prove that the next start loses nothing and
 * doubles nothing. Inert unless FAIRGAMMON_CRASH_POINT names the point (never set outside a test's child process).
 *
 * @example
 *   await stored(accepted);
 *   crashPoint("challenge-accepted");   // FAIRGAMMON_CRASH_POINT=challenge-accepted: the process dies here
 *   await makeMatch();
 */
export type CrashPointName = "challenge-accepted" | "rematch-made" | "tournament-match-created" | "tournament-match-ended";

export function crashPoint(name: CrashPointName): void {
  if (process.env.FAIRGAMMON_CRASH_POINT === name) process.kill(process.pid, "SIGKILL");
}
