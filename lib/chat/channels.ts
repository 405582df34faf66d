/**
 * Chat channels and who may read and write in them. The lobby's channel is the site's; each match has two: its
 * players' (the two players only — what they say to each other is not for the room) and its spectators' (everyone
 * who may watch the match reads it, players included unless they mute it; spectators with an account write in it).
 * Guests may talk to their opponent, not to the whole site: lobby and spectator chat need a registered account.
 *
 * @example
 *   parseChannel("match:abc123:players");                  // ok({ kind: "players", matchId: "abc123" })
 *   chatAccess({ kind: "lobby" }, { account: "guest", seated: false }); // { read: true, write: false }
 */
import { err, ok, type Result } from "../engine/types";
import type { ChatRefusalCode } from "./chat-text";

export type ChatChannel =
  | { readonly kind: "lobby" }
  | { readonly kind: "players"; readonly matchId: string }
  | { readonly kind: "spectators"; readonly matchId: string };

export const LOBBY_CHANNEL = "lobby";

const MATCH_CHANNEL = /^match:([A-Za-z0-9_-]{6,40}):(players|spectators)$/;

export function parseChannel(name: string): Result<ChatChannel, ChatRefusalCode> {
  if (name === LOBBY_CHANNEL) return ok({ kind: "lobby" });
  const match = MATCH_CHANNEL.exec(name);
  if (!match) return err("ERR_CHAT", { reason: "channel" });
  return ok({ kind: match[2] as "players" | "spectators", matchId: match[1]! });
}

export function channelName(channel: ChatChannel): string {
  return channel.kind === "lobby" ? LOBBY_CHANNEL : `match:${channel.matchId}:${channel.kind}`;
}

/** Who is asking, as the chat sees them: their account (none for a visitor) and, in a match channel, whether they sit in it. */
export interface ChatReader {
  readonly account: "registered" | "guest" | "none";
  /** A player of the channel's match (always false for the lobby). */
  readonly seated: boolean;
}

export interface ChatAccess {
  readonly read: boolean;
  readonly write: boolean;
}

/** What a reader may do in a channel; for match channels the caller has checked already that they may see the match. */
export function chatAccess(channel: ChatChannel, reader: ChatReader): ChatAccess {
  switch (channel.kind) {
    case "lobby":
      return { read: true, write: reader.account === "registered" };
    case "players":
      return { read: reader.seated, write: reader.seated };
    case "spectators":
      return { read: true, write: !reader.seated && reader.account === "registered" };
  }
}
