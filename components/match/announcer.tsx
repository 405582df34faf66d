"use client";
/**
 * What a screen reader hears as the match goes on: a polite live region (visually hidden) holding the latest event
 * (the dice rolled, the play made, the cube) followed by whose turn it is, and, while the player builds a play on the
 * board, the steps taken so far. A sighted player reads the same in the log and the status line.
 *
 * @example
 *   <Announcer />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { describeEvent, statusText } from "./event-text";
import { useMatch } from "./match-provider";

function locationName(location: number): string {
  return location === 25 ? "bar" : location === 0 ? "off" : String(location);
}

export function Announcer() {
  const t = useTranslations("match");
  const view = useMatch((s) => s.view);
  const you = useMatch((s) => s.you);
  const last = useMatch((s) => s.log.at(-1));
  const steps = useMatch((s) => s.steps);
  if (!view) return null;
  const parts = [last ? describeEvent(t, last.before, last.event, last.after) : "", statusText(t, view, you)];
  if (steps.length > 0) parts.push(t("announce.steps", { steps: steps.map((s) => `${locationName(s.from)}/${locationName(s.to)}`).join(" ") }));
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {parts.filter((p) => p !== "").join(" ")}
    </div>
  );
}
