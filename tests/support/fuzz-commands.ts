/**
 * Hostile commands for the fuzz test (server/match/hostile-clients.test.ts), each with the answers the server may
 * give it. Every one must be refused: malformed payloads (checked here against the protocol's own schemas, so none is
 * accidentally valid), replays and stale versions (always older than the match's version when sent), out-of-turn
 * actions on a frozen match (the expected code is the rules engine's own answer for that state), and commands from
 * sockets that hold no seat or no session.
 *
 * @example
 *   const fuzz = new FuzzCommands(mulberry32(1));
 *   const command = fuzz.malformed(); // { kind: "malformed", event: "match:move", payload: {...}, expected: ["ERR_BAD_PAYLOAD"] }
 */
import { apply } from "@/lib/engine/match";
import type { MatchAction } from "@/lib/engine/match-state";
import type { Color, LegalPlay } from "@/lib/engine/types";
import { commandSchemas, type CommandName, type ErrorCode } from "@/lib/protocol";
import type { MatchView } from "@/lib/match";

export type FuzzKind = "malformed" | "replayed" | "stale" | "out-of-turn" | "wrong-seat" | "unknown-match" | "refused-lobby";

export interface FuzzCommand {
  readonly kind: FuzzKind;
  readonly event: string;
  readonly payload: unknown;
  /** The error codes the server may answer with (it must never answer ok). */
  readonly expected: readonly ErrorCode[];
}

/** A command a bot sent, to be replayed once the match has moved past it. */
export interface SentCommand {
  readonly event: CommandName;
  readonly payload: { readonly matchId: string; readonly expectedVersion?: number };
}

const COMMANDS = Object.keys(commandSchemas) as CommandName[];
const PLAY_COMMANDS = ["match:roll", "match:double", "match:take", "match:drop", "match:move", "match:resign", "match:resign-accept", "match:resign-decline"] as const;
type PlayCommand = (typeof PLAY_COMMANDS)[number];
const STALE_OR_OVER: readonly ErrorCode[] = ["ERR_STALE_VERSION", "ERR_WRONG_STATUS"];

export class FuzzCommands {
  constructor(private readonly random: () => number) {}

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  /** A payload that no schema accepts, for a random command. */
  malformed(matchId = "abcdefgh12"): FuzzCommand {
    const event = this.pick(COMMANDS);
    for (;;) {
      const payload = this.#junk(event, matchId);
      if (!commandSchemas[event].safeParse(payload).success) return { kind: "malformed", event, payload, expected: ["ERR_BAD_PAYLOAD"] };
    }
  }

  #junk(event: CommandName, matchId: string): unknown {
    const scalar = () => this.pick<unknown>([null, undefined, 0, -1, 1.5, Number.POSITIVE_INFINITY, NaN, "", "x".repeat(this.int(1, 12_000)), true, [], {}, "__proto__"]);
    const base: Record<string, unknown> = { matchId, expectedVersion: 3, moves: [{ from: 13, to: 7 }], level: 1, clientSeed: "abc", commitment: "0".repeat(64) };
    switch (this.int(0, 9)) {
      case 0:
        return scalar();
      case 1:
        return { ...base, matchId: this.pick<unknown>(["../../etc/passwd", "a b c d e f", "x".repeat(41), 12345678, null, { $ne: null }, ["abcdefgh"], "'; DROP TABLE \"Match\"; --"]) };
      case 2:
        return { matchId, expectedVersion: this.pick<unknown>([-1, 1.5, "3", 2_000_000, null, Infinity, [1]]) };
      case 3:
        return { matchId, moves: this.pick<unknown>(["13/7 8/7", [{ from: 26, to: 1 }], [{ from: -1, to: 0 }], [{ from: 1.5, to: 0 }], [{ from: 13 }], Array.from({ length: 5 }, () => ({ from: 6, to: 5 })), [null], { 0: { from: 1, to: 0 } }]) };
      case 4:
        return JSON.parse(`{"matchId":"${matchId}","__proto__":{"ok":true,"admin":true},"constructor":{"prototype":{"polluted":1}}}`);
      case 5:
        return { ...(event === "lobby:list" ? {} : { matchId }), [this.pick(["seat", "player", "userId", "version", "dice", "role", "actor"])]: this.pick<unknown>(["white", 1, [6, 6], "ADMIN", { id: "x" }]) };
      case 6:
        return { matchLength: this.pick<unknown>([0, 26, -3, 2.5, "7", null]), color: this.pick<unknown>(["red", "white", 1]), visibility: this.pick<unknown>(["secret", null, "public"]) };
      case 7:
        return { matchId, clientSeed: this.pick<unknown>(["x".repeat(65), 42, null]), commitment: this.pick<unknown>(["y".repeat(65), {}, undefined]) };
      case 8:
        return { matchId, level: this.pick<unknown>([0, 4, "1", 1.5, null]) };
      default: {
        // Deeply nested junk, still under the payload size limit.
        let nested: unknown = "deep";
        for (let i = 0; i < this.int(10, 200); i++) nested = { a: nested };
        return { matchId, nested };
      }
    }
  }

  /** A bot's command sent again after the match has moved past the version it named. */
  replay(sent: SentCommand): FuzzCommand {
    return { kind: "replayed", event: sent.event, payload: sent.payload, expected: STALE_OR_OVER };
  }

  /** A well-formed play command pinned to a version the match has already left (`version` is at least 1). */
  stale(view: MatchView, legalPlays: readonly LegalPlay[]): FuzzCommand {
    const expectedVersion = this.int(Math.max(0, view.version - 12), view.version - 1);
    const event = this.pick(PLAY_COMMANDS);
    const play = legalPlays.length > 0 ? this.pick(legalPlays).moves.map(({ from, to }) => ({ from, to })) : [{ from: 13, to: 7 }];
    const payload = { matchId: view.matchId, expectedVersion, ...(event === "match:move" ? { moves: play } : {}), ...(event === "match:resign" ? { level: this.int(1, 3) } : {}) };
    return { kind: "stale", event, payload, expected: STALE_OR_OVER };
  }

  /**
   * A rules command without a version, sent by `seat` on a match nobody plays (its state stays `view`): only one the
   * engine refuses for that state is returned, with the engine's code; null if the random pick would be legal.
   */
  outOfTurn(view: MatchView, seat: Color): FuzzCommand | null {
    const event = this.pick(PLAY_COMMANDS);
    const moves = Array.from({ length: this.int(0, 4) }, () => ({ from: this.int(0, 25), to: this.int(0, 25) }));
    const level = this.int(1, 3) as 1 | 2 | 3;
    const action = actionFor(event, seat, moves, level);
    const checked = apply(view.state, action);
    if (checked.ok) return null;
    const payload = { matchId: view.matchId, ...(event === "match:move" ? { moves } : {}), ...(event === "match:resign" ? { level } : {}) };
    return { kind: "out-of-turn", event, payload, expected: [checked.code as ErrorCode] };
  }

  /** Any command on a match the socket has no seat in: a signed-in stranger, or anonymous (`signedIn` false). */
  wrongSeat(view: MatchView, signedIn: boolean): FuzzCommand {
    const event = this.pick([...PLAY_COMMANDS, "match:seed", "match:cancel", "match:claim-abandoned", "match:join"] as const);
    const payload =
      event === "match:seed"
        ? { matchId: view.matchId, clientSeed: "stranger-seed", commitment: view.commitment }
        : event === "match:join"
          ? { matchId: view.matchId }
          : { matchId: view.matchId, ...(event === "match:move" ? { moves: [{ from: 24, to: 18 }] } : {}), ...(event === "match:resign" ? { level: 1 } : {}) };
    const expected: ErrorCode[] = !signedIn ? ["ERR_UNAUTHENTICATED"] : event === "match:join" ? ["ERR_SEAT_TAKEN", "ERR_WRONG_STATUS"] : ["ERR_NOT_A_PLAYER"];
    return { kind: "wrong-seat", event, payload, expected };
  }

  /** The lobby and seat commands a seated player of a match in play can only be refused: seed again, join, cancel, claim. */
  refusedLobby(view: MatchView): FuzzCommand {
    const event = this.pick(["match:seed", "match:join", "match:cancel", "match:claim-abandoned"] as const);
    if (event === "match:seed") {
      const commitment = this.random() < 0.5 ? view.commitment : "f".repeat(64);
      return { kind: "refused-lobby", event, payload: { matchId: view.matchId, clientSeed: "again", commitment }, expected: ["ERR_SEED_ALREADY_SUBMITTED", "ERR_COMMITMENT_MISMATCH", "ERR_WRONG_STATUS"] };
    }
    const expected: Record<typeof event, ErrorCode[]> = {
      "match:join": ["ERR_ALREADY_SEATED", "ERR_SEAT_TAKEN", "ERR_WRONG_STATUS"],
      "match:cancel": ["ERR_WRONG_STATUS"],
      "match:claim-abandoned": ["ERR_OPPONENT_CONNECTED", "ERR_WRONG_STATUS"],
    };
    return { kind: "refused-lobby", event, payload: { matchId: view.matchId }, expected: expected[event] };
  }

  /** A well-formed command on a match that does not exist. */
  unknownMatch(): FuzzCommand {
    const event = this.pick([...PLAY_COMMANDS, "match:watch", "match:join", "match:cancel"] as const);
    const matchId = `nosuchmatch${this.int(0, 1e9)}`;
    const payload = { matchId, ...(event === "match:move" ? { moves: [] } : {}), ...(event === "match:resign" ? { level: 2 } : {}) };
    // Whoever asks, signed in or not, an unknown id is answered as a private match would be (visibility.ts).
    return { kind: "unknown-match", event, payload, expected: ["ERR_NOT_FOUND"] };
  }
}

function actionFor(event: PlayCommand, player: Color, moves: { from: number; to: number }[], level: 1 | 2 | 3): MatchAction {
  switch (event) {
    case "match:roll":
      return { type: "roll", player, dice: [1, 2] }; // what the server asks the engine before it draws dice
    case "match:move":
      return { type: "move", player, moves };
    case "match:resign":
      return { type: "resign-offer", player, level };
    case "match:double":
      return { type: "double", player };
    case "match:take":
      return { type: "take", player };
    case "match:drop":
      return { type: "drop", player };
    case "match:resign-accept":
      return { type: "resign-accept", player };
    case "match:resign-decline":
      return { type: "resign-decline", player };
  }
}
