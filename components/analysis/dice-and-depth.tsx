/**
 * The analysis board's dice and depth: each die chosen (or none), a random roll from the browser's crypto, no dice;
 * and how deep the engine looks, with the button that asks it.
 *
 * @example
 *   <DiceChoice dice={[3, 1]} onDice={setDice} />
 *   <DepthChoice ply={2} onPly={setPly} busy={false} onAnalyse={analyse} />
 */
import { useTranslations } from "next-intl";
import type { Ply } from "@/lib/analysis/types";
import type { Dice, DieValue } from "@/lib/engine/types";
import { DEEP_PLY, PlySelect } from "./ply-select";

/** The dice with die `which` set to `value` (the other one 1 when there were none). */
function withDie(dice: Dice | null, which: 0 | 1, value: DieValue): Dice {
  const next: [DieValue, DieValue] = dice ? [dice[0], dice[1]] : [1, 1];
  next[which] = value;
  return next;
}

function randomDie(): DieValue {
  const cell = new Uint32Array(1);
  crypto.getRandomValues(cell);
  return ((cell[0] as number) % 6) + 1 as DieValue;
}

export function DiceChoice({ dice, onDice }: { dice: Dice | null; onDice: (dice: Dice | null) => void }) {
  const t = useTranslations("analysisBoard");
  return (
    <div className="analysis-board-row">
      <label>
        {t("dice")}{" "}
        {([0, 1] as const).map((which) => (
          <select key={which} value={dice ? dice[which] : ""} onChange={(e) => onDice(e.target.value ? withDie(dice, which, Number(e.target.value) as DieValue) : null)} data-testid={`die-${which + 1}`}>
            <option value="">–</option>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        ))}
      </label>
      <button type="button" onClick={() => onDice([randomDie(), randomDie()])} data-testid="roll-dice">
        {t("roll")}
      </button>
      <button type="button" onClick={() => onDice(null)}>
        {t("noDice")}
      </button>
    </div>
  );
}

export function DepthChoice({ ply, onPly, busy, onAnalyse }: { ply: Ply; onPly: (ply: Ply) => void; busy: boolean; onAnalyse: () => void }) {
  const t = useTranslations("analysisBoard");
  return (
    <div className="analysis-board-row">
      <PlySelect label={t("depth")} optionText={(p) => t(p === DEEP_PLY ? "plyDeep" : "ply", { ply: p })} ply={ply} onPly={onPly} testId="board-ply" />
      <button type="button" onClick={onAnalyse} disabled={busy} data-testid="board-analyse">
        {busy ? t("analysing") : t("analyse")}
      </button>
    </div>
  );
}
