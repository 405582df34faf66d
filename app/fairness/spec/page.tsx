import { readFileSync } from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Markdown } from "../markdown";
import "../markdown.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("fairnessPage");
  return { title: t("specTitle") };
}

/** docs/fair-dice-v1.md, the protocol, rendered at build time. */
export default async function FairDiceSpecPage() {
  const t = await getTranslations("fairnessPage");
  const source = readFileSync(path.join(process.cwd(), "docs", "fair-dice-v1.md"), "utf8");
  return (
    <article className="doc-page">
      <Markdown source={source} />
      <p>
        {t("specNote")} <a href="/fairness">{t("guide")}</a> · <a href="/verify">{t("verifyShort")}</a> · <a href="/">{t("back")}</a>
      </p>
    </article>
  );
}
