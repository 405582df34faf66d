import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SpecPage } from "../spec-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("fairnessPage");
  return { title: t("specTitle") };
}

/** docs/fair-dice-v1.md, the protocol of matches created before fair-dice-v2. */
export default function FairDiceV1Page() {
  return <SpecPage file="fair-dice-v1.md" />;
}
