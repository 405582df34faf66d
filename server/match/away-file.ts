/**
 * The away clocks of a single node without Redis, kept in a file beside its SQLite database (DATA_DIR), so that a
 * restart does not lose them either (issue 47 item 1; a cluster keeps them in Redis: away-store.ts). The file is
 * rewritten whole — written to a temporary name, then renamed over the old one, so a kill mid-write leaves the last
 * complete file — at most every `flushMs` after a clock starts or stops, and read back once when the node starts.
 * Entries older than `keepMs` are dropped then. A file that cannot be read is taken as empty: the clocks then start at
 * the restart, as they did before.
 *
 * @example
 *   const away = new AwayFile(join(dataDir, "away-clocks.json"));
 *   presence.restoreAway(await away.load(Date.now()));
 *   away.attach(presence);
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import type { Presence } from "./presence";

export class AwayFile {
  readonly #path: string;
  readonly #keepMs: number;
  readonly #flushMs: number;
  readonly #clocks = new Map<string, number>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(path: string, options: { readonly keepMs?: number; readonly flushMs?: number } = {}) {
    this.#path = path;
    this.#keepMs = options.keepMs ?? 24 * 60 * 60_000;
    this.#flushMs = options.flushMs ?? 500;
  }

  /** Keeps every clock `presence` starts or stops from now on. */
  attach(presence: Pick<Presence, "onAwayChange">): void {
    presence.onAwayChange((userId, since) => {
      if (since === null) this.#clocks.delete(userId);
      else this.#clocks.set(userId, since);
      this.#timer ??= setTimeout(() => {
        this.#timer = undefined;
        void this.flush();
      }, this.#flushMs);
    });
  }

  /** Writes the clocks now (also what a closing node does last). */
  flush(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    const text = JSON.stringify(Object.fromEntries(this.#clocks));
    const draft = `${this.#path}.${process.pid}.tmp`;
    this.#writing = this.#writing.then(() => writeFile(draft, text).then(() => rename(draft, this.#path))).catch(() => {});
    return this.#writing;
  }

  /** The clocks kept, user → when they went away (those older than `keepMs` dropped). */
  async load(now: number): Promise<[string, number][]> {
    let kept: unknown;
    try {
      kept = JSON.parse(await readFile(this.#path, "utf8"));
    } catch {
      return [];
    }
    if (typeof kept !== "object" || kept === null) return [];
    for (const [userId, since] of Object.entries(kept)) {
      if (typeof since === "number" && Number.isFinite(since) && since >= now - this.#keepMs && since <= now) this.#clocks.set(userId, since);
    }
    return [...this.#clocks];
  }
}
