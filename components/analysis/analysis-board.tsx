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
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { postJson } from "@/components/auth/post-json";
import { Board, type BoardInput } from "@/components/board/board";
import { useErrorText } from "@/components/i18n/error-text";
import type { ShownError } from "@/components/i18n/error-text";
import { CopyButton } from "@/components/review/copy-button";
import { formatEquity } from "@/components/review/step-analysis";
import type { PositionAnalysis } from "@/lib/analysis/position-analysis";
import { parseDice } from "@/lib/analysis/position-request";
import type { Ply } from "@/lib/analysis/types";
import { decodeMatchId, decodePositionId, encodeMatchId, encodePositionId } from "@/lib/engine/gnubg-id";
import { initialPosition, makePosition } from "@/lib/engine/position";
import { opponentOf, type Color, type Dice, type DieValue, type Position } from "@/lib/engine/types";

export interface AnalysisBoardInitial {
  readonly pos: string;
  readonly match: string;
  readonly dice: string;
  readonly ply: Ply;
  /** The play made from this position (a review's step), marked among the ranked plays; "" for none. */
  readonly played?: string;
  /** Ask the engine at once: the address named a position and a depth (a review's "Analyse this position"). */
  readonly auto?: boolean;
}

interface Setup {
  readonly position: Position;
  /** The Match ID as pasted ("" for money, cube centred); the side on roll comes from it or from `position.turn`. */
  readonly matchId: string;
}

/** 3-ply takes seconds a position (server/http/position-analysis-response.ts): its option says so. */
const PLIES: readonly Ply[] = [0, 1, 2, 3];

/** The setup a URL describes, or the opening position when it describes none. */
function setupFrom(initial: AnalysisBoardInitial): { setup: Setup; problem: ShownError | null } {
  const match = initial.match ? decodeMatchId(initial.match) : null;
  if (match && !match.ok) return { setup: { position: initialPosition("white"), matchId: "" }, problem: { code: match.code, values: match.values } };
  const turn: Color = match?.ok ? match.value.onRoll : "white";
  if (!initial.pos) return { setup: { position: initialPosition(turn), matchId: initial.match }, problem: null };
  const decoded = decodePositionId(initial.pos, turn);
  if (!decoded.ok) return { setup: { position: initialPosition("white"), matchId: "" }, problem: { code: decoded.code, values: decoded.values } };
  return { setup: { position: decoded.value, matchId: initial.match }, problem: null };
}

/** The same Match ID with `turn` on roll (or a money one when there is none). */
function matchIdOnRoll(matchId: string, turn: Color): string {
  const decoded = matchId ? decodeMatchId(matchId) : null;
  if (!decoded?.ok) return "";
  return encodeMatchId({ ...decoded.value, onRoll: turn, turn, dice: [0, 0] });
}

function checkersOn(position: Position, color: Color): number {
  return position[color].reduce((s, n) => s + n, 0);
}

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

export function AnalysisBoard({ initial }: { initial: AnalysisBoardInitial }) {
  const t = useTranslations("analysisBoard");
  const format = useFormatter();
  const errorText = useErrorText();
  const start = useMemo(() => setupFrom(initial), [initial]);
  const [setup, setSetup] = useState<Setup>(start.setup);
  const [dice, setDice] = useState<Dice | null>(() => parseDice(initial.dice) ?? null);
  const [ply, setPly] = useState<Ply>(initial.ply);
  const [editing, setEditing] = useState<Color>(setup.position.turn);
  const [selected, setSelected] = useState<number | null>(null);
  const [pastePosition, setPastePosition] = useState(initial.pos);
  const [pasteMatch, setPasteMatch] = useState(initial.match);
  const [problem, setProblem] = useState<ShownError | null>(start.problem);
  const [result, setResult] = useState<PositionAnalysis | null>(null);
  const [busy, setBusy] = useState(false);

  const positionId = encodePositionId(setup.position);
  const diceText = dice ? `${dice[0]}${dice[1]}` : "";

  // The address always describes what is on the board, so it can be copied or bookmarked as it is.
  const shareUrl = useMemo(() => {
    const query = new URLSearchParams({ pos: positionId });
    if (setup.matchId) query.set("match", setup.matchId);
    if (diceText) query.set("dice", diceText);
    query.set("ply", String(ply));
    return `/analysis?${query.toString()}`;
  }, [positionId, setup.matchId, diceText, ply]);
  useEffect(() => {
    window.history.replaceState(null, "", shareUrl);
  }, [shareUrl]);

  const change = (next: Setup) => {
    setSetup(next);
    setResult(null);
    setProblem(null);
  };

  /** Moves one of the edited side's checkers from `from` to `to` (its own numbering; 25 the bar, 0 off). */
  const moveChecker = useCallback(
    (from: number, to: number) => {
      const side = [...setup.position[editing]];
      const index = (location: number) => (location === 25 ? 24 : location - 1);
      if (from !== 0) side[index(from)] = (side[index(from)] ?? 0) - 1;
      if (to !== 0) side[index(to)] = (side[index(to)] ?? 0) + 1;
      const other = setup.position[opponentOf(editing)];
      const made = editing === "white" ? makePosition(side, other, setup.position.turn) : makePosition(other, side, setup.position.turn);
      if (!made.ok) {
        setProblem({ code: made.code, values: made.values });
        return;
      }
      change({ ...setup, position: made.value });
    },
    [setup, editing],
  );

  const onBoard = (color: Color) => checkersOn(setup.position, color);
  const input: BoardInput = useMemo(() => {
    const mine = setup.position[editing];
    const theirs = setup.position[opponentOf(editing)];
    const movable = new Set<number>();
    for (let point = 1; point <= 24; point++) if ((mine[point - 1] ?? 0) > 0) movable.add(point);
    if ((mine[24] ?? 0) > 0) movable.add(25);
    if (checkersOn(setup.position, editing) < 15) movable.add(0);
    const targets = new Set<number>();
    if (selected !== null) {
      // Any point the other side does not hold (its point 25 − p), the bar, and off the board.
      for (let point = 1; point <= 24; point++) if ((theirs[24 - point] ?? 0) === 0 && point !== selected) targets.add(point);
      if (selected !== 25) targets.add(25);
      if (selected !== 0) targets.add(0);
    }
    return {
      movable,
      selected,
      targets,
      onSelect: (location) => setSelected(location),
      onTarget: (location) => {
        if (selected !== null) moveChecker(selected, location);
        setSelected(null);
      },
    };
  }, [setup, editing, selected, moveChecker]);

  const loadPasted = () => {
    const next = setupFrom({ pos: pastePosition.trim(), match: pasteMatch.trim(), dice: "", ply });
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

  const percent = (p: number) => format.number(p, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const cubeAction = (r: PositionAnalysis) =>
    !r.cube.available ? t("cubeNotAvailable") : r.cube.double ? t(r.cube.take ? "doubleTake" : "doublePass") : r.cube.tooGood ? t("tooGood") : t(r.cube.take ? "noDoubleTake" : "noDoublePass");

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
        <section className="panel">
          <h2>{t("setupTitle")}</h2>
          <label>
            {t("positionId")} <input value={pastePosition} onChange={(e) => setPastePosition(e.target.value)} data-testid="paste-position" maxLength={64} spellCheck={false} />
          </label>
          <label>
            {t("matchId")} <input value={pasteMatch} onChange={(e) => setPasteMatch(e.target.value)} data-testid="paste-match" maxLength={64} spellCheck={false} placeholder={t("matchIdOptional")} />
          </label>
          <button type="button" onClick={loadPasted} data-testid="load-ids">
            {t("load")}
          </button>
          <p>
            <code data-testid="board-position-id">{positionId}</code> <CopyButton text={positionId} label={t("copyPositionId")} />
          </p>
          <div className="analysis-board-row">
            <span>{t("onRoll")}</span>
            {(["white", "black"] as const).map((color) => (
              <label key={color}>
                <input type="radio" name="on-roll" checked={setup.position.turn === color} onChange={() => setTurn(color)} data-testid={`on-roll-${color}`} /> {t("side", { side: color })}
              </label>
            ))}
          </div>
          <div className="analysis-board-row">
            <label>
              {t("dice")}{" "}
              {([0, 1] as const).map((which) => (
                <select
                  key={which}
                  value={dice ? dice[which] : ""}
                  onChange={(e) => setDice(e.target.value ? withDie(dice, which, Number(e.target.value) as DieValue) : null)}
                  data-testid={`die-${which + 1}`}
                >
                  <option value="">–</option>
                  {[1, 2, 3, 4, 5, 6].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              ))}
            </label>
            <button type="button" onClick={() => setDice([randomDie(), randomDie()])} data-testid="roll-dice">
              {t("roll")}
            </button>
            <button type="button" onClick={() => setDice(null)}>
              {t("noDice")}
            </button>
          </div>
          <div className="analysis-board-row">
            <label>
              {t("depth")}{" "}
              <select value={ply} onChange={(e) => setPly(Number(e.target.value) as Ply)} data-testid="board-ply">
                {PLIES.map((p) => (
                  <option key={p} value={p}>
                    {t(p === 3 ? "plyDeep" : "ply", { ply: p })}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={() => void analyse()} disabled={busy} data-testid="board-analyse">
              {busy ? t("analysing") : t("analyse")}
            </button>
          </div>
          <p>
            {t("share")} <CopyButton text={typeof window === "undefined" ? shareUrl : `${window.location.origin}${shareUrl}`} label={t("copyLink")} />
          </p>
          {problem ? (
            <p role="alert" data-testid="board-problem">
              {errorText(problem.code, problem.values)}
            </p>
          ) : null}
        </section>
        {result ? (
          <section className="panel" data-testid="board-result" aria-live="polite">
            <h2>{t("resultTitle", { ply: result.ply, side: result.onRoll })}</h2>
            <p data-testid="board-chances">
              {t("chances", { win: percent(result.probabilities.win), winGammon: percent(result.probabilities.winGammon), loseGammon: percent(result.probabilities.loseGammon) })}
            </p>
            <p data-testid="board-cube">
              {t("cube", { ply: result.cube.ply, noDouble: formatEquity(result.cube.noDouble), take: formatEquity(result.cube.doubleTake), pass: formatEquity(result.cube.doublePass) })}{" "}
              <strong>{cubeAction(result)}</strong>
            </p>
            {result.dice ? (
              result.plays.length === 0 ? (
                <p>{t("noPlay")}</p>
              ) : (
                <table className="board-plays" data-testid="board-plays">
                  <caption>{t("playsCaption", { dice: `${result.dice[0]}-${result.dice[1]}`, shown: result.plays.length, total: result.legalPlays })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">{t("play")}</th>
                      <th scope="col">{t("equity")}</th>
                      <th scope="col">{t("loss")}</th>
                      <th scope="col">{t("win")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.plays.map((play, i) => (
                      <tr key={play.notation} className={play.notation === played ? "played" : undefined} data-played={play.notation === played ? "yes" : undefined}>
                        <td>{i + 1}</td>
                        <td>
                          <code>{play.notation}</code>
                          {play.notation === played ? <strong className="played-mark"> {t("playedMark")}</strong> : null}
                        </td>
                        <td>{formatEquity(play.equity)}</td>
                        <td>{i === 0 ? "" : formatEquity(-play.loss)}</td>
                        <td>{percent(play.probabilities.win)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )
            ) : (
              <p className="muted">{t("setDice")}</p>
            )}
            {played && result.dice && !result.plays.some((p) => p.notation === played) ? (
              <p data-testid="played-elsewhere">{t("playedElsewhere", { play: played })}</p>
            ) : null}
          </section>
        ) : null}
      </aside>
    </div>
  );
}
