import { useTranslations } from "next-intl";

// Rendered with HTTP 403 wherever forbidden() is called (server/auth/require-admin.ts).
export default function Forbidden() {
  const t = useTranslations("forbidden");
  return (
    <section className="auth-page">
      <h1>{t("title")}</h1>
      <p>{t("text")}</p>
      <p>{t.rich("links", { home: (chunks) => <a href="/">{chunks}</a>, login: (chunks) => <a href="/login">{chunks}</a> })}</p>
    </section>
  );
}
