// metaTitle("ns", "key") names its message by strings that i18n/messages.test.ts's scan of t("…") calls does not
// see: this checks that every page's title exists, in every language.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";

const APP = path.join(import.meta.dirname, "..", "..", "app");

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return pages(full);
    return name.endsWith(".tsx") ? [full] : [];
  });
}

function message(messages: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((at, part) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[part] : undefined), messages);
}

describe("metaTitle", () => {
  const titles = pages(APP).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/\bmetaTitle\("([\w.]+)"(?:, "(\w+)")?\)/g)].map((m) => ({ page: path.relative(APP, file), key: `${m[1]}.${m[2] ?? "metaTitle"}` })),
  );

  it("is used by the pages whose metadata is their title", () => {
    expect(titles.length).toBeGreaterThan(10);
  });

  it.each(LOCALES)("%s: every page's title is a message", (locale) => {
    const missing = titles.filter(({ key }) => typeof message(MESSAGES[locale], key) !== "string").map(({ page, key }) => `${page}: ${key}`);
    expect(missing).toEqual([]);
  });
});
