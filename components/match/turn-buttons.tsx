"use client";
/**
 * The turn's buttons — roll, double, take, drop, the answers to a resignation and resign — each shown only when the
 * match would take that command from this player now (use-allowed-commands.ts), with its keyboard shortcut in its
 * title; and the levels of a resignation once "Resign…" is open.
 *
 * @example
 *   <TurnButtons allowed={allowed} busy={false} cubeValue={1} actions={{ roll, double, take, drop }} resignOpen={open} onResignOpen={setOpen} base={base} />
 */
import { useTranslations } from "next-intl";
import type { AllowedCommands } from "@/lib/match/allowed-commands";
import { ariaKeyShortcuts, SHORTCUT_KEYS, type Shortcut } from "@/lib/play/shortcuts";
import { useRun } from "./match-provider";

interface Base {
  readonly matchId: string;
  readonly expectedVersion: number;
}

export interface TurnButtonsProps {
  readonly allowed: AllowedCommands;
  readonly busy: boolean;
  readonly cubeValue: number;
  readonly actions: { readonly roll: () => void; readonly double: () => void; readonly take: () => void; readonly drop: () => void };
  readonly resignOpen: boolean;
  readonly onResignOpen: (open: boolean) => void;
  readonly base: Base;
}

/** A button's shortcut, for assistive technology and as its tooltip. */
export function useShortcutTitle() {
  const t = useTranslations("play");
  return (shortcut: Shortcut) => ({ "aria-keyshortcuts": ariaKeyShortcuts(shortcut), title: t("shortcutTitle", { keys: SHORTCUT_KEYS[shortcut].join(" / ") }) });
}

export function TurnButtons({ allowed, busy, cubeValue, actions, resignOpen, onResignOpen, base }: TurnButtonsProps) {
  const t = useTranslations("play");
  const titled = useShortcutTitle();
  const run = useRun();
  // The commands of the turn and of the cube that have a shortcut, in the order shown; Roll and Take are primary.
  const turn = [
    { command: "roll", primary: true, label: t("roll") },
    { command: "double", primary: false, label: t("double", { value: cubeValue * 2 }) },
    { command: "take", primary: true, label: t("take") },
    { command: "drop", primary: false, label: t("drop") },
  ] as const;
  return (
    <>
      {turn.map(({ command, primary, label }) =>
        allowed[command] ? (
          <button key={command} type="button" className={primary ? "primary" : undefined} disabled={busy} onClick={actions[command]} {...titled(command)}>
            {label}
          </button>
        ) : null,
      )}
      {allowed["resign-accept"] ? (
        <button type="button" className="primary" disabled={busy} onClick={() => void run("match:resign-accept", base)}>
          {t("resignAccept")}
        </button>
      ) : null}
      {allowed["resign-decline"] ? (
        <button type="button" disabled={busy} onClick={() => void run("match:resign-decline", base)}>
          {t("resignDecline")}
        </button>
      ) : null}
      {allowed.resign ? (
        <button type="button" aria-expanded={resignOpen} onClick={() => onResignOpen(!resignOpen)}>
          {t("resign")}
        </button>
      ) : null}
    </>
  );
}

/** The three levels of a resignation (single, gammon, backgammon) at the cube's value; choosing one offers it. */
export function ResignChoices({ busy, cubeValue, base, onChosen }: { busy: boolean; cubeValue: number; base: Base; onChosen: () => void }) {
  const t = useTranslations("play");
  const run = useRun();
  return (
    <div className="controls resign-choices" role="group" aria-label={t("resignGroup")}>
      {([1, 2, 3] as const).map((level) => (
        <button
          key={level}
          type="button"
          disabled={busy}
          onClick={() => {
            onChosen();
            void run("match:resign", { ...base, level });
          }}
        >
          {t("resignLevel", { level, points: level * cubeValue })}
        </button>
      ))}
    </div>
  );
}
