/**
 * The socket protocol shared by the server and the browser: commands, their answers and schemas, the messages the
 * server pushes and the snapshot. The events and the view they carry are the match aggregate's (lib/match).
 *
 * @example
 *   import { commandSchemas, PROTOCOL_VERSION } from "@/lib/protocol";
 */
export * from "./protocol";
export * from "./snapshot";
