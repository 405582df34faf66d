import type { ReactNode } from "react";
import { ColumnHeads } from "./column-heads";

/**
 * A table of the site's pages (the leaderboard, match history, the admin's logs…): in a box that scrolls sideways on
 * a narrow screen, its columns named by ColumnHeads, its rows the children.
 *
 * @example
 *   <DataTable testId="leaderboard" labels={[t("col.rank"), t("col.player")]}>
 *     {lines.map((line) => <tr key={line.id}>…</tr>)}
 *   </DataTable>
 */
export function DataTable({ testId, labels, children }: { readonly testId: string; readonly labels: readonly ReactNode[]; readonly children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid={testId}>
        <ColumnHeads labels={labels} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
