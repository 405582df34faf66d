/**
 * The socket protocol shared by the server and the browser: commands, events, schemas, and the match view fold.
 *
 * @example
 *   import { commandSchemas, applyMatchEvent, PROTOCOL_VERSION } from "@/lib/protocol";
 */
export * from "./protocol";
export * from "./match-events";
export * from "./match-view";
export * from "./snapshot";
export * from "./game-record";
export * from "./match-sync";
