import { useTranslations } from "next-intl";
import "@/components/ui/ui.css";

/** Any unknown page, and a match id that does not exist. */
export default function NotFound() {
  const t = useTranslations("notFound");
  return (
    <section className="panel failure-panel">
      <h1>{t("title")}</h1>
      <p>{t("text")}</p>
      <p>
        <a href="/">{t("back")}</a>
      </p>
    </section>
  );
}
