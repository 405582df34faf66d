"use client";
/**
 * The Hint button of a match against the computer, on the player's move: the engine's best plays for the dice
 * (`match:hint`, lib/analysis/hint.ts), best first, each with what it gives up against the best in equity (EMG).
 * The answer belongs to the version it was asked at; a new version closes it.
 *
 * @example
 *   <HintPanel matchId={view.matchId} version={view.version} />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { HintPlay } from "@/lib/analysis/hint";
import { useRun } from "./match-provider";

export function HintPanel({ matchId, version }: { matchId: string; version: number }) {
  const t = useTranslations("play");
  const run = useRun();
  const [hint, setHint] = useState<{ version: number; plays: readonly HintPlay[] } | null>(null);
  const [asking, setAsking] = useState(false);
  const shown = hint?.version === version ? hint.plays : null;

  const ask = async () => {
    setAsking(true);
    const reply = await run("match:hint", { matchId });
    setAsking(false);
    if (reply.ok) setHint({ version: reply.version, plays: reply.plays });
  };

  return (
    <>
      <button type="button" onClick={() => void ask()} disabled={asking || shown !== null} aria-expanded={shown !== null}>
        {asking ? t("hintThinking") : t("hint")}
      </button>
      {shown ? (
        <ol className="hint-plays" aria-label={t("hintTitle")}>
          {shown.map((play) => (
            <li key={play.notation}>
              <span className="hint-notation">{play.notation}</span>{" "}
              <span className="muted">{play.loss === 0 ? t("hintBest", { equity: play.equity.toFixed(3) }) : t("hintLoss", { loss: play.loss.toFixed(3) })}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
