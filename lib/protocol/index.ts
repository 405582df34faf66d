/**
 * The socket protocol shared by the server and the browser: commands, events, schemas, the match view fold, the
 * lobby decisions (seat, client seed) and the summary columns projected from the view.
 *
 * @example
 *   import { commandSchemas, applyMatchEvent, PROTOCOL_VERSION } from "@/lib/protocol";
 */
export * from "./protocol";
export * from "./match-events";
export * from "./match-view";
export * from "./snapshot";
export * from "./game-record";
export * from "./lobby";
export * from "./match-columns";
export * from "./event-schemas";
