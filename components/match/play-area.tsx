"use client";
/**
 * The board with everything a player does on it: picking checkers and destinations (from lib/engine's play tree
 * only, through play-draft.ts), a die choice when it matters, undo and confirm, and the turn's buttons — roll,
 * double, take, drop, resign and the answers to a resignation, and the hint against the computer — shown only when
 * the match would take that command from this player now (use-allowed-commands.ts). Each has a keyboard shortcut
 * (lib/play/shortcuts.ts: R, D, T, P, C or Enter, U or Backspace, B for the board), listed under "Keyboard shortcuts";
 * after a shortcut or a sent play the focus stays on the board, never on Resign.
 *
 * @example
 *   <PlayArea />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { Board } from "@/components/board/board";
import { usePlayPreferences } from "@/components/play/play-preferences";
import { useErrorText } from "@/components/i18n/error-text";
import { nodeAfter, playTree } from "@/lib/engine/play-tree";
import { opponentOf, type CheckerMove } from "@/lib/engine/types";
import { lastPlay } from "@/lib/play/last-play";
import { useFocusRescue } from "./focus-rescue";
import { HintPanel } from "./hint-panel";
import { useRun } from "./match-provider";
import { useMatchFields } from "./use-match-fields";
import { DieChoice, DraftButtons, MoveButtons } from "./move-buttons";
import { destinations, diceShown, movableFrom, type Destination } from "./play-draft";
import { PlayShortcuts, SendOnce } from "./play-effects";
import { PlayerStrip } from "./players-bar";
import { rollPayload } from "./roll-payload";
import { ShortcutsHelp } from "./shortcuts-help";
import { ResignChoices, TurnButtons } from "./turn-buttons";
import { useAllowedCommands } from "./use-allowed-commands";
import { useBoardFocus } from "./use-board-focus";
import { useReplay } from "./use-replay";

export function PlayArea() {
  const t = useTranslations("play");
  const errorText = useErrorText();
  const { view, you, steps, selected, busy, notice, select, step, undo, log } = useMatchFields("view", "you", "steps", "selected", "busy", "notice", "select", "step", "undo", "log");
  const run = useRun();
  const allowed = useAllowedCommands();
  const { preferences } = usePlayPreferences();
  const marked = useMemo(() => lastPlay(log, you), [log, you]);
  const replayed = useReplay(log, you);
  const [dieChoice, setDieChoice] = useState<Destination | null>(null);
  const [resignOpen, setResignOpen] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  // After a destination: the next checker to move, else the play's next button (Confirm, Roll…), else the board —
  // not the first button left (after Confirm that was "Resign…", one Enter from giving up the game).
  useFocusRescue(area, ['.hit[tabindex="0"][aria-pressed]', '.hit[tabindex="0"]', ".controls button.primary:not([disabled])", "svg.board"]);
  const [helpOpen, setHelpOpen] = useState(false);
  const { byKey, toBoard } = useBoardFocus(area, view);

  const state = view?.state ?? null;
  const myMove = allowed.move;
  const tree = useMemo(() => (myMove && state?.dice ? playTree(state.position, state.dice) : null), [myMove, state]);
  if (!view || !state) return null;

  const viewer = you ?? "white";
  // Steps the tree does not know (kept from an older view) count as none: the board shows the position as it is.
  const node = tree ? nodeAfter(tree, steps) : null;
  const position = replayed ?? node?.position ?? state.position;
  const movable = node && !busy ? movableFrom(node) : new Set<number>();
  const dests = node && selected !== null ? destinations(node, selected) : [];
  const complete = node?.play != null;
  const base = { matchId: view.matchId, expectedVersion: view.version };

  const takeStep = (move: CheckerMove) => {
    setDieChoice(null);
    step(move);
  };
  const onTarget = (to: number) => {
    const destination = dests.find((d) => d.to === to);
    if (!destination) return;
    if (destination.choices.length === 1 && destination.choices[0]) takeStep(destination.choices[0]);
    else setDieChoice(destination);
  };

  let dice = null;
  if (state.dice && (state.phase === "moving" || state.phase === "match-over") && state.onRoll) {
    const { values, used } = diceShown(state.dice, node ? node.diceLeft : []);
    dice = { values, used: node ? used : values.map(() => false), side: state.onRoll };
  }

  const noMoves = myMove && tree !== null && tree.steps.length === 0;
  const confirm = () => void run("match:move", { ...base, moves: steps.map(({ from, to }) => ({ from, to })) });
  // Without "confirm each play", a complete play goes as soon as its last checker is moved.
  const sendAtOnce = myMove && complete && !busy && !preferences.confirmPlays;
  const actions = { roll: () => void run("match:roll", rollPayload(view)), double: () => void run("match:double", base), take: () => void run("match:take", base), drop: () => void run("match:drop", base) };
  const ready = !busy && !replayed;

  return (
    <div className="play-area" ref={area} data-replaying={replayed ? "yes" : undefined}>
      <PlayerStrip color={opponentOf(viewer)} position={position} />
      <Board
        position={position}
        viewer={viewer}
        dice={dice}
        // While a double waits for its answer, the cube shows the value offered (gnubg: "Cube offered at 2").
        lastPlay={marked && steps.length === 0 && !replayed ? { color: marked.player, moves: marked.moves } : null}
        cube={state.phase === "double-offered" && state.pendingDouble ? { value: state.pendingDouble.value, owner: null } : state.cube}
        input={node && !busy && !replayed ? { movable, selected, targets: new Set(dests.map((d) => d.to)), onSelect: select, onTarget } : null}
      />
      <PlayerStrip color={viewer} position={position} />
      {node && !busy && movable.size > 0 && !dieChoice ? <MoveButtons movable={movable} selected={selected} destinations={dests} onSelect={select} onTarget={onTarget} /> : null}
      {dieChoice ? <DieChoice destination={dieChoice} onChoose={takeStep} /> : null}
      <div className="controls" role="group" aria-label={t("actions")}>
        {noMoves ? <p className="control-note">{t("noMoves")}</p> : null}
        {myMove && !noMoves ? <DraftButtons onUndo={undo} onConfirm={confirm} canUndo={steps.length > 0 && !busy} canConfirm={complete && !busy} confirmPlays={preferences.confirmPlays} /> : null}
        <SendOnce when={sendAtOnce} playKey={`${view.version}:${JSON.stringify(steps)}`} send={confirm} />
        <PlayShortcuts
          actions={{
            roll: allowed.roll && ready ? byKey(actions.roll, true) : undefined,
            double: allowed.double && ready ? byKey(actions.double) : undefined,
            take: allowed.take && ready ? byKey(actions.take) : undefined,
            drop: allowed.drop && ready ? byKey(actions.drop) : undefined,
            confirm: myMove && complete && ready && preferences.confirmPlays ? byKey(confirm) : undefined,
            undo: myMove && steps.length > 0 && ready ? undo : undefined,
            board: toBoard,
            help: () => setHelpOpen((open) => !open),
          }}
        />
        {myMove && !noMoves && allowed.hint ? <HintPanel matchId={view.matchId} version={view.version} /> : null}
        <TurnButtons allowed={allowed} busy={busy} cubeValue={state.cube.value} actions={actions} resignOpen={resignOpen} onResignOpen={setResignOpen} base={base} />
      </div>
      {resignOpen && allowed.resign ? <ResignChoices busy={busy} cubeValue={state.cube.value} base={base} onChosen={() => setResignOpen(false)} /> : null}
      {you !== null && view.status === "playing" ? <ShortcutsHelp open={helpOpen} onToggle={setHelpOpen} /> : null}
      {notice ? (
        <p className="notice" role="alert">
          {errorText(notice.code, notice.values)}
        </p>
      ) : null}
    </div>
  );
}
