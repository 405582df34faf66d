import { metaTitle } from "@/components/i18n/meta-title";
import { SpecPage } from "../spec-page";

export const generateMetadata = metaTitle("fairnessPage", "specTitle");

/** docs/fair-dice-v1.md, the protocol of matches created before fair-dice-v2. */
export default function FairDiceV1Page() {
  return <SpecPage file="fair-dice-v1.md" />;
}
