import { metaTitle } from "@/components/i18n/meta-title";
import { SpecPage } from "../../spec-page";

export const generateMetadata = metaTitle("fairnessPage", "specTitleV3");

/** docs/fair-dice-v3.md, the protocol of new matches: both players' browsers in every roll. */
export default function FairDiceV3Page() {
  return <SpecPage file="fair-dice-v3.md" />;
}
