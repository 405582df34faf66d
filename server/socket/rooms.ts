/**
 * Every Socket.IO room's name, built here and nowhere else: a match's spectators and players, a tournament's page, a
 * user's every page (on every node), the lobby, a chat channel. A room is where a pushed message goes; who may join
 * one is decided by the command that joins it (visibility.ts for a match, chat access for a channel).
 *
 * @example
 *   io.to(rooms.match(matchId)).emit("match:event", message);
 *   rooms.matchIdOf("match:abc"); // "abc"
 */
const MATCH = "match:";

export const rooms = {
  match: (matchId: string): string => `${MATCH}${matchId}`,
  tournament: (tournamentId: string): string => `tournament:${tournamentId}`,
  user: (userId: string): string => `user:${userId}`,
  chat: (channel: string): string => `chat:${channel}`,
  lobby: "lobby",
  /** The match a room belongs to, or null for any other room. */
  matchIdOf: (room: string): string | null => (room.startsWith(MATCH) ? room.slice(MATCH.length) : null),
} as const;
