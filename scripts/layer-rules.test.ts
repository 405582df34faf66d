/**
 * The layer rules of docs/architecture.md are enforced by ESLint (eslint.config.mjs): these cases prove a wrong
 * import arrow fails `npm run lint`, and a right one passes.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import rules", () => {
  it.each([
    ["lib/engine/x.ts", 'import { readFileSync } from "node:fs";', /Node built-ins/],
    ["lib/engine/x.ts", 'import path from "path";', /Node built-ins/],
    ["lib/dice/x.ts", 'import { getDb } from "@/server/db/client";', /outer layers/],
    ["lib/dice/x.ts", 'import { x } from "../../server/db/client";', /outer layers/],
    ["lib/protocol/x.ts", 'import { Board } from "@/components/board/board";', /outer layers/],
    ["lib/protocol/x.ts", 'import page from "@/app/page";', /outer layers/],
    ["lib/record/x.ts", 'import { getDb } from "@/server/db/client";', /outer layers/],
    ["lib/record/x.ts", 'import { commandSchemas } from "../protocol/protocol";', /may not import lib\/protocol/],
    ["lib/match/x.ts", 'import { commandSchemas } from "@/lib/protocol";', /may not import lib\/protocol/],
    ["lib/match/x.ts", 'import { getDb } from "@/server/db/client";', /outer layers/],
    ["lib/record/x.ts", 'import { readFileSync } from "node:fs";', /Node built-ins/],
    ["lib/engine/x.ts", 'import { useState } from "react";', /framework-free/],
    ["lib/engine/x.ts", 'import { create } from "zustand";', /framework-free/],
    ["lib/engine/x.ts", 'import { io } from "socket.io-client";', /framework-free/],
    ["lib/engine/x.ts", 'import { PrismaClient } from "@prisma/client";', /no I\/O/],
    ["components/board/x.tsx", 'import { getDb } from "@/server/db/client";', /run in the browser/],
  ])("%s may not: %s", async (filePath, code, message) => {
    const messages = await restrictedImports(filePath, `${code}\nexport const used = [${code.match(/import \{? ?(\w+)/)?.[1] ?? "0"}];\n`);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => message.test(m))).toBe(true);
  });

  it.each([
    ["lib/engine/x.ts", 'import { z } from "zod";'],
    ["lib/protocol/x.ts", 'import { legalPlays } from "../engine/moves";'],
    ["lib/protocol/x.ts", 'import { evolve } from "../match/view";'],
    ["lib/record/x.ts", 'import { legalPlays } from "../engine/moves";'],
    ["server/match/x.ts", 'import { readFileSync } from "node:fs";'],
    ["components/board/x.tsx", 'import { legalPlays } from "@/lib/engine/moves";'],
  ])("%s may: %s", async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport const used = [${code.match(/import \{? ?(\w+)/)?.[1] ?? "0"}];\n`)).toEqual([]);
  });
});
