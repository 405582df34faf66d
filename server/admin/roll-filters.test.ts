import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { english } from "@/i18n/english";
import { LOCALES } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";
import { dateBounds, dayStart, filtersRecord, parseRollFilters, rollFilterQuery } from "./roll-filters";

describe("parseRollFilters", () => {
  it("reads every filter, lower-cases the username, and defaults to page 1", () => {
    const { filters, problems } = parseRollFilters({ user: " Bob ", match: "cmabc123", status: "finished", from: "2026-01-01", to: "2026-01-31" });
    expect(filters).toEqual({ user: "bob", match: "cmabc123", status: "finished", from: "2026-01-01", to: "2026-01-31", page: 1 });
    expect(problems).toEqual([]);
  });

  // Each case: what a hand-edited URL may hold, and the filter that survives.
  it.each([
    [{ status: "won" }, { page: 1 }, /status "won"/],
    [{ from: "2026-02-30" }, { page: 1 }, /from date "2026-02-30"/],
    [{ to: "yesterday" }, { page: 1 }, /to date "yesterday"/],
    [{ match: "a b" }, { page: 1 }, /match id "a b"/],
    [{ user: "<script>" }, { page: 1 }, /user "<script>"/],
  ])("drops a value that does not parse and says so: %j", (search, filters, problem) => {
    const parsed = parseRollFilters(search);
    expect(parsed.filters).toEqual(filters);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]?.say).toEqual({ key: "ignored", values: { field: Object.keys(search)[0], value: Object.values(search)[0] } });
    const say = parsed.problems[0]!.say;
    expect(english(`admin.filterNote.${say.key}`, say.values)).toMatch(problem);
  });

  it.each([
    ["3", 3],
    ["0", 1],
    ["-2", 1],
    ["2.5", 1],
    ["abc", 1],
    ["99999999999", 1_000_000],
  ])("page %s is read as %i", (page, expected) => {
    expect(parseRollFilters({ page }).filters.page).toBe(expected);
  });

  it("takes the first of repeated parameters and ignores empty ones", () => {
    expect(parseRollFilters({ status: ["playing", "finished"], user: "" }).filters).toEqual({ status: "playing", page: 1 });
  });

  it("warns when the range is empty", () => {
    expect(parseRollFilters({ from: "2026-03-02", to: "2026-03-01" }).problems).toEqual([
      { say: { key: "emptyRange", values: {} } },
    ]);
  });
});

describe("dates", () => {
  it("reads whole UTC days; `to` includes its day", () => {
    expect(dayStart("2026-03-01")?.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(dayStart("2026-13-01")).toBeNull();
    expect(dateBounds({ page: 1, from: "2026-03-01", to: "2026-03-01" })).toEqual({
      from: new Date("2026-03-01T00:00:00.000Z"),
      to: new Date("2026-03-02T00:00:00.000Z"),
    });
    expect(dateBounds({ page: 1 })).toEqual({});
  });
});

describe("rollFilterQuery and filtersRecord", () => {
  const filters = { user: "bob", status: "finished", page: 2 } as const;

  it("writes the filters back, page 1 left out", () => {
    expect(rollFilterQuery(filters)).toBe("?user=bob&status=finished&page=2");
    expect(rollFilterQuery(filters, { page: 1 })).toBe("?user=bob&status=finished");
    expect(rollFilterQuery(filters, { page: undefined, user: undefined })).toBe("?status=finished");
    expect(rollFilterQuery({ page: 1 })).toBe("");
  });

  it("round-trips through parseRollFilters", () => {
    const query = rollFilterQuery({ user: "a_b", match: "cm123456", status: "aborted", from: "2026-01-01", to: "2026-02-01", page: 7 });
    expect(parseRollFilters(Object.fromEntries(new URLSearchParams(query))).filters).toEqual({
      user: "a_b",
      match: "cm123456",
      status: "aborted",
      from: "2026-01-01",
      to: "2026-02-01",
      page: 7,
    });
  });

  it("records the filters without the page", () => {
    expect(filtersRecord(filters)).toEqual({ user: "bob", status: "finished" });
  });
});

describe("filter notes in every language", () => {
  const notes = [
    ...[{ status: "won" }, { from: "2026-02-30" }, { to: "yesterday" }, { match: "a b" }, { user: "<script>" }].map((search) => parseRollFilters(search).problems[0]!),
    parseRollFilters({ from: "2026-03-02", to: "2026-03-01" }).problems[0]!,
  ];

  it.each(LOCALES)("%s words each note, with the value that was dropped", (locale) => {
    const problems: string[] = [];
    const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "admin.filterNote", onError: (e) => problems.push(e.message) });
    const worded = notes.map((note) => t(note.say.key, { ...note.say.values }));
    notes.forEach((note, k) => note.say.values.value !== undefined && expect(worded[k]).toContain(note.say.values.value));
    expect(new Set(worded).size).toBe(notes.length);
    expect(problems).toEqual([]);
  });
});
