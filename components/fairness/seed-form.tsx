"use client";
/**
 * The player's client seed: pre-filled with 32 random hex characters, editable, with a button for a new one; sent
 * with the commitment this page shows (`match:seed`), then locked. The server refuses the seed if that commitment is
 * not the match's, which proves the seed was chosen after the commitment was published.
 *
 * @example
 *   <SeedForm matchId="m1" commitment={view.commitment} />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/i18n/error-text";
import { validateClientSeed } from "@/lib/dice/client-seed";
import { useMatch, useRun } from "@/components/match/match-provider";
import { randomClientSeed } from "./random-seed";
import { takeRematchMark } from "./rematch-mark";
import { FormError } from "@/components/ui/form-error";

/** Seconds before a rematch's proposed seed goes by itself. */
export const REMATCH_COUNTDOWN = 5;

export function SeedForm({ matchId, commitment }: { matchId: string; commitment: string }) {
  const t = useTranslations("fairness");
  const errorText = useErrorText();
  const [seed, setSeed] = useState(randomClientSeed);
  const [error, setError] = useState<string | null>(null);
  const busy = useMatch((s) => s.busy);
  const run = useRun();
  // A rematch proposes the seed on its own: sent after REMATCH_COUNTDOWN seconds unless the player edits it or stops.
  const [countdown, setCountdown] = useState<number | null>(null);

  const send = useCallback(async () => {
    const valid = validateClientSeed(seed);
    if (!valid.ok) {
      setError(errorText(valid.code, valid.values));
      return;
    }
    setError(null);
    const reply = await run("match:seed", { matchId, clientSeed: seed, commitment });
    if (!reply.ok) {
      setError(errorText(reply.code, reply.values));
      return;
    }
    // On a phone this form sits below the board: bring the board back into view for the game that starts.
    const board = document.querySelector(".play-area");
    const top = board?.getBoundingClientRect().top;
    if (board && top !== undefined && (top < 0 || top > window.innerHeight / 2)) board.scrollIntoView({ block: "start" });
  }, [seed, run, matchId, commitment, errorText]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCountdown(null);
    await send();
  };

  useEffect(() => {
    if (takeRematchMark(matchId)) setCountdown(REMATCH_COUNTDOWN);
  }, [matchId]);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown === 0) {
      setCountdown(null);
      void send();
      return;
    }
    const timer = setTimeout(() => setCountdown((left) => (left === null ? null : left - 1)), 1000);
    return () => clearTimeout(timer);
  }, [countdown, send]);

  return (
    <form className="seed-form" onSubmit={(e) => void submit(e)} aria-label={t("clientSeedForm")}>
      <label htmlFor="client-seed">{t("yourSeed")}</label>
      <div className="seed-row">
        <input
          id="client-seed"
          value={seed}
          onChange={(e) => {
            setCountdown(null);
            setSeed(e.target.value);
          }}
          maxLength={64}
          spellCheck={false}
          autoComplete="off"
          aria-describedby="client-seed-hint"
        />
        <button
          type="button"
          onClick={() => {
            setCountdown(null);
            setSeed(randomClientSeed());
          }}
          aria-label={t("newSeedLabel")}
        >
          ↻ {t("newSeed")}
        </button>
      </div>
      <small id="client-seed-hint">{t("seedHint")}</small>
      {countdown !== null ? (
        <p role="status" data-testid="rematch-seed-countdown">
          {t("rematchSeed", { seconds: countdown })}{" "}
          <button type="button" onClick={() => setCountdown(null)}>
            {t("rematchSeedStop")}
          </button>
        </p>
      ) : null}
      <FormError error={error} />
      <button type="submit" className="primary" disabled={busy}>
        {t("submitSeed")}
      </button>
    </form>
  );
}
