/**
 * What the lobby's forms offer: the computer's three levels as an opponent, and the time controls — a reserve per
 * point of the match's length plus a Bronstein delay per turn, or a custom reserve and delay — with the time control
 * a choice makes, and the address of a match to open.
 *
 * @example
 *   timeControlOf("2+12", 5, 0, 0); // { reserveMs: 600_000, delayMs: 12_000 }
 *   matchHref("m1", "t0k");        // "/match/m1?invite=t0k"
 */
import type { TimeControl } from "@/lib/match/clock";

/** The computer's levels as the lobby offers them (the engine's search depth in brackets). */
export const COMPUTER_CHOICES = ["easy", "medium", "hard"] as const;

export type Opponent = "person" | (typeof COMPUTER_CHOICES)[number];

export function isComputer(opponent: string): opponent is (typeof COMPUTER_CHOICES)[number] {
  return COMPUTER_CHOICES.some((choice) => choice === opponent);
}

/**
 * The time controls offered: a reserve per point of the match's length plus a Bronstein delay per turn (2 minutes a
 * point and 12 s is the usual tournament control), or a custom reserve and delay in seconds.
 */
export const CLOCK_CHOICES = [
  { value: "none" },
  { value: "1+8", perPointMs: 60_000, delayMs: 8_000 },
  { value: "2+12", perPointMs: 120_000, delayMs: 12_000 },
  { value: "3+15", perPointMs: 180_000, delayMs: 15_000 },
  { value: "custom" },
] as const;

export type ClockChoice = (typeof CLOCK_CHOICES)[number]["value"];

/** The time control the form asks for, or null (untimed); a string is the message key (`lobby.<key>`) of what is
 * wrong with the custom fields. */
export function timeControlOf(choice: string, matchLength: number, reserveSeconds: number, delaySeconds: number): TimeControl | null | string {
  const preset = CLOCK_CHOICES.find((c) => c.value === choice);
  if (preset && "perPointMs" in preset) return { reserveMs: preset.perPointMs * matchLength, delayMs: preset.delayMs };
  if (choice !== "custom") return null;
  if (!Number.isInteger(reserveSeconds) || reserveSeconds < 1 || reserveSeconds > 36_000) return "reserveRange";
  if (!Number.isInteger(delaySeconds) || delaySeconds < 0 || delaySeconds > 120) return "delayRange";
  return { reserveMs: reserveSeconds * 1000, delayMs: delaySeconds * 1000 };
}

/** The `lobby.clockChoice` message's values for a time control choice. */
export function clockChoiceValues(choice: (typeof CLOCK_CHOICES)[number]): { choice: "none" | "custom" | "preset"; minutes: number; delay: number } {
  return {
    choice: choice.value === "none" ? "none" : choice.value === "custom" ? "custom" : "preset",
    minutes: "perPointMs" in choice ? choice.perPointMs / 60_000 : 0,
    delay: "delayMs" in choice ? choice.delayMs / 1000 : 0,
  };
}

export function matchHref(matchId: string, invite: string | null): string {
  return `/match/${matchId}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
}
