/**
 * `allowedCommands` against `decide`, as a property: over every prefix of several match logs (fair-dice-v1, v2 and v3, a
 * rated, a private and a computer's match, rematches and a cancel), every asker (both players, a guest, a stranger,
 * the computer, nobody), the opponent connected or away and an invite held or not, each entry says "allowed" exactly
 * when `decide` accepts that command — or, for a hint, when the server's hint rule does.
 */
import { computerValue } from "../dice/computer-value";
import { describe, expect, it } from "vitest";
import { computerSalt } from "../dice/computer-salt";
import { currentLegalPlays } from "../engine/match-queries";
import { checkHint } from "../play/hint-rule";
import { ALLOWED_COMMANDS, allowedCommands, type AllowedCommand, type AllowedCommands } from "./allowed-commands";
import type { DecideContext, MatchCommand, Participant } from "./commands";
import { decide } from "./decide";
import type { MatchEvent } from "./events";
import { action, handMatch, opening } from "./fixtures/hand-match";
import { contributionsMade, openingValuesIn, renewsChain } from "./contributions";
import { playV3, v3Chains, v3Salt } from "./fixtures/v3-match";
import { emptyMatchView, evolve, seatOf, type MatchView } from "./view";

const alice: Participant = { player: { id: "a", name: "alice", isGuest: false, kind: "registered" }, kind: "registered" };
const bob: Participant = { player: { id: "b", name: "bob", isGuest: false, kind: "registered" }, kind: "registered" };
const carol: Participant = { player: { id: "c", name: "carol", isGuest: true, kind: "guest" }, kind: "guest" };
const dave: Participant = { player: { id: "d", name: "dave", isGuest: false, kind: "registered" }, kind: "registered" };
const computer: Participant = { player: { id: "cpu", name: "Computer (easy)", isGuest: false, kind: "computer" }, kind: "computer" };
const ASKERS = [alice, bob, carol, dave, computer, null] as const;

const NOW = 1_000_000;
const LIMIT = 300_000;
const SALT_A = "a".repeat(32);
const SALT_B = "b".repeat(32);
const FRESH_SALT = "c".repeat(32);
const seedOf = (game: number) => `${String(game).padStart(2, "0")}${"e".repeat(62)}`;
const isComputer = (userId: string) => userId === computer.player.id;

const created = opening[0] as Extract<MatchEvent, { type: "created" }>;
const v2 = { dice: { protocol: "fair-dice-v2", chainLength: 5 } } as const;
const ended = (reason: "cancelled" | "abandoned", winner: "white" | null): MatchEvent => ({ type: "ended", reason, winner, serverSeed: "s" });

/** A fair-dice-v2 match: the opening waits for salts, a double taken, a turn roll, a resignation declined, a pass. */
const v2Match: MatchEvent[] = [
  { ...created, ...v2 },
  ...opening.slice(1),
  { type: "salt", color: "white", nonce: 0, salt: SALT_A },
  { ...action({ type: "opening-roll", dice: [3, 1] }), roll: { nonce: 0, game: 1, kind: "opening", player: null, dice: [3, 1], salts: { white: SALT_A, black: SALT_B } } },
  action({ type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] }),
  action({ type: "double", player: "black" }),
  action({ type: "take", player: "white" }),
  { ...action({ type: "roll", player: "black", dice: [5, 6] }), roll: { nonce: 1, game: 1, kind: "turn", player: "black", dice: [5, 6], salts: { black: SALT_B } } },
  action({ type: "resign-offer", player: "white", level: 1 }),
  action({ type: "resign-decline", player: "black" }),
  action({ type: "move", player: "black", moves: [{ from: 24, to: 13 }] }),
];

/**
 * fair-dice-v3 matches played through decide (heads, opening values, salts waiting for their reveal), long enough ago
 * that a withheld value can be claimed; then the same left waiting for black's value.
 */
const v3Logs = [false, true].map((computer) => {
  const played = playV3({ rolls: 2, computer, start: NOW - 2 * LIMIT });
  const roller = played.view.state.turn!;
  const salt: MatchEvent = { type: "salt-received", color: roller, nonce: played.view.rolls.length, salt: v3Salt(roller, played.view.rolls.length), at: played.view.lastAt! + 1000 };
  return [...played.events, salt];
});

/** The logs whose every prefix is a view to ask about. */
const LOGS: readonly (readonly MatchEvent[])[] = [
  handMatch,
  [...handMatch, { type: "rematch-offered", color: "white" }, { type: "rematch-declined", color: "black" }],
  [...handMatch, { type: "rematch-offered", color: "black" }, { type: "rematch-made", offeredBy: "black", matchId: "m2" }],
  v2Match,
  ...v3Logs,
  [{ ...created, ...v2, rated: true }, { type: "joined", color: "black", player: carol.player }],
  [{ ...created, ...v2, visibility: "private" }, ...opening.slice(1, 3), ended("cancelled", null)],
  [{ ...created, ...v2 }, { type: "joined", color: "black", player: computer.player }, { type: "seed", color: "black", clientSeed: "cpu" }, ...v2Match.slice(2, 8)],
  [...opening, ended("abandoned", "white")],
];

function prefixes(log: readonly MatchEvent[]): MatchView[] {
  const views = [emptyMatchView("m1")];
  for (const event of log) views.push(evolve(views.at(-1)!, event));
  return views;
}

const VIEWS = LOGS.flatMap(prefixes);

function context(actor: Participant | null, away: number | null, holdsInvite: boolean): DecideContext {
  return {
    now: NOW,
    actor,
    dice: () => [4, 2],
    serverSeed: () => "the-server-seed",
    gameSeed: seedOf,
    computerSalt: (game, nonce) => computerSalt(seedOf(game), nonce),
    computerValue: (game, c) => computerValue(seedOf(game), c),
    awaySince: () => away,
    abandonAfterMs: LIMIT,
    isComputer,
    holdsInvite: () => holdsInvite,
    newMatchId: () => "m3",
  };
}

/** The command each entry stands for, as a page would send it: a fresh salt for this roll, the first legal play. */
function commandFor(entry: Exclude<AllowedCommand, "hint" | "opening-salt">, view: MatchView, actor: Participant | null): MatchCommand {
  const seat = seatOf(view, actor?.player.id) ?? "white";
  const game = view.state.gameNumber;
  switch (entry) {
    case "chain-head":
      // Any head is taken while the seat has none: a fresh one is refused once one is in (a repeat is not a send).
      return { type: "play", play: { type: "commit-chain", game, head: "7".repeat(64) } };
    case "reveal": {
      // The next value on the seat's chain, or — once its opening value is in — the one after (refused, not repeated).
      const c = contributionsMade(view, seat, game) + (openingValuesIn(view)[seat] === undefined ? 1 : 2);
      const nextHead = renewsChain(view, seat) ? { nextHead: v3Chains(seat, game).headsAfter(c).at(-1)! } : {};
      return { type: "play", play: { type: "reveal", nonce: view.rolls.length, value: v3Chains(seat, game).value(c), ...nextHead } };
    }
    case "join":
      return { type: "join", inviteToken: "the-token" };
    case "cancel":
    case "claim-abandoned":
    case "rematch-offer":
      return { type: entry };
    case "rematch-answer":
      return { type: "rematch-answer", accept: true };
    case "roll": {
      const nonce = view.rolls.length;
      // The computer's salt is the game seed's, not chosen: it sends none.
      return { type: "play", play: actor?.kind === "computer" ? { type: "roll", nonce } : { type: "roll", salt: FRESH_SALT, nonce } };
    }
    case "move":
      return { type: "play", play: { type: "move", moves: currentLegalPlays(view.state)[0]?.moves.map(({ from, to }) => ({ from, to })) ?? [] } };
    case "resign":
      return { type: "play", play: { type: "resign-offer", level: 1 } };
    default:
      return { type: "play", play: { type: entry } };
  }
}

interface Asked {
  readonly view: MatchView;
  readonly asker: Participant | null;
  readonly context: DecideContext;
  readonly allowed: AllowedCommands;
  readonly where: string;
}

/** Every view asked by every asker, with the opponent connected, away a minute and away past the limit, invited or not. */
const ASKED: readonly Asked[] = VIEWS.flatMap((view) =>
  ASKERS.flatMap((asker) =>
    [null, NOW - 60_000, NOW - LIMIT].flatMap((away) =>
      [false, true].map((holdsInvite) => ({
        view,
        asker,
        context: context(asker, away, holdsInvite),
        allowed: allowedCommands(view, asker && { id: asker.player.id, kind: asker.kind }, { now: NOW, abandonAfterMs: LIMIT, opponentAwaySince: away, isComputer, holdsInvite }),
        where: `v${view.version} ${view.status}/${view.state.phase} of ${view.players.white?.name ?? "-"}–${view.players.black?.name ?? "-"}, asked by ${asker?.player.name ?? "nobody"}, away ${away}, invite ${holdsInvite}`,
      })),
    ),
  ),
);

describe("allowedCommands says what decide accepts", () => {
  it("in every view, for every asker, presence and invite", () => {
    let decided = 0;
    for (const { view, asker, context: ctx, allowed, where } of ASKED) {
      expect(allowed.hint, `hint at ${where}`).toBe(asker !== null && checkHint(view, asker.player.id, isComputer).ok);
      // A roll in a fair-dice-v2 opening is the player's salt: decide's answer to "roll" there, checked with it.
      if (allowed["opening-salt"]) expect(view.state.phase, where).toBe("opening");
      for (const entry of ALLOWED_COMMANDS) {
        if (entry === "hint" || entry === "opening-salt") continue;
        const says = entry === "roll" ? allowed.roll || allowed["opening-salt"] : allowed[entry];
        expect(says, `${entry} at ${where}`).toBe(decide(view, commandFor(entry, view, asker), ctx).ok);
        decided += 1;
      }
    }
    expect(decided).toBeGreaterThan(5000);
  });

  it("with every entry allowed somewhere and refused somewhere", () => {
    for (const entry of ALLOWED_COMMANDS) {
      const answers = new Set(ASKED.map(({ allowed }) => allowed[entry]));
      expect([entry, [...answers].sort()]).toEqual([entry, [false, true]]);
    }
  });

  it("and nothing to nobody", () => {
    for (const { allowed, asker } of ASKED) if (asker === null) expect(Object.values(allowed)).not.toContain(true);
  });
});
