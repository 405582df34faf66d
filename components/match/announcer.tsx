"use client";
/**
 * What a screen reader hears as the match goes on: a polite live region (visually hidden) holding the events since the
 * viewer last acted (the dice rolled, the play made, the cube: announcement.ts) followed by whose turn it is, and, while the player builds a play on the
 * board, the steps taken so far. A sighted player reads the same in the log and the status line.
 *
 * @example
 *   <Announcer />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { announcementParts } from "./announcement";
import { statusText } from "./status-text";
import { useMatchFields } from "./use-match-fields";

function locationName(location: number): string {
  return location === 25 ? "bar" : location === 0 ? "off" : String(location);
}

export function Announcer() {
  const t = useTranslations("match");
  const { view, you, log, steps } = useMatchFields("view", "you", "log", "steps");
  if (!view) return null;
  const parts = [...announcementParts(t, log, you), statusText(t, view, you)];
  if (steps.length > 0) parts.push(t("announce.steps", { steps: steps.map((s) => `${locationName(s.from)}/${locationName(s.to)}`).join(" ") }));
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {parts.filter((p) => p !== "").join(" ")}
    </div>
  );
}
