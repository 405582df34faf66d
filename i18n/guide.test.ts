// The player's guide exists in every language (app/fairness/guide-file.ts picks the reader's), with the same shape
// as the English one: as many sections, the same code blocks (commands and the Python check are not translated).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { guideFile } from "@/app/fairness/guide-file";
import { LOCALES } from "./locales";

const read = (locale: string) => readFileSync(path.join(import.meta.dirname, "..", "docs", guideFile(locale)), "utf8");
const headings = (text: string) => text.split("\n").filter((line) => /^#{1,3} /.test(line)).map((line) => line.split(" ")[0]);
const codeBlocks = (text: string) => text.split("```").filter((_, i) => i % 2 === 1).map((block) => block.replace(/^\w*\n/, ""));

describe("the player's guide", () => {
  it("names one file per language, English being docs/provably-fair.md", () => {
    expect(guideFile("en")).toBe("provably-fair.md");
    expect(guideFile("fr")).toBe("provably-fair.fr.md");
    expect(guideFile("../../etc/passwd")).toBe("provably-fair.md");
  });

  it.each(LOCALES.filter((l) => l !== "en"))("%s has the English guide's sections and code", (locale) => {
    const english = read("en");
    const translated = read(locale);
    expect(translated).not.toBe(english);
    expect(headings(translated)).toEqual(headings(english));
    expect(codeBlocks(translated)).toEqual(codeBlocks(english));
  });
});
