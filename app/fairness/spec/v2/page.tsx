import { metaTitle } from "@/components/i18n/meta-title";
import { SpecPage } from "../../spec-page";

export const generateMetadata = metaTitle("fairnessPage", "specTitleV2");

/** docs/fair-dice-v2.md, the protocol of the matches created before fair-dice-v3. */
export default function FairDiceV2Page() {
  return <SpecPage file="fair-dice-v2.md" />;
}
