// The message files stay complete and consistent: every language has exactly English's keys, each translation asks
// for the same {arguments} and <tags>, every key a component uses exists, and every error code the server can send
// has a sentence — for every reason and with the values each failure gives (i18n/scan-failures.ts). A failure names
// what is missing, e.g. `fr: missing lobby.newMatch`, `errors.ERR_X has no text` or `fr: errors.ERR_X has no branch
// for reason "y" (lib/match/play.ts:26)`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { icuArguments } from "./icu-arguments";
import { LOCALES } from "./locales";
import { MESSAGES } from "./messages";
import { wordingValues } from "@/lib/engine/types";
import { scanFailures, type FailureSite } from "./scan-failures";

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
  const INTERNAL = new Set(["ERR_SEED_KEY_MISSING", "ERR_SEED_KEY_INVALID", "ERR_SEED_KEY_FILE", "ERR_PROOF_KEY_MISSING", "ERR_PROOF_KEY_INVALID", "ERR_PROOF_KEY_FILE", "ERR_SEED_UNSEAL", "ERR_SEED_ALREADY_REVEALED", "ERR_SEED_MISMATCH", "ERR_NONCE_TAKEN", "ERR_TEST_ROLLBACK", "ERR_SOMETHING_NEW", "ERR_MATCH_EXISTS"]);

  it("every error code the server or the rules can send has a sentence in errors.*", () => {
    const sources = [...files(path.join(ROOT, "server"), (n) => n.endsWith(".ts") && !n.includes(".test.")), ...files(path.join(ROOT, "lib"), (n) => n.endsWith(".ts") && !n.includes(".test."))];
    const codes = new Set(sources.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/"(ERR_[A-Z_]+)"/g)].map((m) => m[1] as string)));
    expect(codes.size).toBeGreaterThan(40);
    const untold = [...codes].filter((code) => !INTERNAL.has(code) && !english.has(`errors.${code}`)).map((code) => `errors.${code} has no text in messages/en.json`);
    expect(untold).toEqual([]);
  });

  describe("every failure in words", () => {
    const sources = ["lib", "server", "app"].flatMap((dir) => files(path.join(ROOT, dir), (n) => /\.tsx?$/.test(n) && !n.includes(".test.")));
    const sites = sources.flatMap((file) => scanFailures(path.relative(ROOT, file), readFileSync(file, "utf8")));
    const where = (site: FailureSite) => `${site.file}:${site.line}`;
    /** Codes whose values are another failure's (`err("ERR_ILLEGAL_PLAY", play.values)`), and the failures they pass on. */
    const CARRIED: Readonly<Record<string, readonly string[]>> = {
      ERR_ILLEGAL_PLAY: ["ERR_ILLEGAL_MOVE", "ERR_NOT_ALL_DICE", "ERR_LARGER_DIE", "ERR_MUST_ENTER"],
      ERR_BAD_CLIENT_SEED: ["ERR_CLIENT_SEED_TYPE", "ERR_CLIENT_SEED_EMPTY", "ERR_CLIENT_SEED_TOO_LONG", "ERR_CLIENT_SEED_CHARS"],
    };
    interface Case {
      readonly reason: string | null;
      readonly names: readonly string[];
      readonly spread: boolean;
      readonly at: string;
    }
    const own = (code: string): Case[] =>
      sites.filter((s) => s.code === code && !s.passed).flatMap((s) => (s.reasons ?? [null]).map((reason) => ({ reason, names: s.names, spread: s.spread, at: where(s) })));
    const codes = [...new Set(sites.map((s) => s.code))].filter((code) => !INTERNAL.has(code)).sort();
    const cases = new Map(codes.map((code) => [code, [...own(code), ...(CARRIED[code] ?? []).flatMap(own)]]));

    /** How a message uses each argument: a number (plural), a select with its keys, or plain text. */
    function usage(elements: readonly MessageFormatElement[], into = new Map<string, "number" | "text" | string[]>()) {
      for (const element of elements) {
        if (element.type === TYPE.argument) into.set(element.value, into.get(element.value) ?? "text");
        if (element.type === TYPE.number || element.type === TYPE.plural) into.set(element.value, "number");
        if (element.type === TYPE.select) into.set(element.value, Object.keys(element.options));
        if (element.type === TYPE.select || element.type === TYPE.plural) for (const option of Object.values(element.options)) usage(option.value, into);
        if (element.type === TYPE.tag) usage(element.children, into);
      }
      return into;
    }
    const sample = (use: "number" | "text" | string[] | undefined): string | number =>
      use === "number" ? 2 : Array.isArray(use) ? (use.find((key) => key !== "other") ?? "other") : "x";

    it("the scanner reads codes, reasons through ?:, value names, spreads and passed-on values", () => {
      const found = scanFailures(
        "x.ts",
        [
          `err("ERR_A");`,
          `refuse("ERR_B", { reason: over ? "over" : "notStarted", nonce });`,
          `fail("ERR_C", { reason: "field", ...issue(error) });`,
          `err("ERR_D", play.values);`,
          `sendError(res, 404, "ERR_E", { reason });`,
          `err(code, { reason: "ignored" });`,
        ].join("\n"),
      );
      expect(found.map((f) => [f.line, f.code, f.reasons, f.names, f.spread, f.passed, f.unresolved])).toEqual([
        [1, "ERR_A", null, [], false, false, false],
        [2, "ERR_B", ["over", "notStarted"], ["nonce"], false, false, false],
        [3, "ERR_C", ["field"], [], true, false, false],
        [4, "ERR_D", null, [], false, true, false],
        [5, "ERR_E", null, [], false, false, true],
      ]);
    });

    it("finds the failures, each with its reason written where it is made", () => {
      expect(sites.length).toBeGreaterThan(150);
      expect(cases.get("ERR_WRONG_STATUS")?.map((c) => c.reason)).toEqual(expect.arrayContaining(["over", "notStarted", "computerSeedFirst", "cancelledNoRematch"]));
      expect(sites.filter((s) => s.unresolved).map((s) => `${where(s)}: ${s.code}'s reason is not written at the call`)).toEqual([]);
      expect(sites.filter((s) => s.passed && !Object.hasOwn(CARRIED, s.code)).map((s) => `${where(s)}: ${s.code} passes on values this test does not know`)).toEqual([]);
    });

    it.each(LOCALES)("%s words every code with every reason and the values its failures give", (locale) => {
      const messages = flatten(MESSAGES[locale] as Tree);
      const problems: string[] = [];
      for (const code of codes) {
        const message = messages.get(`errors.${code}`);
        if (message === undefined) {
          problems.push(`${locale}: errors.${code} has no text`);
          continue;
        }
        const use = usage(parse(message));
        const branches = use.get("reason");
        const reasons = new Set((cases.get(code) ?? []).flatMap((c) => (c.reason === null ? [] : [c.reason])));
        for (const c of cases.get(code) ?? []) {
          if (c.reason !== null && Array.isArray(branches) && !branches.includes(c.reason)) problems.push(`${locale}: errors.${code} has no branch for reason "${c.reason}" (${c.at})`);
          if (c.reason !== null && !Array.isArray(branches) && reasons.size > 1) problems.push(`${locale}: errors.${code} gives ${reasons.size} reasons but does not select on {reason} (${c.at})`);
          const names = c.spread ? [...use.keys()].filter((name) => name !== "reason") : c.names;
          const values = Object.fromEntries([...names.map((name) => [name, sample(use.get(name))]), ...(c.reason === null ? [] : [["reason", c.reason]])]);
          try {
            // As the pages and the server word it (components/i18n/error-text.ts, i18n/english.ts).
            new IntlMessageFormat(message, locale).format(wordingValues(values));
          } catch (error) {
            problems.push(`${locale}: errors.${code} with ${JSON.stringify(values)} (${c.at}): ${(error as Error).message}`);
          }
        }
        // A branch no failure gives is words nobody reads (or a reason misspelt on one side).
        if (Array.isArray(branches)) for (const branch of branches) if (branch !== "other" && !reasons.has(branch)) problems.push(`${locale}: errors.${code} words reason "${branch}", which no failure gives`);
      }
      expect(problems).toEqual([]);
    });
  });
});
