import { readFileSync } from "node:fs";
import path from "node:path";
import { getLocale, getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { ProofKeyList } from "@/components/fairness/proof-key-list";
import { HeadCheck } from "@/components/transparency/head-check";
import { getDb } from "@/server/db/client";
import { proofKeyList } from "@/server/fairness/proof-keys";
import { guideFile } from "./guide-file";
import { Markdown } from "./markdown";
import "./markdown.css";

// The key list is read on each request: a key is listed when a node first starts with it.
export const dynamic = "force-dynamic";

export const generateMetadata = metaTitle("fairnessPage");

/**
 * The player's guide (docs/provably-fair.md, or its translation for the reader's language), the site's signing keys,
 * and this browser's check of the transparency log's latest head against the last it saw.
 */
export default async function FairnessPage() {
  const [locale, t, list] = await Promise.all([getLocale(), getTranslations("fairnessPage"), proofKeyList(getDb())]);
  const source = readFileSync(path.join(process.cwd(), "docs", guideFile(locale)), "utf8");
  return (
    <article className="doc-page">
      <Markdown source={source} />
      <ProofKeyList keys={list.keys} />
      <section aria-labelledby="transparency-log">
        <h2 id="transparency-log">{t("logTitle")}</h2>
        <p>{t("logIntro")}</p>
        <HeadCheck keys={list.keys.map((key) => key.publicKey)} />
      </section>
      <p>
        <a href="/fairness/dice">{t("diceRecord")}</a>
      </p>
      <p>
        <a href="/verify">{t("verify")}</a> · <a href="/">{t("back")}</a>
      </p>
    </article>
  );
}
