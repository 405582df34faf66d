/**
 * The page's fair-dice-v3 sends (contribution-sends.ts) for the match its store holds, and the first difference the
 * view showed against what this browser kept, which the page names to its player. The sender, the kept chains and
 * their hashing load only once the store shows a v3 match: a v2 match's page never fetches them, and its first load
 * stays within the 200 KB budget (docs/benchmarks.md).
 *
 * @example
 *   const problem = useContributions(store, run); // null, or { kind: "forwardedSalt", nonce: 7, … }
 */
import { useEffect, useState } from "react";
import type { CommandName, CommandPayload } from "@/lib/protocol/protocol";
import type { Reply } from "@/components/socket/socket-client";
import type { KeptProblem } from "./kept-chains";
import type { MatchStore } from "./match-store";

type Run = <C extends CommandName>(command: C, payload: CommandPayload<C>) => Promise<Reply<C>>;

export function useContributions(store: MatchStore, run: Run): KeptProblem | null {
  const [problem, setProblem] = useState<KeptProblem | null>(null);
  useEffect(() => {
    // The first problem named stays named: a later view that hides it again does not undo what was shown.
    const report = (found: KeptProblem) => setProblem((shown) => shown ?? found);
    let closed = false;
    let loading = false;
    let stopSending: (() => void) | null = null;
    const load = () => {
      if (loading || store.getState().view?.diceProtocol !== "fair-dice-v3") return;
      loading = true;
      void import("./contribution-sends").then(({ contributionSender }) => {
        if (closed) return;
        const send = contributionSender(run, report);
        stopSending = store.subscribe(send);
        send(store.getState());
      });
    };
    const stopWatching = store.subscribe(load);
    load();
    return () => {
      closed = true;
      stopWatching();
      stopSending?.();
    };
  }, [store, run]);
  return problem;
}
