/**
 * The socket protocol: every client→server command and server→client event, with its payload type and zod schema,
 * in one place. The server parses every payload with these schemas before it looks at it; the client gets the same
 * types through Socket.IO's generics. docs/protocol.md describes it for people.
 *
 * Every command is acknowledged: `{ ok: true, ... }` or `{ ok: false, code, values, message }` with nothing changed —
 * the code and its values for the page to word in the reader's language, `message` in English for scripts.
 *
 * @example
 *   socket.emit("match:roll", { matchId, expectedVersion: 12 }, (ack) => { if (!ack.ok) show(errorText(ack.code, ack.values)); });
 */
import { z } from "zod";
import type { HintPlay } from "../analysis/hint";
import { MAX_CHAT_LENGTH, type ChatMessageView, type ChatRefusalCode } from "../chat";
import type { FailureValues } from "../engine/types";
import { timeControlSchema, type PublishedEvent, type RefusalCode, type RematchState } from "../match";
import type { TournamentEvent, TournamentRefusal, TournamentView } from "../tournament/tournament";
import type { ChallengeAnswered, ChallengeClosed, ChallengeView, MeetRefusalCode, Notices, OnlinePlayer, TournamentMatchNotice } from "./meet";
import type { OpenMatchSummary, MatchSnapshot } from "./snapshot";

/**
 * Bumped on any incompatible change; checked in the handshake (`auth.protocol`). 2: events and snapshots no longer
 * carry the legal plays; clients derive them from the state with lib/engine (`currentLegalPlays`). 3: a command that
 * stores events answers with them (`StoredEvents`), and its sender's socket is left out of their broadcast. 4: the
 * rematch is three match events (`rematch-offered`, `rematch-declined`, `rematch-made`) in the view, and the
 * `match:rematch` message and the snapshot's `rematch` are gone. 5: the lobby's public matches waiting for an
 * opponent are "open matches" (`lobby:list` answers `{ openMatches }`); "challenge" names only a direct one.
 */
export const PROTOCOL_VERSION = 5;

/** Largest payload the server reads, in bytes (Socket.IO's maxHttpBufferSize). */
export const MAX_PAYLOAD_BYTES = 16 * 1024;

export const matchIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,40}$/, "not a match id");
/** A stored row's id (cuid) or a user's id: letters, digits, "-" and "_". */
const recordIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "not an id");
const chatChannelSchema = z.string().max(80);
const versionSchema = z.number().int().min(0).max(1_000_000);

/** A command on one match, optionally pinned to the version the client saw (stale → refused, nothing changes). */
const onMatch = z.strictObject({ matchId: matchIdSchema, expectedVersion: versionSchema.optional() });

export const commandSchemas = {
  "lobby:create": z.strictObject({
    matchLength: z.number().int().min(1).max(25),
    color: z.enum(["white", "black", "random"]),
    visibility: z.enum(["public", "private"]),
    /** Play the computer at this level: it takes the other seat at once (and adds its client seed). */
    computer: z.enum(["easy", "medium", "hard"]).optional(),
    /** Each player's reserve for the match and the delay per turn, in ms (lib/match/clock.ts); left out: untimed. */
    timeControl: timeControlSchema.strict().optional(),
    /** Rated: the result moves both players' ratings. Registered players only; never against the computer. */
    rated: z.boolean().optional(),
  }),
  "lobby:list": z.strictObject({}),
  "match:join": z.strictObject({ matchId: matchIdSchema, inviteToken: z.string().max(64).optional() }),
  "match:watch": z.strictObject({ matchId: matchIdSchema, inviteToken: z.string().max(64).optional() }),
  "match:unwatch": z.strictObject({ matchId: matchIdSchema }),
  "match:cancel": onMatch,
  "match:seed": z.strictObject({
    matchId: matchIdSchema,
    clientSeed: z.string().max(64),
    commitment: z.string().max(64),
  }),
  /**
   * fair-dice-v2 matches: `salt` is the roller's fresh salt for roll `nonce` (32 lowercase hex characters), kept by
   * the browser and sent again for the same nonce; during an opening roll both players send one.
   */
  "match:roll": z.strictObject({
    matchId: matchIdSchema,
    expectedVersion: versionSchema.optional(),
    salt: z.string().max(64).optional(),
    nonce: z.number().int().min(0).max(1_000_000).optional(),
  }),
  /**
   * fair-dice-v3 matches (docs/fair-dice-v3.md, section 2): the head of this browser's chain of values for game
   * `game`, sent by the page before the game's first roll; the same head is sent again after a reconnection.
   */
  "match:chain": z.strictObject({ matchId: matchIdSchema, game: z.number().int().min(1).max(99), head: z.string().max(64) }),
  /**
   * fair-dice-v3: this browser's next chain value for roll `nonce` — an opening roll's, or the answer to the roller's
   * salt the match forwarded; `nextHead` with a chain's last value. The page sends it by itself, and the same again.
   */
  "match:reveal": z.strictObject({ matchId: matchIdSchema, nonce: z.number().int().min(0).max(1_000_000), value: z.string().max(64), nextHead: z.string().max(64).optional() }),
  "match:double": onMatch,
  "match:take": onMatch,
  "match:drop": onMatch,
  "match:move": z.strictObject({
    matchId: matchIdSchema,
    expectedVersion: versionSchema.optional(),
    moves: z.array(z.strictObject({ from: z.number().int().min(0).max(25), to: z.number().int().min(0).max(25) })).max(4),
  }),
  "match:resign": z.strictObject({ matchId: matchIdSchema, expectedVersion: versionSchema.optional(), level: z.union([z.literal(1), z.literal(2), z.literal(3)]) }),
  "match:resign-accept": onMatch,
  "match:resign-decline": onMatch,
  "match:claim-abandoned": onMatch,
  "match:snapshot": z.strictObject({ matchId: matchIdSchema, inviteToken: z.string().max(64).optional() }),
  /**
   * A player whose page shows a clock at zero asks the server to look at it: the server decides by its own clock alone
   * (and stores the timeout if the flag has fallen). Its own timer does this anyway; the ask covers a node that died
   * holding the timer.
   */
  "match:check-clock": z.strictObject({ matchId: matchIdSchema }),
  /** In a match against the computer, on your move: the engine's best plays for your dice (lib/play/hint-rule.ts). */
  "match:hint": z.strictObject({ matchId: matchIdSchema }),
  /** At the end of a match: offer the opponent a rematch (the same settings, colours swapped). */
  "match:rematch": z.strictObject({ matchId: matchIdSchema }),
  /** Answer the opponent's rematch offer: accepting creates the new match with both players seated. */
  "match:rematch-answer": z.strictObject({ matchId: matchIdSchema, accept: z.boolean() }),
  /** Waits for an opponent of close rating who wants the same (server/match/matchmaking.ts); `queue:result` follows. */
  "queue:join": z.strictObject({ matchLength: z.number().int().min(1).max(25), rated: z.boolean(), timeControl: timeControlSchema.strict().optional() }),
  "queue:leave": z.strictObject({}),
  /** Opens a chat channel (lib/chat/channels.ts): its recent messages, the users you muted, whether you may write. */
  "chat:join": z.strictObject({ channel: chatChannelSchema, inviteToken: z.string().max(64).optional() }),
  "chat:leave": z.strictObject({ channel: chatChannelSchema }),
  /** The text is cleaned and limited by the server (lib/chat/chat-text.ts); the schema only bounds what is read. */
  "chat:send": z.strictObject({ channel: chatChannelSchema, text: z.string().max(4 * MAX_CHAT_LENGTH), inviteToken: z.string().max(64).optional() }),
  /** Hides (or shows again) one user's messages from you, everywhere, saved with your account. */
  "chat:mute": z.strictObject({ userId: recordIdSchema, muted: z.boolean() }),
  /** Who is online now, across the cluster: registered players (followed first) and a count of guests. */
  "lobby:online": z.strictObject({}),
  /** Challenges a registered player by name: a private match with these settings, which they accept or decline. */
  "challenge:send": z.strictObject({
    username: z.string().min(1).max(64),
    matchLength: z.number().int().min(1).max(25),
    color: z.enum(["white", "black", "random"]),
    timeControl: timeControlSchema.strict().optional(),
    rated: z.boolean().optional(),
  }),
  /** Your direct challenges still waiting for an answer, received and sent. */
  "challenge:list": z.strictObject({}),
  /** Accept (the match is made, both of you seated) or decline a challenge sent to you. */
  "challenge:answer": z.strictObject({ challengeId: recordIdSchema, accept: z.boolean() }),
  /** Take back a challenge you sent that has not been answered. */
  "challenge:withdraw": z.strictObject({ challengeId: recordIdSchema }),
  /** What waits for your answer on any page: challenges received and sent, and tournament matches ready for you. */
  "notices:list": z.strictObject({}),
  /** Creates a tournament (administrators; registered players when the server allows it): times in ms since the epoch. */
  "tournament:create": z.strictObject({
    name: z.string().min(1).max(80),
    format: z.enum(["knockout", "swiss"]),
    matchLength: z.number().int().min(1).max(25),
    timeControl: timeControlSchema.strict(),
    rated: z.boolean(),
    maxPlayers: z.number().int().min(2).max(128),
    closesAt: z.number().int().min(0),
    startsAt: z.number().int().min(0),
    swissRounds: z.number().int().min(1).max(20).optional(),
    noShowMinutes: z.number().int().min(1).max(60),
  }),
  "tournament:register": z.strictObject({ tournamentId: recordIdSchema }),
  /** Before registration closes: unregister. After: withdraw (a match in play is lost; no later round). */
  "tournament:leave": z.strictObject({ tournamentId: recordIdSchema }),
  /** Opens a tournament's page: its view now, then every event it stores (`tournament:event`) while watched. */
  "tournament:watch": z.strictObject({ tournamentId: recordIdSchema }),
  "tournament:unwatch": z.strictObject({ tournamentId: recordIdSchema }),
  /** Reports a message you can read to the administrators (/admin/chat). */
  "chat:report": z.strictObject({ messageId: recordIdSchema, inviteToken: z.string().max(64).optional() }),
} as const;

export type CommandName = keyof typeof commandSchemas;
export type CommandPayload<C extends CommandName> = z.infer<(typeof commandSchemas)[C]>;

/**
 * Refusals of the server around the match aggregate (no such match, a lost race, a limit, an outage); the aggregate's
 * own refusals (lib/match: seats, seeds, turns, and the rules engine's) come on top.
 */
export type ServerErrorCode =
  | "ERR_NOT_FOUND"
  | "ERR_CONFLICT"
  | "ERR_RATE_LIMITED"
  /** A player may have only a few matches waiting for an opponent at once (server/match/commands/create.ts). */
  | "ERR_TOO_MANY_WAITING"
  /** The database cannot be reached (an outage, a restart): the command can be sent again in a moment. */
  | "ERR_UNAVAILABLE"
  | "ERR_INTERNAL";

export type ErrorCode = ServerErrorCode | RefusalCode | ChatRefusalCode | MeetRefusalCode | TournamentRefusal;

/**
 * A refused command: its code, the values its sentence needs (`errors.<code>` in messages/<locale>.json, worded by
 * the page), and that sentence in English for scripts and logs, worded by the server from messages/en.json.
 */
export type Failure = { readonly ok: false; readonly code: ErrorCode; readonly values?: FailureValues; readonly message: string };
export type Ack<T extends object = object> = ({ readonly ok: true } & T) | Failure;

/**
 * The answer of a command that stored events on a match: `version` is the command's own event's, `events` every event
 * it stored, in order — its own and what followed by itself (an opening roll, a forced pass, the end). The sender's
 * socket gets them here and not as `match:event`; every other socket watching the match gets them as `match:event`.
 */
export interface StoredEvents {
  version: number;
  events: readonly MatchEventMessage[];
}

/** What each command acknowledges with, on success. */
export interface CommandReplies {
  "lobby:create": { matchId: string; inviteToken: string | null; snapshot: MatchSnapshot };
  "lobby:list": { openMatches: OpenMatchSummary[] };
  "match:join": { snapshot: MatchSnapshot };
  "match:watch": { snapshot: MatchSnapshot };
  "match:unwatch": object;
  "match:cancel": StoredEvents;
  "match:seed": StoredEvents;
  "match:roll": StoredEvents;
  "match:chain": StoredEvents;
  "match:reveal": StoredEvents;
  "match:double": StoredEvents;
  "match:take": StoredEvents;
  "match:drop": StoredEvents;
  "match:move": StoredEvents;
  "match:resign": StoredEvents;
  "match:resign-accept": StoredEvents;
  "match:resign-decline": StoredEvents;
  "match:claim-abandoned": StoredEvents;
  "match:snapshot": { snapshot: MatchSnapshot };
  "match:check-clock": { version: number; timedOut: boolean };
  /** The best plays, best first, for the position of `version`. */
  "match:hint": { version: number; plays: readonly HintPlay[] };
  "match:rematch": { rematch: RematchState };
  "match:rematch-answer": { rematch: RematchState };
  /** Queued with this rating; the opponent may be at most `window` points away for now (it widens while waiting). */
  "queue:join": { rating: number; window: number };
  "queue:leave": object;
  "chat:join": { messages: readonly ChatMessageView[]; muted: readonly string[]; canWrite: boolean };
  "chat:leave": object;
  "chat:send": { message: ChatMessageView };
  "chat:mute": { muted: readonly string[] };
  "chat:report": object;
  "lobby:online": { players: readonly OnlinePlayer[]; total: number; guests: number };
  "challenge:send": { challenge: ChallengeView };
  /** `declined`: the asker's challenges declined in the last hour (a sender who was away learns the answer). */
  "challenge:list": { received: readonly ChallengeView[]; sent: readonly ChallengeView[]; declined: readonly ChallengeView[] };
  "challenge:answer": { matchId: string };
  "challenge:withdraw": object;
  "notices:list": Notices;
  "tournament:create": { tournamentId: string };
  "tournament:register": { version: number };
  "tournament:leave": { version: number };
  "tournament:watch": { view: TournamentView };
  "tournament:unwatch": object;
}

export type ClientToServerEvents = {
  [C in CommandName]: (payload: CommandPayload<C>, ack: (reply: Ack<CommandReplies[C]>) => void) => void;
};

/**
 * One persisted event of a match, as broadcast to its room: apply them in `version` order. Published, not as stored:
 * a first opening salt comes without its value (lib/match/published.ts).
 */
export interface MatchEventMessage {
  readonly matchId: string;
  readonly version: number;
  readonly event: PublishedEvent;
}

export interface PresenceMessage {
  readonly matchId: string;
  readonly connected: Readonly<Record<"white" | "black", boolean>>;
  /** When each absent player went away (ms since the epoch), for the abandonment clock; null when present. */
  readonly awaySince: Readonly<Record<"white" | "black", number | null>>;
}

export interface ServerToClientEvents {
  "match:event": (message: MatchEventMessage) => void;
  "match:presence": (message: PresenceMessage) => void;
  /** The rematch of finished match `matchId` exists now (made after its agreement was stored): its players open it. */
  "match:rematch-ready": (ready: { readonly matchId: string; readonly rematchId: string }) => void;
  /** The open matches changed: a lobby refreshes its list. */
  "lobby:changed": () => void;
  /** The matchmaking queue paired this socket's player: the match to open, or why it could not start. */
  "queue:result": (result: QueueResult) => void;
  /** A message in a chat channel this socket joined (not sent back to its sender's socket: that has it in the answer). */
  "chat:message": (message: ChatMessageView) => void;
  /** An administrator hid or deleted a message of a channel this socket joined: drop it (no history has it any more). */
  "chat:removed": (removed: { id: string; channel: string }) => void;
  /** A player challenged this socket's user by name (sent to every socket of theirs, on every node). */
  "challenge:received": (challenge: ChallengeView) => void;
  /** The player this socket's user challenged accepted or declined. */
  "challenge:answered": (answer: ChallengeAnswered) => void;
  /** A challenge of this socket's user's (sent or received) is over: accepted, declined, withdrawn or expired. */
  "challenge:closed": (closed: ChallengeClosed) => void;
  /** A tournament round started: this socket's user plays match `matchId` (server/tournaments). */
  "tournament:match": (notice: TournamentMatchNotice) => void;
  /** One stored event of a tournament this socket watches: apply them in `version` order (lib/tournament evolve). */
  "tournament:event": (message: TournamentEventMessage) => void;
}

export interface TournamentEventMessage {
  readonly tournamentId: string;
  readonly version: number;
  readonly event: TournamentEvent;
}

export type QueueResult = { readonly ok: true; readonly matchId: string } | Failure;

/** What a client sends in the handshake (`io(url, { auth })`). */
export const handshakeSchema = z.object({ protocol: z.literal(PROTOCOL_VERSION) });

