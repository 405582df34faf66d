import type { ReactNode } from "react";

/**
 * A data table's header row: one `<th scope="col">` per label, so that every table of the site names its columns
 * the same way (screen readers announce a cell with its column's label).
 *
 * @example
 *   <table className="data-table">
 *     <ColumnHeads labels={[t("col.rank"), t("col.player")]} />
 *     <tbody>…</tbody>
 *   </table>
 */
export function ColumnHeads({ labels }: { readonly labels: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label, column) => (
          <th scope="col" key={column}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
