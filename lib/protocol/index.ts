/**
 * The socket protocol shared by the server and the browser: commands, their answers and schemas, the messages the
 * server pushes, the snapshot. The events and the view they carry are the match record's (lib/record).
 *
 * @example
 *   import { commandSchemas, PROTOCOL_VERSION } from "@/lib/protocol";
 */
export * from "./protocol";
export * from "./snapshot";
export * from "./match-sync";
