"use client";
/**
 * The board with everything a player does on it: picking checkers and destinations (from lib/engine's play tree
 * only, through play-draft.ts), a die choice when it matters, undo and confirm, and the turn's buttons — roll,
 * double, take, drop, resign and the answers to a resignation — shown only when lib/engine's legalActions allows
 * them to this player. Each has a keyboard shortcut (lib/play/shortcuts.ts: R, D, T, P, C or Enter, U or Backspace, B for the board),
 * listed under "Keyboard shortcuts"; after a shortcut or a sent play the focus stays on the board, never on Resign.
 *
 * @example
 *   <PlayArea />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { Board } from "@/components/board/board";
import { usePlayPreferences } from "@/components/play/play-preferences";
import { useFocusRescue } from "./focus-rescue";
import { useReplay } from "./use-replay";
import { useErrorText } from "@/components/i18n/error-text";
import { legalActions } from "@/lib/engine/match-queries";
import type { MatchActionType } from "@/lib/engine/match-state";
import { nodeAfter, playTree } from "@/lib/engine/play-tree";
import { opponentOf, type CheckerMove } from "@/lib/engine/types";
import { computerSeat } from "@/lib/play/computer-seat";
import { lastPlay } from "@/lib/play/last-play";
import { ariaKeyShortcuts, SHORTCUT_KEYS, type Shortcut } from "@/lib/play/shortcuts";
import { HintPanel } from "./hint-panel";
import { ShortcutsHelp } from "./shortcuts-help";
import { useShortcuts, type ShortcutActions } from "./use-shortcuts";
import { rollPayload } from "./roll-payload";
import { useMatch, useRun } from "./match-provider";
import { PlayerStrip } from "./players-bar";
import { destinations, diceShown, movableFrom, type Destination } from "./play-draft";

export function PlayArea() {
  const t = useTranslations("play");
  const errorText = useErrorText();
  const view = useMatch((s) => s.view);
  const you = useMatch((s) => s.you);
  const steps = useMatch((s) => s.steps);
  const selected = useMatch((s) => s.selected);
  const busy = useMatch((s) => s.busy);
  const notice = useMatch((s) => s.notice);
  const select = useMatch((s) => s.select);
  const step = useMatch((s) => s.step);
  const undo = useMatch((s) => s.undo);
  const run = useRun();
  const { preferences } = usePlayPreferences();
  const log = useMatch((s) => s.log);
  const marked = useMemo(() => lastPlay(log, you), [log, you]);
  const replayed = useReplay(log, you);
  const [dieChoice, setDieChoice] = useState<Destination | null>(null);
  const [resignOpen, setResignOpen] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  // After a destination: the next checker to move, else the play's next button (Confirm, Roll…), else the board —
  // not the first button left (after Confirm that was "Resign…", one Enter from giving up the game).
  useFocusRescue(area, ['.hit[tabindex="0"][aria-pressed]', '.hit[tabindex="0"]', ".controls button.primary:not([disabled])", "svg.board"]);
  const [helpOpen, setHelpOpen] = useState(false);
  // A roll by its shortcut puts the focus on the first checker to move once its dice are in (Enter picks it): the
  // version the roll was asked at, null when none is.
  const focusChecker = useRef<number | null>(null);
  useEffect(() => {
    const root = area.current;
    const asked = focusChecker.current;
    if (asked === null || !root || !view) return;
    // The roll's own event, not a later turn's (a roll with no play passes the turn).
    if (view.version > asked + 1) focusChecker.current = null;
    const checker = root.querySelector<SVGElement>('.hit[tabindex="0"][aria-pressed]');
    if (checker && focusChecker.current !== null) {
      focusChecker.current = null;
      checker.focus();
    }
  });

  const state = view?.state ?? null;
  const playing = view?.status === "playing";
  const myMove = Boolean(playing && you && state?.phase === "moving" && state.onRoll === you && state.pendingResign === null);
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

  const mine = you ? legalActions(state).filter((a) => a.player === you).map((a) => a.type) : [];
  const can = (type: MatchActionType) => playing && mine.includes(type);
  const noMoves = myMove && tree !== null && tree.steps.length === 0;
  const confirm = () => void run("match:move", { ...base, moves: steps.map(({ from, to }) => ({ from, to })) });
  // Without "confirm each play", a complete play goes as soon as its last checker is moved.
  const sendAtOnce = myMove && complete && !busy && !preferences.confirmPlays;
  const roll = () => void run("match:roll", rollPayload(view));
  const double = () => void run("match:double", base);
  const take = () => void run("match:take", base);
  const drop = () => void run("match:drop", base);
  /** A shortcut's action, then the focus on the board (the Tab order goes on from there, not from the page's top). */
  const byKey = (action: () => void, checkerNext = false) => () => {
    area.current?.querySelector<SVGElement>("svg.board")?.focus({ preventScroll: true });
    focusChecker.current = checkerNext && view ? view.version : null;
    action();
  };
  const ready = !busy && !replayed;
  /** B: the first checker to move, else the board itself. */
  const toBoard = () => {
    const root = area.current;
    (root?.querySelector<SVGElement>('.hit[tabindex="0"][aria-pressed]') ?? root?.querySelector<SVGElement>("svg.board"))?.focus({ preventScroll: true });
  };
  const titled = (shortcut: Shortcut) => ({ "aria-keyshortcuts": ariaKeyShortcuts(shortcut), title: t("shortcutTitle", { keys: SHORTCUT_KEYS[shortcut].join(" / ") }) });

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
        input={
          node && !busy && !replayed
            ? { movable, selected, targets: new Set(dests.map((d) => d.to)), onSelect: select, onTarget }
            : null
        }
      />
      <PlayerStrip color={viewer} position={position} />
      {/* On a phone the board's points are narrower than a finger: the same choices as buttons (shown by CSS there). */}
      {node && !busy && movable.size > 0 && !dieChoice ? (
        <div className="move-buttons" role="group" aria-label={t("movesGroup")}>
          {selected === null
            ? [...movable]
                .sort((a, b) => b - a)
                .map((location) => (
                  <button key={`from-${location}`} type="button" onClick={() => select(location)}>
                    {t("moveFrom", { location })}
                  </button>
                ))
            : [
                ...dests.map((destination) => (
                  <button key={`to-${destination.to}`} type="button" className="primary" onClick={() => onTarget(destination.to)}>
                    {t("moveToButton", { location: destination.to })}
                  </button>
                )),
                <button key="other" type="button" onClick={() => select(null)}>
                  {t("otherChecker")}
                </button>,
              ]}
        </div>
      ) : null}
      {dieChoice ? (
        <div className="die-choice" role="group" aria-label={t("chooseDie")}>
          <span>{t("whichDie")}</span>
          {dieChoice.choices.map((choice) => (
            <button key={choice.die} type="button" onClick={() => takeStep(choice)}>
              {t("useDie", { die: choice.die })}
            </button>
          ))}
        </div>
      ) : null}
      <div className="controls" role="group" aria-label={t("actions")}>
        {noMoves ? <p className="control-note">{t("noMoves")}</p> : null}
        {myMove && !noMoves ? (
          <>
            <button type="button" onClick={undo} disabled={steps.length === 0 || busy} {...titled("undo")}>
              {t("undo")}
            </button>
            {preferences.confirmPlays ? (
              <button type="button" className="primary" onClick={confirm} disabled={!complete || busy} {...titled("confirm")}>
                {t("confirm")}
              </button>
            ) : null}
          </>
        ) : null}
        <SendOnce when={sendAtOnce} playKey={`${view.version}:${JSON.stringify(steps)}`} send={confirm} />
        <PlayShortcuts
          actions={{
            roll: can("roll") && ready ? byKey(roll, true) : undefined,
            double: can("double") && ready ? byKey(double) : undefined,
            take: can("take") && ready ? byKey(take) : undefined,
            drop: can("drop") && ready ? byKey(drop) : undefined,
            confirm: myMove && complete && ready && preferences.confirmPlays ? byKey(confirm) : undefined,
            undo: myMove && steps.length > 0 && ready ? undo : undefined,
            board: toBoard,
            help: () => setHelpOpen((open) => !open),
          }}
        />
        {myMove && !noMoves && computerSeat(view)?.color === opponentOf(viewer) ? <HintPanel matchId={view.matchId} version={view.version} /> : null}
        {can("roll") ? (
          <button type="button" className="primary" disabled={busy} onClick={roll} {...titled("roll")}>
            {t("roll")}
          </button>
        ) : null}
        {can("double") ? (
          <button type="button" disabled={busy} onClick={double} {...titled("double")}>
            {t("double", { value: state.cube.value * 2 })}
          </button>
        ) : null}
        {can("take") ? (
          <button type="button" className="primary" disabled={busy} onClick={take} {...titled("take")}>
            {t("take")}
          </button>
        ) : null}
        {can("drop") ? (
          <button type="button" disabled={busy} onClick={drop} {...titled("drop")}>
            {t("drop")}
          </button>
        ) : null}
        {can("resign-accept") ? (
          <button type="button" className="primary" disabled={busy} onClick={() => void run("match:resign-accept", base)}>
            {t("resignAccept")}
          </button>
        ) : null}
        {can("resign-decline") ? (
          <button type="button" disabled={busy} onClick={() => void run("match:resign-decline", base)}>
            {t("resignDecline")}
          </button>
        ) : null}
        {can("resign-offer") ? (
          <button type="button" aria-expanded={resignOpen} onClick={() => setResignOpen(!resignOpen)}>
            {t("resign")}
          </button>
        ) : null}
      </div>
      {resignOpen && can("resign-offer") ? (
        <div className="controls resign-choices" role="group" aria-label={t("resignGroup")}>
          {([1, 2, 3] as const).map((level) => (
            <button
              key={level}
              type="button"
              disabled={busy}
              onClick={() => {
                setResignOpen(false);
                void run("match:resign", { ...base, level });
              }}
            >
              {t("resignLevel", { level, points: level * state.cube.value })}
            </button>
          ))}
        </div>
      ) : null}
      {you !== null && playing ? <ShortcutsHelp open={helpOpen} onToggle={setHelpOpen} /> : null}
      {notice ? (
        <p className="notice" role="alert">
          {errorText(notice.code, notice.values)}
        </p>
      ) : null}
    </div>
  );
}

/** The turn's keyboard shortcuts, with what this player may do now. */
function PlayShortcuts({ actions }: { actions: ShortcutActions }) {
  useShortcuts(actions);
  return null;
}

/** Calls `send` when `when` turns true, once per `playKey`: a refused play is not sent again until it changes. */
function SendOnce({ when, playKey, send }: { when: boolean; playKey: string; send: () => void }) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!when || sent.current === playKey) return;
    sent.current = playKey;
    send();
  }, [when, playKey, send]);
  return null;
}
