/**
 * A protocol's specification (docs/fair-dice-v1.md, v2, v3, docs/transparency-log.md, docs/tournaments.md) as a page,
 * rendered at build time.
 *
 * @example
 *   return <SpecPage file="fair-dice-v2.md" />;
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { getTranslations } from "next-intl/server";
import { Markdown } from "./markdown";
import "./markdown.css";

export async function SpecPage({ file }: { readonly file: "fair-dice-v1.md" | "fair-dice-v2.md" | "fair-dice-v3.md" | "transparency-log.md" | "tournaments.md" }) {
  const t = await getTranslations("fairnessPage");
  const source = readFileSync(path.join(process.cwd(), "docs", file), "utf8");
  return (
    <article className="doc-page">
      <Markdown source={source} />
      <p>
        {t("specNote")} <a href="/fairness">{t("guide")}</a> · <a href="/verify">{t("verifyShort")}</a> · <a href="/">{t("back")}</a>
      </p>
    </article>
  );
}
