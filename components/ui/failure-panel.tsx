import type { ReactNode } from "react";
import "./ui.css";

/**
 * A page that cannot show what was asked for (an unknown page, an error, a match that cannot be opened): a short panel
 * with what happened and, after it, the ways on (children: links, a retry button). `alert` for one that replaces a
 * page already open, so that a screen reader says it.
 *
 * @example
 *   <FailurePanel title={t("title")} text={t("text")}>
 *     <p><a href="/">{t("back")}</a></p>
 *   </FailurePanel>
 */
export function FailurePanel({ title, text, alert = false, children }: { readonly title: ReactNode; readonly text: ReactNode; readonly alert?: boolean; readonly children: ReactNode }) {
  return (
    <section className="panel failure-panel" role={alert ? "alert" : undefined}>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </section>
  );
}
