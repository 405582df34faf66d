/**
 * A time control in the reader's language ("5 min + 8 s delay", "5 min + 8 s de atraso", "sans pendule"): the
 * localized twin of lib/match/clock.ts describeTimeControl, from the `clock` namespace of messages/<locale>.json.
 * A reserve in whole minutes reads in minutes, any other in seconds.
 *
 * @example
 *   const t = useTranslations("clock");
 *   timeControlText(t, { reserveMs: 300_000, delayMs: 8000 }); // "5 min + 8 s delay"
 */
import type { TimeControl } from "@/lib/match/clock";

/** A translator bound to the `clock` namespace (next-intl's useTranslations("clock") or getTranslations("clock")). */
export type ClockT = (key: string, values?: Record<string, string | number>) => string;

export function timeControlText(t: ClockT, control: TimeControl | null): string {
  if (!control) return t("untimed");
  const minutes = control.reserveMs % 60_000 === 0;
  return t("control", {
    unit: minutes ? "min" : "s",
    reserve: minutes ? control.reserveMs / 60_000 : Math.round(control.reserveMs / 1000),
    delay: Math.round(control.delayMs / 1000),
  });
}
