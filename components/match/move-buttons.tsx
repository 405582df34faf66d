"use client";
/**
 * The board's choices as buttons: on a phone the board's points are narrower than a finger, so the checkers that may
 * move, then the selected checker's destinations, are also buttons (shown by CSS there); and when two dice could take
 * a checker to the same place, the choice of die; and undo and confirm for the play being built.
 *
 * @example
 *   <MoveButtons movable={movable} selected={null} destinations={[]} onSelect={select} onTarget={onTarget} />
 *   <DieChoice destination={choice} onChoose={takeStep} />
 */
import { useTranslations } from "next-intl";
import type { CheckerMove } from "@/lib/engine/types";
import type { Destination } from "./play-draft";
import { useShortcutTitle } from "./turn-buttons";

export interface MoveButtonsProps {
  readonly movable: ReadonlySet<number>;
  readonly selected: number | null;
  readonly destinations: readonly Destination[];
  readonly onSelect: (location: number | null) => void;
  readonly onTarget: (location: number) => void;
}

export function MoveButtons({ movable, selected, destinations, onSelect, onTarget }: MoveButtonsProps) {
  const t = useTranslations("play");
  return (
    <div className="move-buttons" role="group" aria-label={t("movesGroup")}>
      {selected === null
        ? [...movable]
            .sort((a, b) => b - a)
            .map((location) => (
              <button key={`from-${location}`} type="button" onClick={() => onSelect(location)}>
                {t("moveFrom", { location })}
              </button>
            ))
        : [
            ...destinations.map((destination) => (
              <button key={`to-${destination.to}`} type="button" className="primary" onClick={() => onTarget(destination.to)}>
                {t("moveToButton", { location: destination.to })}
              </button>
            )),
            <button key="other" type="button" onClick={() => onSelect(null)}>
              {t("otherChecker")}
            </button>,
          ]}
    </div>
  );
}

export function DieChoice({ destination, onChoose }: { destination: Destination; onChoose: (move: CheckerMove) => void }) {
  const t = useTranslations("play");
  return (
    <div className="die-choice" role="group" aria-label={t("chooseDie")}>
      <span>{t("whichDie")}</span>
      {destination.choices.map((choice) => (
        <button key={choice.die} type="button" onClick={() => onChoose(choice)}>
          {t("useDie", { die: choice.die })}
        </button>
      ))}
    </div>
  );
}

/** Undo the last step; confirm the complete play (only with "confirm each play": without it, it goes at once). */
export function DraftButtons({ onUndo, onConfirm, canUndo, canConfirm, confirmPlays }: { onUndo: () => void; onConfirm: () => void; canUndo: boolean; canConfirm: boolean; confirmPlays: boolean }) {
  const t = useTranslations("play");
  const titled = useShortcutTitle();
  return (
    <>
      <button type="button" onClick={onUndo} disabled={!canUndo} {...titled("undo")}>
        {t("undo")}
      </button>
      {confirmPlays ? (
        <button type="button" className="primary" onClick={onConfirm} disabled={!canConfirm} {...titled("confirm")}>
          {t("confirm")}
        </button>
      ) : null}
    </>
  );
}
