import { readFileSync } from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { guideFile } from "./guide-file";
import { Markdown } from "./markdown";
import "./markdown.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("fairnessPage");
  return { title: t("metaTitle") };
}

/** The player's guide (docs/provably-fair.md, or its translation for the reader's language). */
export default async function FairnessPage() {
  const [locale, t] = await Promise.all([getLocale(), getTranslations("fairnessPage")]);
  const source = readFileSync(path.join(process.cwd(), "docs", guideFile(locale)), "utf8");
  return (
    <article className="doc-page">
      <Markdown source={source} />
      <p>
        <a href="/fairness/dice">{t("diceRecord")}</a>
      </p>
      <p>
        <a href="/verify">{t("verify")}</a> · <a href="/">{t("back")}</a>
      </p>
    </article>
  );
}
