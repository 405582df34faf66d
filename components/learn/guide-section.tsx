import type { ReactNode } from "react";

/**
 * One section of the "how to play" guide: its id is the contents' link target (#aim, #cube…), and its heading names
 * it for a screen reader's list of regions.
 *
 * @example
 *   <GuideSection id="aim" title={t("aim.title")}>
 *     <p>{t("aim.p1")}</p>
 *   </GuideSection>
 */
export function GuideSection({ id, title, children }: { readonly id: string; readonly title: string; readonly children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
