/**
 * Page links for a paginated list (server-rendered): previous, a window of page numbers around the current one with
 * the first and last, next. `href(page)` builds each link, so the filters stay in the URL.
 *
 * @example
 *   <Pager page={2} pageSize={20} total={95} href={(p) => `/matches?page=${p}`} label="Match history pages" />
 */
import { useTranslations } from "next-intl";
import { pageCount, pageWindow } from "./page-window";
import "./admin.css";

export function Pager({ page, pageSize, total, href, label }: { page: number; pageSize: number; total: number; href: (page: number) => string; label: string }) {
  const t = useTranslations("pager");
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev">
          ← {t("previous")}
        </a>
      ) : null}
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`}>…</span>
        ) : p === page ? (
          <span key={p} aria-current="page">
            {p}
          </span>
        ) : (
          <a key={p} href={href(p)}>
            {p}
          </a>
        ),
      )}
      {page < pages ? (
        <a href={href(page + 1)} rel="next">
          {t("next")} →
        </a>
      ) : null}
    </nav>
  );
}
