import { useTranslations } from "next-intl";
import { FailurePanel } from "@/components/ui/failure-panel";

/** Any unknown page, and a match id that does not exist. */
export default function NotFound() {
  const t = useTranslations("notFound");
  return (
    <FailurePanel title={t("title")} text={t("text")}>
      <p>
        <a href="/">{t("back")}</a>
      </p>
    </FailurePanel>
  );
}
