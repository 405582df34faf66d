/**
 * The roll log's filters as a plain GET form (works without script): user, match id, match status and a date range.
 * Submitting starts again at page 1.
 *
 * @example
 *   <RollFilterForm values={{ user: "bob", status: "finished" }} statuses={["waiting", "playing", "finished"]} />
 */
import "./admin.css";

export interface RollFilterValues {
  readonly user?: string;
  readonly match?: string;
  readonly status?: string;
  readonly from?: string;
  readonly to?: string;
}

export function RollFilterForm({ values, statuses }: { values: RollFilterValues; statuses: readonly string[] }) {
  return (
    <form className="filter-form" method="get" action="/admin" aria-label="Filter the roll log">
      <label>
        User
        <input name="user" defaultValue={values.user ?? ""} placeholder="username" autoComplete="off" />
      </label>
      <label>
        Match id
        <input name="match" defaultValue={values.match ?? ""} placeholder="any match" autoComplete="off" size={28} />
      </label>
      <label>
        Status
        <select name="status" defaultValue={values.status ?? ""}>
          <option value="">any</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <label>
        From
        <input type="date" name="from" defaultValue={values.from ?? ""} />
      </label>
      <label>
        To
        <input type="date" name="to" defaultValue={values.to ?? ""} />
      </label>
      <button type="submit">Apply</button>
      <a href="/admin">Clear</a>
    </form>
  );
}
