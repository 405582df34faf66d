import { getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { VerifyTool } from "@/components/fairness/verify-tool";

export const generateMetadata = metaTitle("verify");

export default async function VerifyPage() {
  const t = await getTranslations("verify");
  return (
    <section className="verify-page">
      <h1>{t("title")}</h1>
      <p>
        {t.rich("intro", { spec: (chunks) => <a href="/fairness/spec">{chunks}</a>, specV2: (chunks) => <a href="/fairness/spec/v2">{chunks}</a>, specV3: (chunks) => <a href="/fairness/spec/v3">{chunks}</a> })} <a href="/fairness">{t("howItWorks")}</a>
      </p>
      <VerifyTool />
    </section>
  );
}
