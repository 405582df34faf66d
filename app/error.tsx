"use client";
// The error boundary of every page: a thrown error shows this instead of a blank page, with a way back.
import { useTranslations } from "next-intl";
import { FailurePanel } from "@/components/ui/failure-panel";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errorPage");
  return (
    <FailurePanel title={t("title")} text={t("text")} alert>
      {error.digest ? <p className="muted">{t("reference", { digest: error.digest })}</p> : null}
      <p>
        <button type="button" onClick={reset}>
          {t("retry")}
        </button>{" "}
        <a href="/">{t("back")}</a>
      </p>
    </FailurePanel>
  );
}
