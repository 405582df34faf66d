/**
 * The server's structured logger: pino, one JSON line per event, to stdout (debug and info) or stderr (warn and
 * error), behind the small `Logger` interface the rest of the server uses. Secrets are kept out twice: no
 * secret-holding object serialises to its secret (see server/vault), and fields named like a secret (`seed`,
 * `serverSeed`, `password`, `secret`, `token`, ... at the top level or one level down) are replaced by
 * "[redacted]" before the line is written, in case a caller passes one anyway.
 *
 * @example
 *   const logger = createLogger("info");
 *   logger.info("server listening", { url }); // {"level":"info","time":"…","message":"server listening","url":"…"}
 *   logger.warn("odd", { serverSeed: "ab12…" }); // …"serverSeed":"[redacted]"…
 */
import { pino, stdTimeFunctions, type DestinationStream, type Logger as PinoLogger } from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Field names whose values never reach a log line. */
export const REDACTED_FIELDS = [
  "seed",
  "serverSeed",
  "serverSeedEncrypted",
  "password",
  "passwordHash",
  "secret",
  "token",
  "sessionToken",
  "cookie",
  "authorization",
] as const;

const REDACT_PATHS = REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]);

/**
 * `write` receives each line without its newline and whether it is a warning or an error; the default writes to
 * stdout and stderr. Tests pass their own to read the lines.
 */
export function createLogger(level: LogLevel = "info", write: (line: string, isError: boolean) => void = defaultWrite): Logger {
  const stream = (isError: boolean): DestinationStream => ({ write: (line: string) => write(line.trimEnd(), isError) });
  const log: PinoLogger = pino(
    {
      level,
      messageKey: "message",
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    },
    // dedupe: a line goes only to the stream with the highest level at or below its own.
    pino.multistream(
      [
        { level: "debug", stream: stream(false) },
        { level: "warn", stream: stream(true) },
      ],
      { dedupe: true },
    ),
  );
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}

function defaultWrite(line: string, isError: boolean): void {
  (isError ? process.stderr : process.stdout).write(line + "\n");
}
