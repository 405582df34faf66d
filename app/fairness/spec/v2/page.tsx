import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SpecPage } from "../../spec-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("fairnessPage");
  return { title: t("specTitleV2") };
}

/** docs/fair-dice-v2.md, the protocol of new matches. */
export default function FairDiceV2Page() {
  return <SpecPage file="fair-dice-v2.md" />;
}
