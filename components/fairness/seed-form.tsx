"use client";
/**
 * The player's client seed: pre-filled with 32 random hex characters, editable, with a button for a new one; sent
 * with the commitment this page shows (`match:seed`), then locked. The server refuses the seed if that commitment is
 * not the match's, which proves the seed was chosen after the commitment was published.
 *
 * @example
 *   <SeedForm matchId="m1" commitment={view.commitment} />   // inside a MatchProvider
 */
import { useState, type FormEvent } from "react";
import { validateClientSeed } from "@/lib/dice/client-seed";
import { useMatch, useRun } from "@/components/match/match-provider";
import { randomClientSeed } from "./random-seed";
import { FormError } from "@/components/ui/form-error";

export function SeedForm({ matchId, commitment }: { matchId: string; commitment: string }) {
  const [seed, setSeed] = useState(randomClientSeed);
  const [error, setError] = useState<string | null>(null);
  const busy = useMatch((s) => s.busy);
  const run = useRun();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = validateClientSeed(seed);
    if (!valid.ok) {
      setError(valid.message);
      return;
    }
    setError(null);
    const reply = await run("match:seed", { matchId, clientSeed: seed, commitment });
    if (!reply.ok) setError(reply.message);
  };

  return (
    <form className="seed-form" onSubmit={(e) => void submit(e)} aria-label="Client seed">
      <label htmlFor="client-seed">Your client seed</label>
      <div className="seed-row">
        <input
          id="client-seed"
          value={seed}
          onChange={(e) => setSeed(e.target.value)}
          maxLength={64}
          spellCheck={false}
          autoComplete="off"
          aria-describedby="client-seed-hint"
        />
        <button type="button" onClick={() => setSeed(randomClientSeed())} aria-label="New random seed">
          ↻ New
        </button>
      </div>
      <small id="client-seed-hint">1 to 64 characters: letters, digits, _ and -. It mixes into every roll, and cannot change once sent.</small>
      <FormError error={error} />
      <button type="submit" className="primary" disabled={busy}>
        Submit seed
      </button>
    </form>
  );
}
