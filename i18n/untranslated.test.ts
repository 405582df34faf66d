// Every string a person sees comes from messages/<locale>.json: this fails, naming file, line and text, when a
// component or page writes words into its JSX (text, or aria-label/placeholder/title/alt…) instead of calling t().
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanSource } from "./scan-literals";

const ROOT = path.join(import.meta.dirname, "..");

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsxFiles(full);
    return name.endsWith(".tsx") && !name.endsWith(".test.tsx") ? [full] : [];
  });
}

describe("untranslated strings", () => {
  it("finds words in JSX text, children and read attributes, and passes symbols, numbers and t() calls", () => {
    const found = scanSource(
      "x.tsx",
      [
        `const a = <p>Hello {name}</p>;`,
        `const b = <input placeholder="username" aria-label={t("user")} />;`,
        `const c = <span>{busy ? "Saving…" : t("save")}</span>;`,
        `const d = <span>{" · "}{count} — 64 ← {"%"}</span>;`,
        `const e = <button title={\`Copy \${x}\`}>{t("copy")}</button>;`,
        `// i18n-ignore: a brand name`,
        `const f = <b>Fairgammon</b>;`,
      ].join("\n"),
    );
    expect(found.map((f) => [f.line, f.text])).toEqual([
      [1, "Hello"],
      [2, 'placeholder="username"'],
      [3, "Saving…"],
      [5, 'title="Copy "'],
    ]);
  });

  it("app/ and components/ write no words of their own: add a key to messages/en.json (and pt-BR.json, fr.json) and call t()", () => {
    const files = [...tsxFiles(path.join(ROOT, "app")), ...tsxFiles(path.join(ROOT, "components"))];
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((file) => scanSource(path.relative(ROOT, file), readFileSync(file, "utf8")));
    expect(found.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });
});
