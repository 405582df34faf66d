/**
 * The page's own sends of a fair-dice-v3 match (contributions-sender.ts), as the store changes: the game's chain head
 * and each value the match waits for from this browser — one request in flight per head or nonce, sent again after a
 * reconnection (the same request: what it carries is kept), never twice for the same version otherwise — and the
 * first difference the view shows against what this browser kept, which the page names to its player. Loaded by
 * use-contributions.ts only when the page shows a v3 match, so a v2 match's first load carries none of it.
 *
 * @example
 *   store.subscribe(contributionSender(run, (problem) => show(problem)));
 */
import { breakHolds } from "@/lib/play/game-break";
import type { CommandName, CommandPayload } from "@/lib/protocol/protocol";
import type { Reply } from "@/components/socket/socket-client";
import { contributionStep, type ContributionRequest } from "./contributions-sender";
import { keptChains, type KeptChains, type KeptProblem } from "./kept-chains";
import type { MatchPageState } from "./match-page-state";

export type Run = <C extends CommandName>(command: C, payload: CommandPayload<C>) => Promise<Reply<C>>;

function sendRequest(run: Run, request: ContributionRequest): Promise<unknown> {
  return request.command === "match:chain" ? run("match:chain", request.payload) : run("match:reveal", request.payload);
}

/**
 * What the page does with each state of its store: keeps, checks, and sends what is owed. `keptOf` gives a match's
 * kept values (the page's local storage; a test's own).
 */
export function contributionSender(run: Run, onProblem: (problem: KeptProblem) => void, keptOf: (matchId: string) => KeptChains = keptChains) {
  // The request on its way (by key), and the last one answered with the version it was sent at.
  let inFlight: string | null = null;
  let answered: string | null = null;
  return (now: Pick<MatchPageState, "view" | "you" | "connection" | "breakOver">): void => {
    if (now.connection !== "online") {
      inFlight = null;
      answered = null;
    }
    const { view, you } = now;
    if (!view || view.diceProtocol !== "fair-dice-v3" || you === null) return;
    // An opening value waits for the break after a game (the roll would come before its result is read).
    const step = contributionStep(view, you, keptOf(view.matchId), breakHolds(view, now.breakOver));
    if (step.problem) onProblem(step.problem);
    const request = step.request;
    if (!request || now.connection !== "online" || inFlight === request.key) return;
    const stamp = `${request.key}@${view.version}`;
    if (answered === stamp) return;
    inFlight = request.key;
    void sendRequest(run, request).finally(() => {
      answered = stamp;
      if (inFlight === request.key) inFlight = null;
    });
  };
}
