// The message files stay complete and consistent: every language has exactly English's keys, each translation asks
// for the same {arguments} and <tags>, every key a component uses exists, and every error code the server can send
// has a sentence. A failure names what is missing, e.g. `fr: missing lobby.newMatch` or `errors.ERR_X has no text`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { icuArguments } from "./icu-arguments";
import { LOCALES } from "./locales";
import { MESSAGES } from "./messages";

const ROOT = path.join(import.meta.dirname, "..");
type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" || name === "generated" ? [] : files(full, test);
    return test(name) ? [full] : [];
  });
}

const english = flatten(MESSAGES.en as Tree);

describe("message files", () => {
  it.each(LOCALES.filter((l) => l !== "en"))("%s has exactly the English keys", (locale) => {
    const other = flatten(MESSAGES[locale] as Tree);
    const missing = [...english.keys()].filter((k) => !other.has(k)).map((k) => `${locale}: missing ${k}`);
    const extra = [...other.keys()].filter((k) => !english.has(k)).map((k) => `${locale}: ${k} is not in en.json`);
    expect([...missing, ...extra]).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== "en"))("%s asks for the same {arguments} and <tags> as English", (locale) => {
    const other = flatten(MESSAGES[locale] as Tree);
    const differ: string[] = [];
    for (const [key, message] of english) {
      const translated = other.get(key);
      if (translated === undefined) continue;
      const a = icuArguments(message);
      const b = icuArguments(translated);
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${locale}: ${key} uses ${JSON.stringify(b)}, English ${JSON.stringify(a)}`);
    }
    expect(differ).toEqual([]);
  });

  it.each(LOCALES)("%s: every message formats", (locale) => {
    const problems: string[] = [];
    const t = createTranslator({ locale, messages: MESSAGES[locale], onError: (error) => problems.push(`${locale}: ${error.message}`) });
    for (const [key, message] of english) {
      const values = Object.fromEntries(icuArguments(message).args.map((a) => [a, a === "count" || a === "points" || a === "minutes" || a === "rolls" || a === "matches" || a === "failed" ? 2 : "white"]));
      const tagValues = Object.fromEntries(icuArguments(message).tags.map((tag) => [tag, (chunks: string) => chunks]));
      const rich = icuArguments(message).tags.length > 0;
      if (rich) t.markup(key as never, { ...values, ...tagValues } as never);
      else t(key as never, values as never);
    }
    expect(problems).toEqual([]);
  });

  it("the argument reader reads selects, plurals and tags, and refuses broken messages", () => {
    expect(icuArguments("{player, select, white {White} other {Black}} wins {points, plural, one {# point} other {# points}} <b>{x}</b>")).toEqual({
      args: ["player", "points", "x"],
      tags: ["b"],
    });
    expect(() => icuArguments("{player, select, white {White}")).toThrow();
  });

  it("every key the components and pages ask for exists in en.json", () => {
    const sources = [...files(path.join(ROOT, "app"), (n) => /\.tsx?$/.test(n) && !n.includes(".test.")), ...files(path.join(ROOT, "components"), (n) => /\.tsx?$/.test(n) && !n.includes(".test."))];
    const prefixes = new Set([...english.keys()].flatMap((k) => k.split(".").map((_, i, parts) => parts.slice(0, i + 1).join("."))));
    const missing: string[] = [];
    let checked = 0;
    for (const file of sources) {
      const source = readFileSync(file, "utf8");
      const namespaces = [...source.matchAll(/(?:use|get)Translations\("([^"]+)"\)/g)].map((m) => m[1] as string);
      if (namespaces.length === 0) continue;
      // t("key"), tm("key"), t.rich("key"), and the literal branches of t(cond ? "a" : "b").
      for (const call of source.matchAll(/\bt[a-z]?(?:\.rich|\.markup|\.has)?\(([^()]*?)(?:[,)])/g)) {
        // The key itself, or a branch of a conditional (not the strings a condition compares with).
        for (const literal of (call[1] ?? "").matchAll(/(?:^|\?\s*|:\s*)"([\w.-]+)"/g)) {
          const key = literal[1] as string;
          checked += 1;
          if (!namespaces.some((ns) => english.has(`${ns}.${key}`) || prefixes.has(`${ns}.${key}`))) {
            missing.push(`${path.relative(ROOT, file)}: "${key}" is in none of ${namespaces.join(", ")}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });

  // Codes that never reach a person: start-up configuration, test scaffolding, and verifier internals that the
  // report states in its own words.
  const INTERNAL = new Set(["ERR_SEED_KEY_MISSING", "ERR_SEED_KEY_INVALID", "ERR_SEED_KEY_FILE", "ERR_SEED_UNSEAL", "ERR_SEED_ALREADY_REVEALED", "ERR_SEED_MISMATCH", "ERR_NONCE_TAKEN", "ERR_TEST_ROLLBACK", "ERR_SOMETHING_NEW", "ERR_MATCH_EXISTS"]);

  it("every error code the server or the rules can send has a sentence in errors.*", () => {
    const sources = [...files(path.join(ROOT, "server"), (n) => n.endsWith(".ts") && !n.includes(".test.")), ...files(path.join(ROOT, "lib"), (n) => n.endsWith(".ts") && !n.includes(".test."))];
    const codes = new Set(sources.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/"(ERR_[A-Z_]+)"/g)].map((m) => m[1] as string)));
    expect(codes.size).toBeGreaterThan(40);
    const untold = [...codes].filter((code) => !INTERNAL.has(code) && !english.has(`errors.${code}`)).map((code) => `errors.${code} has no text in messages/en.json`);
    expect(untold).toEqual([]);
  });
});
