"use client";
/**
 * The analysis board: set up any position — drag a side's checkers between points, onto the bar or off the board
 * (the side chosen under "Edit"), or paste a GNU Backgammon Position ID and Match ID — set or roll the dice, and ask
 * the engine (POST /api/analysis) for its ranked plays and the cube decision of the side on roll. The page's URL
 * always holds the position (?pos=…&match=…&dice=…&ply=…), so a position is shared by sharing the address; the
 * review opens it from any step ("Analyse this position"): a play's step opens the moment before it, analysed at once,
 * with the play made marked among the engine's (?played=…).
 *
 * @example
 *   <AnalysisBoard initial={{ pos: "4HPwATDgc/ABMA", match: "", dice: "31", ply: 1 }} />
 */
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { postJson } from "@/components/auth/post-json";
import { Board } from "@/components/board/board";
import type { ShownError } from "@/components/i18n/error-text";
import type { PositionAnalysis } from "@/lib/analysis/position-analysis";
import { parseDice } from "@/lib/analysis/position-request";
import type { Ply } from "@/lib/analysis/types";
import { decodeMatchId, encodePositionId } from "@/lib/engine/gnubg-id";
import type { Color, Dice } from "@/lib/engine/types";
import { AnalysisResult } from "./analysis-result";
import { checkersOn, matchIdOnRoll, setupFrom, shareUrlOf, type AnalysisBoardInitial, type Setup } from "./analysis-setup";
import { SetupPanel } from "./setup-panel";
import { useEditInput } from "./use-edit-input";

export type { AnalysisBoardInitial };

export function AnalysisBoard({ initial }: { initial: AnalysisBoardInitial }) {
  const t = useTranslations("analysisBoard");
  const start = useMemo(() => setupFrom(initial), [initial]);
  const [setup, setSetup] = useState<Setup>(start.setup);
  const [dice, setDice] = useState<Dice | null>(() => parseDice(initial.dice) ?? null);
  const [ply, setPly] = useState<Ply>(initial.ply);
  const [editing, setEditing] = useState<Color>(setup.position.turn);
  const [problem, setProblem] = useState<ShownError | null>(start.problem);
  const [result, setResult] = useState<PositionAnalysis | null>(null);
  const [busy, setBusy] = useState(false);

  const positionId = encodePositionId(setup.position);
  const diceText = dice ? `${dice[0]}${dice[1]}` : "";

  // The address always describes what is on the board, so it can be copied or bookmarked as it is.
  const shareUrl = useMemo(() => shareUrlOf(positionId, setup.matchId, diceText, ply), [positionId, setup.matchId, diceText, ply]);
  useEffect(() => {
    window.history.replaceState(null, "", shareUrl);
  }, [shareUrl]);

  const change = (next: Setup) => {
    setSetup(next);
    setResult(null);
    setProblem(null);
  };
  const input = useEditInput(setup, editing, change, setProblem);
  const onBoard = (color: Color) => checkersOn(setup.position, color);

  const loadPasted = (pos: string, match: string) => {
    const next = setupFrom({ pos, match, dice: "", ply });
    setProblem(next.problem);
    setResult(null);
    if (next.problem) return;
    setSetup(next.setup);
    const matchDice = next.setup.matchId ? decodeMatchId(next.setup.matchId) : null;
    if (matchDice?.ok && matchDice.value.dice[0] > 0) setDice(matchDice.value.dice as unknown as Dice);
  };

  const setTurn = (turn: Color) => change({ position: { ...setup.position, turn }, matchId: matchIdOnRoll(setup.matchId, turn) });

  const analyse = async () => {
    setBusy(true);
    setProblem(null);
    const answer = await postJson("/api/analysis", { positionId, matchId: setup.matchId || undefined, dice: dice ?? undefined, ply });
    setBusy(false);
    if (answer.ok) setResult(answer.body as unknown as PositionAnalysis);
    else setProblem({ code: answer.code, values: answer.values });
  };

  // An address that names a position and a depth asks for its analysis: the link said "2-ply", so show it.
  // Once, on arrival (a ref, so React's second effect run in development does not ask twice); later changes wait
  // for the button.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !initial.auto || start.problem) return;
    asked.current = true;
    void analyse();
  });
  // The review's play is marked only on the position it was played from.
  const played = initial.played && result && result.positionId === initial.pos ? initial.played : "";

  return (
    <div className="analysis-board" data-testid="analysis-board">
      <div className="analysis-board-main">
        <Board position={setup.position} viewer={editing} dice={dice ? { values: dice, used: [false, false], side: setup.position.turn } : null} cube={{ value: 1, owner: null }} input={input} />
        <p className="muted">{t("dragHint")}</p>
        <div className="analysis-board-row">
          <span>{t("edit")}</span>
          {(["white", "black"] as const).map((color) => (
            <label key={color}>
              <input type="radio" name="edit-side" checked={editing === color} onChange={() => setEditing(color)} data-testid={`edit-${color}`} /> {t("side", { side: color })}
            </label>
          ))}
          <span>
            {t("offCount", { white: 15 - onBoard("white"), black: 15 - onBoard("black") })}
          </span>
        </div>
      </div>
      <aside className="analysis-board-side">
        <SetupPanel
          initial={initial}
          positionId={positionId}
          onLoad={loadPasted}
          turn={setup.position.turn}
          onTurn={setTurn}
          dice={dice}
          onDice={setDice}
          ply={ply}
          onPly={setPly}
          busy={busy}
          onAnalyse={() => void analyse()}
          shareUrl={shareUrl}
          problem={problem}
        />
        {result ? <AnalysisResult result={result} played={played} /> : null}
      </aside>
    </div>
  );
}
