/**
 * The marks of the opponent's last play: a dashed ring where each checker left, a ring where it landed, a line between,
 * and a red ring where it hit. Drawn over the checkers, taking no clicks; the live region says the play in words.
 *
 * @example
 *   <LastPlayMarks play={{ color: "black", moves }} viewer="white" />
 */
import type { CheckerMove, Color } from "@/lib/engine/types";
import { CHECKER, checkerCentre } from "./board-geometry";
import { toViewer } from "./board-locations";

export function LastPlayMarks({ play, viewer }: { play: { readonly color: Color; readonly moves: readonly CheckerMove[] }; viewer: Color }) {
  const mine = play.color === viewer;
  const at = (location: number) => checkerCentre(toViewer(location, play.color, viewer), 0, mine);
  return (
    <g className="last-play" aria-hidden="true" data-testid="last-play">
      {play.moves.map((move, i) => {
        const from = at(move.from);
        const to = at(move.to);
        return (
          <g key={`${i}-${move.from}-${move.to}`} data-from={move.from} data-to={move.to} data-hit={move.hit ? "yes" : "no"}>
            <line className="last-path" x1={from.x} y1={from.y} x2={to.x} y2={to.y} />
            <circle className="last-from" cx={from.x} cy={from.y} r={CHECKER / 2 - 2} />
            <circle className={move.hit ? "last-to last-hit" : "last-to"} cx={to.x} cy={to.y} r={CHECKER / 2 + 1} />
          </g>
        );
      })}
    </g>
  );
}
