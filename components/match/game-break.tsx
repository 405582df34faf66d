"use client";
/**
 * The moment after a game of a match: who won it, how many points and how, and the score — while the next game waits
 * for its opening roll, which this page holds back for GAME_BREAK_MS (lib/play/game-break.ts) or until its player
 * presses "Next game" (or N). Spectators see the result until the roll.
 *
 * @example
 *   <GameBreak />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import type { GameRecord } from "@/lib/engine/match-state";
import type { Color } from "@/lib/engine/types";
import { breakHolds, endedGame, GAME_BREAK_MS } from "@/lib/play/game-break";
import { ariaKeyShortcuts } from "@/lib/play/shortcuts";
import { useMatchFields } from "./use-match-fields";
import { useShortcuts } from "./use-shortcuts";

export interface GameBreakNoticeProps {
  readonly game: GameRecord;
  readonly names: Record<Color, string>;
  readonly matchLength: number;
  /** This page still holds its opening salt: "Next game" lets it go. */
  readonly held: boolean;
  readonly onNext: () => void;
}

export function GameBreakNotice({ game, names, matchLength, held, onNext }: GameBreakNoticeProps) {
  const t = useTranslations("match");
  const how = game.ending === "dropped" ? t("how.dropped") : game.ending === "resigned" ? t("how.resigned", { kind: game.resultKind }) : t("how.played", { kind: game.resultKind });
  return (
    <section className="panel game-break" role="status" aria-labelledby="game-break-title" data-testid="game-break">
      <h2 id="game-break-title">{t("break.title", { number: game.number })}</h2>
      <p data-testid="game-break-result">{t("break.result", { name: names[game.winner], points: game.points, how })}</p>
      <p data-testid="game-break-score">
        {t("break.score", { white: names.white, black: names.black, whiteScore: game.scoreAfter.white, blackScore: game.scoreAfter.black, length: matchLength })}
      </p>
      {held ? (
        <button type="button" className="primary" onClick={onNext} data-testid="next-game" aria-keyshortcuts={ariaKeyShortcuts("next")}>
          {t("break.next")}
        </button>
      ) : (
        <p className="muted">{t("break.waiting", { number: game.number + 1 })}</p>
      )}
    </section>
  );
}

export function GameBreak() {
  const t = useTranslations("match");
  const { view, you, breakOver, endBreak } = useMatchFields("view", "you", "breakOver", "endBreak");
  const game = view ? endedGame(view) : null;
  const held = view !== null && you !== null && breakHolds(view, breakOver);
  const number = game?.number ?? 0;

  useShortcuts({ next: held ? () => endBreak(number) : undefined });
  useEffect(() => {
    if (!held) return;
    const timer = setTimeout(() => endBreak(number), GAME_BREAK_MS);
    return () => clearTimeout(timer);
  }, [held, number, endBreak]);

  if (!view || !game) return null;
  const names = { white: view.players.white?.name ?? t("openSeatName"), black: view.players.black?.name ?? t("openSeatName") };
  return <GameBreakNotice game={game} names={names} matchLength={view.matchLength} held={held} onNext={() => endBreak(number)} />;
}
