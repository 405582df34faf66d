/**
 * The socket protocol shared by the server and the browser: commands, their answers and schemas, the messages the
 * server pushes, the snapshot, the client's sync, the lobby decisions (seat, client seed), the Match columns projected
 * from the view and the schemas of stored events. The events and the view they carry are the match record's (lib/record).
 *
 * @example
 *   import { commandSchemas, PROTOCOL_VERSION } from "@/lib/protocol";
 */
export * from "./protocol";
export * from "./snapshot";
export * from "./match-sync";
export * from "./lobby";
export * from "./match-columns";
export * from "./event-schemas";
