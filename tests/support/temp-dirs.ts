/**
 * Scratch directories for a test file, removed after each test: `const tempDir = tempDirs("seed-key-")` at the top of
 * the file, then `tempDir()` wherever a test needs a fresh one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

export function tempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}

/** A logger that keeps its lines, for tests that check what was said. */
export function recordingLogger() {
  const lines: string[] = [];
  const keep = (message: string) => void lines.push(message);
  return { lines, warn: keep, info: keep };
}
