/**
 * Runs N server nodes as child processes on consecutive ports and starts a node again when it dies by itself (a
 * crash, an out-of-memory kill, kill -9): after 1 s, doubling up to 15 s while it keeps dying within 30 s of its
 * start. `stop()` sends SIGTERM to every node (each drains for SHUTDOWN_DRAIN_SECONDS, then closes) and SIGKILL to
 * any still running after `stopGraceMs`. Each node's output is passed on, every line prefixed with its name.
 *
 * The balancer (balancer.ts) in front of them decides from /api/ready which nodes get players; the supervisor only
 * keeps the processes alive.
 *
 * @example
 *   const nodes = startSupervisor({ count: 2, firstPort: 3001, command: [process.execPath, "--import", "tsx", "server/main.ts"], env });
 *   nodes.nodes; // [{ name: "node1", port: 3001, url: "http://127.0.0.1:3001" }, …]
 *   await nodes.stop();
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

export interface SupervisedNode {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  /** The running process's id, or null while it is down. */
  readonly pid: number | null;
  /** How many times it was started again after dying. */
  readonly restarts: number;
}

export interface SupervisorOptions {
  readonly count: number;
  readonly firstPort: number;
  /** Each node's port instead of consecutive ones from `firstPort` (tests take free ports). */
  readonly ports?: readonly number[];
  /** The program and its arguments; every node runs the same one, with PORT (and NODE_NAME) set. */
  readonly command: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly host?: string;
  readonly cwd?: string;
  /** Where node output lines go (default: this process's stdout, prefixed). */
  readonly output?: (node: string, line: string) => void;
  readonly log?: (line: string) => void;
  readonly stopGraceMs?: number;
  /** First restart delay; it doubles while a node keeps dying soon after starting. */
  readonly restartDelayMs?: number;
}

export interface Supervisor {
  readonly nodes: readonly SupervisedNode[];
  stop(): Promise<void>;
}

const MAX_RESTART_DELAY_MS = 15_000;
const STABLE_AFTER_MS = 30_000;

interface Slot {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  restarts: number;
  delay: number;
  startedAt: number;
  timer: NodeJS.Timeout | null;
}

export function startSupervisor(options: SupervisorOptions): Supervisor {
  const [program, ...args] = options.command;
  if (!program) throw new Error("supervisor: no command");
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const output = options.output ?? ((node: string, line: string) => process.stdout.write(`[${node}] ${line}\n`));
  const host = options.host ?? "127.0.0.1";
  const firstDelay = options.restartDelayMs ?? 1000;
  let stopping = false;

  const portOf = (i: number) => options.ports?.[i] ?? options.firstPort + i;
  const slots: Slot[] = Array.from({ length: options.count }, (_, i) => ({
    name: `node${i + 1}`,
    port: portOf(i),
    url: `http://${host}:${portOf(i)}`,
    child: null,
    restarts: 0,
    delay: firstDelay,
    startedAt: 0,
    timer: null,
  }));

  function launch(slot: Slot): void {
    slot.timer = null;
    slot.startedAt = Date.now();
    const child = spawn(program!, args, {
      cwd: options.cwd ?? process.cwd(),
      env: { ...options.env, PORT: String(slot.port), HOST: host, NODE_NAME: slot.name } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    slot.child = child;
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream! }).on("line", (line) => output(slot.name, line));
    child.once("exit", (code, signal) => {
      slot.child = null;
      if (stopping) return;
      const lived = Date.now() - slot.startedAt;
      if (lived > STABLE_AFTER_MS) slot.delay = firstDelay;
      const wait = slot.delay;
      slot.delay = Math.min(slot.delay * 2, Math.max(MAX_RESTART_DELAY_MS, firstDelay));
      log(`${slot.name} exited (${signal ?? `code ${code}`}); starting it again in ${Math.round(wait / 100) / 10} s`);
      slot.restarts++;
      slot.timer = setTimeout(() => launch(slot), wait);
    });
  }

  for (const slot of slots) launch(slot);

  return {
    nodes: slots.map((slot) => ({
      name: slot.name,
      port: slot.port,
      url: slot.url,
      get pid() {
        return slot.child?.pid ?? null;
      },
      get restarts() {
        return slot.restarts;
      },
    })),
    stop: async () => {
      stopping = true;
      await Promise.all(
        slots.map(async (slot) => {
          if (slot.timer) clearTimeout(slot.timer);
          const child = slot.child;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
          child.kill("SIGTERM");
          const killer = setTimeout(() => child.kill("SIGKILL"), options.stopGraceMs ?? 30_000);
          await exited;
          clearTimeout(killer);
        }),
      );
    },
  };
}
