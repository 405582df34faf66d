import { describe, expect, it } from "vitest";
import { createLogger, type LogLevel } from "./log";

function capture(level: LogLevel) {
  const lines: { line: string; isError: boolean }[] = [];
  const logger = createLogger(level, (line, isError) => lines.push({ line, isError }));
  return { logger, lines, parsed: () => lines.map(({ line }) => JSON.parse(line) as Record<string, unknown>) };
}

describe("createLogger", () => {
  it("writes one JSON line per event with its level name, message and fields", () => {
    const { logger, parsed } = capture("debug");
    logger.info("server listening", { url: "http://127.0.0.1:3000" });
    const [entry] = parsed();
    expect(entry).toMatchObject({ level: "info", message: "server listening", url: "http://127.0.0.1:3000" });
    expect(new Date(String(entry?.time)).toISOString()).toBe(entry?.time);
  });

  it("sends warnings and errors to the error stream only, and drops levels below its own", () => {
    const { logger, lines } = capture("info");
    logger.debug("hidden");
    logger.info("shown");
    logger.warn("careful");
    logger.error("broken");
    expect(lines.map(({ line, isError }) => [(JSON.parse(line) as { message: string }).message, isError])).toEqual([
      ["shown", false],
      ["careful", true],
      ["broken", true],
    ]);
  });

  it("writes nothing when silent", () => {
    const { logger, lines } = capture("silent");
    logger.error("nobody hears this");
    expect(lines).toEqual([]);
  });

  it("redacts secret-named fields at the top level and one level down", () => {
    const { logger, lines } = capture("debug");
    const seed = "7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a";
    logger.debug("command", { command: "match:seed", serverSeed: seed, payload: { password: "hunter2", seed, moves: "8/5" } });
    const text = lines.map(({ line }) => line).join("\n");
    expect(text).not.toContain(seed);
    expect(text).not.toContain("hunter2");
    const [entry] = lines.map(({ line }) => JSON.parse(line) as Record<string, unknown>);
    expect(entry).toMatchObject({ command: "match:seed", serverSeed: "[redacted]", payload: { password: "[redacted]", seed: "[redacted]", moves: "8/5" } });
  });
});
