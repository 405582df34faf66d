/**
 * The board's hit areas, drawn over everything: one per location the viewer can act on — their 24 points, their bar
 * and their tray, a button while it means "pick this checker" or "move here" — and the opponent's bar and tray, named
 * for a screen reader and never acted on. Every location has a name that says what is on it.
 *
 * @example
 *   <BoardHitAreas position={pos} viewer="white" input={input} handlers={handlers} />
 */
import { useTranslations } from "next-intl";
import type { Color, Position } from "@/lib/engine/types";
import { PLAY_TOP, hitArea } from "./board-geometry";
import { countAt, other } from "./board-locations";
import type { BoardHandlers, BoardInput } from "./use-board-input";

/** Where the viewer can click or drop: the 24 points, their bar (25) and their tray (0). */
const HIT_LOCATIONS: readonly number[] = [...Array.from({ length: 24 }, (_, i) => i + 1), 25, 0];
/** The opponent's bar and tray: named for a screen reader, never acted on. */
const OPPONENT_SIDE: readonly number[] = [25, 0];

export function BoardHitAreas({ position, viewer, input, handlers }: { position: Position; viewer: Color; input: BoardInput | null; handlers: BoardHandlers }) {
  const t = useTranslations("board");
  const opponent = other(viewer);
  const isTarget = (location: number): boolean => input !== undefined && input !== null && input.selected !== null && input.targets.has(location);

  /** The name of a location the viewer can act on now (a checker to pick, a destination); undefined otherwise. */
  const actionLabel = (location: number): string | undefined => {
    if (!input) return undefined;
    if (isTarget(location)) return location === 0 ? t("bearOff") : t("moveTo", { location });
    if (input.movable.has(location)) return t("checkerOn", { color: viewer, location, count: countAt(position[viewer], location) });
    return undefined;
  };

  /** What is on a location, for a screen reader: every point, both bars and both trays have a name. */
  const contentsLabel = (location: number, side: "mine" | "theirs" = "mine"): string => {
    if (location === 25) return t("bar", { side, count: position[side === "mine" ? viewer : opponent][24] ?? 0 });
    if (location === 0) return t("tray", { side, count: countAt(position[side === "mine" ? viewer : opponent], 0) });
    const own = position[viewer][location - 1] ?? 0;
    const theirsHere = position[opponent][24 - location] ?? 0;
    return t("point", { location, count: own || theirsHere, color: own > 0 ? viewer : opponent });
  };

  return (
    <>
      {OPPONENT_SIDE.map((location) => {
        const area = hitArea(location);
        return <rect key={`their-${location}`} className="hit" x={area.x} y={PLAY_TOP} width={area.width} height={area.height} role="img" aria-label={contentsLabel(location, "theirs")} />;
      })}
      {HIT_LOCATIONS.map((location) => {
        const area = hitArea(location);
        const action = actionLabel(location);
        const interactive = action !== undefined;
        const label = action ?? contentsLabel(location);
        return (
          <rect
            key={`hit-${location}`}
            className={`hit${interactive ? " hit-active" : ""}${input?.selected === location ? " hit-selected" : ""}`}
            x={area.x}
            y={area.y}
            width={area.width}
            height={area.height}
            role={interactive ? "button" : "img"}
            aria-label={label}
            // A toggle only while it means "pick this checker": a point that is also the selected checker's target
            // is a plain "move to" button, as its label says (a keyboard or screen-reader user must not hear both).
            aria-pressed={interactive && input?.movable.has(location) && !isTarget(location) ? input.selected === location : undefined}
            tabIndex={interactive ? 0 : undefined}
            data-location={location}
            onKeyDown={interactive ? handlers.onKey(location) : undefined}
            onPointerDown={handlers.onPointerDown(location)}
            onClick={input ? handlers.onClick(location) : undefined}
          />
        );
      })}
    </>
  );
}
