/**
 * A roll's kind, who rolled and its dice: the three cells that the roll log (/admin) and a match's rolls
 * (/admin/matches/[id]) show alike, in that order. Server-rendered.
 *
 * @example
 *   <tr><td>{roll.nonce}</td><RollCells roll={roll} /><td>{utcTime(roll.createdAt)}</td></tr>
 */
import { useTranslations } from "next-intl";
import type { RollKind } from "@/lib/dice/types";
import type { Color } from "@/lib/engine/types";

/** What a roll row of either table holds for these cells (server/db RollInput). */
interface RollFacts {
  readonly kind: RollKind;
  /** Who rolled; null for an opening roll. */
  readonly player: Color | null;
  readonly die1: number;
  readonly die2: number;
}

export function RollCells({ roll }: { readonly roll: RollFacts }) {
  const t = useTranslations("admin");
  return (
    <>
      <td>{t("rollKind", { kind: roll.kind })}</td>
      <td>{roll.player ? t("colorName", { color: roll.player }) : "—"}</td>
      <td>
        {roll.die1}-{roll.die2}
      </td>
    </>
  );
}
