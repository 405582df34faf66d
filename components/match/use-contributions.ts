/**
 * The page's fair-dice-v3 sends (contribution-sends.ts) for the match its store holds, and the first difference the
 * view showed against what this browser kept, which the page names to its player. The sender, the kept chains and
 * their hashing load only once the store shows a v3 match in play (or over): nothing is owed, and nothing shown can
 * differ from what a browser kept, while a match waits for its players and their seeds (contributions.ts asks only a
 * playing match), so a waiting match's page — and a v2 match's, ever — does not fetch them, and the page's first
 * load stays within the 200 KB budget (docs/benchmarks.md).
 *
 * @example
 *   const problem = useContributions(store, run); // null, or { kind: "forwardedSalt", nonce: 7, … }
 */
import { useEffect, useState } from "react";
import type { MatchStatus } from "@/lib/match/view";
import type { CommandName, CommandPayload } from "@/lib/protocol/protocol";
import type { Reply } from "@/components/socket/socket-client";
import type { KeptProblem } from "./kept-chains";
import type { MatchStore } from "./match-store";

/** The statuses in which a v3 match can owe this browser's heads and values, or show salts and heads to compare. */
const CONTRIBUTING: ReadonlySet<MatchStatus> = new Set(["playing", "finished"]);

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
      const view = store.getState().view;
      if (loading || view?.diceProtocol !== "fair-dice-v3" || !CONTRIBUTING.has(view.status)) return;
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
