/**
 * The roll log's filters as a plain GET form (works without script): user, match id, match status and a date range.
 * Submitting starts again at page 1.
 *
 * @example
 *   <RollFilterForm values={{ user: "bob", status: "finished" }} statuses={["waiting", "playing", "finished"]} />
 */
import { useTranslations } from "next-intl";
import "./admin.css";

export interface RollFilterValues {
  readonly user?: string;
  readonly match?: string;
  readonly status?: string;
  readonly from?: string;
  readonly to?: string;
}

export function RollFilterForm({ values, statuses }: { values: RollFilterValues; statuses: readonly string[] }) {
  const t = useTranslations("admin.filter");
  return (
    <form className="filter-form" method="get" action="/admin" aria-label={t("label")}>
      <label>
        {t("user")}
        <input name="user" defaultValue={values.user ?? ""} placeholder={t("userPlaceholder")} autoComplete="off" />
      </label>
      <label>
        {t("match")}
        <input name="match" defaultValue={values.match ?? ""} placeholder={t("matchPlaceholder")} autoComplete="off" size={28} />
      </label>
      <label>
        {t("status")}
        <select name="status" defaultValue={values.status ?? ""}>
          <option value="">{t("any")}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t("statusName", { status })}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("from")}
        <input type="date" name="from" defaultValue={values.from ?? ""} />
      </label>
      <label>
        {t("to")}
        <input type="date" name="to" defaultValue={values.to ?? ""} />
      </label>
      <button type="submit">{t("apply")}</button>
      <a href="/admin">{t("clear")}</a>
    </form>
  );
}
