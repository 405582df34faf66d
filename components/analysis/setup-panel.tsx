/**
 * The analysis board's setup panel: paste a GNU Backgammon Position ID and Match ID and load them, copy the board's
 * Position ID, choose the side on roll, the dice and the depth, ask the engine, and copy the link to the setup.
 * It holds only the pasted text; the setup itself is the board's (analysis-board.tsx).
 *
 * @example
 *   <SetupPanel initial={initial} positionId={id} turn="white" onTurn={setTurn} onLoad={load} … />
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText, type ShownError } from "@/components/i18n/error-text";
import { CopyButton } from "@/components/review/copy-button";
import type { Ply } from "@/lib/analysis/types";
import type { Color, Dice } from "@/lib/engine/types";
import type { AnalysisBoardInitial } from "./analysis-setup";
import { DepthChoice, DiceChoice } from "./dice-and-depth";

export interface SetupPanelProps {
  /** The IDs the page opened with, the paste fields' first text. */
  readonly initial: AnalysisBoardInitial;
  readonly positionId: string;
  readonly onLoad: (pos: string, match: string) => void;
  readonly turn: Color;
  readonly onTurn: (turn: Color) => void;
  readonly dice: Dice | null;
  readonly onDice: (dice: Dice | null) => void;
  readonly ply: Ply;
  readonly onPly: (ply: Ply) => void;
  readonly busy: boolean;
  readonly onAnalyse: () => void;
  readonly shareUrl: string;
  readonly problem: ShownError | null;
}

export function SetupPanel({ initial, positionId, onLoad, turn, onTurn, dice, onDice, ply, onPly, busy, onAnalyse, shareUrl, problem }: SetupPanelProps) {
  const t = useTranslations("analysisBoard");
  const errorText = useErrorText();
  const [pastePosition, setPastePosition] = useState(initial.pos);
  const [pasteMatch, setPasteMatch] = useState(initial.match);
  return (
    <section className="panel">
      <h2>{t("setupTitle")}</h2>
      <label>
        {t("positionId")} <input value={pastePosition} onChange={(e) => setPastePosition(e.target.value)} data-testid="paste-position" maxLength={64} spellCheck={false} />
      </label>
      <label>
        {t("matchId")} <input value={pasteMatch} onChange={(e) => setPasteMatch(e.target.value)} data-testid="paste-match" maxLength={64} spellCheck={false} placeholder={t("matchIdOptional")} />
      </label>
      <button type="button" onClick={() => onLoad(pastePosition.trim(), pasteMatch.trim())} data-testid="load-ids">
        {t("load")}
      </button>
      <p>
        <code data-testid="board-position-id">{positionId}</code> <CopyButton text={positionId} label={t("copyPositionId")} />
      </p>
      <div className="analysis-board-row">
        <span>{t("onRoll")}</span>
        {(["white", "black"] as const).map((color) => (
          <label key={color}>
            <input type="radio" name="on-roll" checked={turn === color} onChange={() => onTurn(color)} data-testid={`on-roll-${color}`} /> {t("side", { side: color })}
          </label>
        ))}
      </div>
      <DiceChoice dice={dice} onDice={onDice} />
      <DepthChoice ply={ply} onPly={onPly} busy={busy} onAnalyse={onAnalyse} />
      <p>
        {t("share")} <CopyButton text={typeof window === "undefined" ? shareUrl : `${window.location.origin}${shareUrl}`} label={t("copyLink")} />
      </p>
      {problem ? (
        <p role="alert" data-testid="board-problem">
          {errorText(problem.code, problem.values)}
        </p>
      ) : null}
    </section>
  );
}
