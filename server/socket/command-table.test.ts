import { describe, expect, it } from "vitest";
import { commandSchemas } from "@/lib/protocol";
import { areaTables, commandHandlers } from "./command-table";

describe("the command table", () => {
  it("gives every protocol command exactly one area", () => {
    const claims = new Map<string, string[]>();
    for (const [area, table] of Object.entries(areaTables)) for (const name of Object.keys(table)) claims.set(name, [...(claims.get(name) ?? []), area]);
    expect([...claims].filter(([, areas]) => areas.length > 1)).toEqual([]);
    expect([...claims.keys()].sort()).toEqual(Object.keys(commandSchemas).sort());
    expect(Object.keys(commandHandlers).sort()).toEqual(Object.keys(commandSchemas).sort());
  });
});
