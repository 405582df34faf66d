import { metaTitle } from "@/components/i18n/meta-title";
import { SpecPage } from "../../spec-page";

export const generateMetadata = metaTitle("fairnessPage", "specTitleLog");

/** docs/transparency-log.md: the public append-only log of every match's commitment and record, and its proofs. */
export default function TransparencyLogSpecPage() {
  return <SpecPage file="transparency-log.md" />;
}
