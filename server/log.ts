/**
 * A small structured logger: one line per event, to stdout (info and debug) or stderr (warn and error).
 * It takes a message and plain fields only; secrets are kept out by construction, since no secret-holding object
 * serialises to its secret (see server/vault) and callers never pass seeds here.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel = "info", write: (line: string, isError: boolean) => void = defaultWrite): Logger {
  const emit = (at: Exclude<LogLevel, "silent">, message: string, fields?: Record<string, unknown>) => {
    if (order[at] < order[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields }), order[at] >= order.warn);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

function defaultWrite(line: string, isError: boolean): void {
  (isError ? process.stderr : process.stdout).write(line + "\n");
}
