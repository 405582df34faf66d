/**
 * A whole fair-dice-v3 match stored in a test database as the match server stores one: created with a real seed
 * chain from a test vault, both people's browsers committing real hash chains (lib/dice hashChainFromTail, fixed
 * tails) and revealing their values as a page does, every roll computed by lib/dice's v3 roller from the vault's game
 * seeds, each event written with its rows (eventAppend), and the server seed revealed at the end.
 *
 * @example
 *   const stored = await storedV3Match(db, testVault());
 *   const bundle = await auditBundle(db, stored.matchId); // a fair-dice-v3 bundle with its chains and values
 */
import { combineClientSeeds, computerSalt, computerValue, createRollerV3, gameChains, type GameChains } from "@/lib/dice";
import { currentLegalPlays } from "@/lib/engine/match-queries";
import { opponentOf, type Color } from "@/lib/engine/types";
import { emptyMatchView, type DecideContext, type MatchCommand, type MatchEvent, type MatchView, type Participant } from "@/lib/match";
import { contributionRequest, owedContributions, pendingTurnRoll } from "@/lib/match/contributions";
import { decide } from "@/lib/match/decide";
import type { Db } from "@/server/db/client";
import { createMatch, newMatchId, revealSeed } from "@/server/db/matches";
import { addClientSeed, decided, newUser, storeEvent, takeSeat } from "@/server/db/test-fixtures";
import { findParticipant } from "@/server/db/users";
import type { SeedVault, StoredSeed } from "@/server/vault";

export const V3_CLIENT_SEEDS = { white: "w4h1t3seed", black: "Bl4ck_seed-9" } as const;

/** Player `color`'s tail for chain `chain` of game `game` (fixed, as a browser's kept tail). */
const tail = (color: Color, game: number, chain: number): string => `${color === "white" ? "a" : "b"}${String(game).padStart(3, "0")}${String(chain).padStart(2, "0")}`.padEnd(64, "7");
const keptChains = new Map<string, GameChains>();
/** Each player's chains of a game, made once (1,024 hashes a chain) and kept, as a browser keeps them. */
const chainsOf = (color: Color, game: number): GameChains => {
  const key = `${color}:${game}`;
  let chains = keptChains.get(key);
  if (!chains) keptChains.set(key, (chains = gameChains((chain) => tail(color, game, chain))));
  return chains;
};
const saltOf = (color: Color, nonce: number): string => `${color === "white" ? "c" : "d"}${String(nonce).padStart(31, "0")}`;

export interface StoredV3Match {
  readonly matchId: string;
  readonly seed: StoredSeed;
  readonly view: MatchView;
  readonly events: readonly MatchEvent[];
}

async function participant(db: Db, userId: string): Promise<Participant> {
  const found = await findParticipant(db, userId);
  if (!found) throw new Error(`no user ${userId}`);
  return found;
}

/** Plays a `matchLength`-point v3 match of two people to its end (each plays its first legal play) and stores it. */
export async function storedV3Match(db: Db, vault: SeedVault, matchLength = 1): Promise<StoredV3Match> {
  const [whiteUser, blackUser] = [await newUser(db, "v3white"), await newUser(db, "v3black")];
  const seed = vault.drawChain(matchLength);
  const white = await participant(db, whiteUser.id);
  const settings = { color: "white", matchLength, visibility: "public", rated: false, timeControl: null } as const;
  const made = decided(emptyMatchView(newMatchId()), { type: "create", ...settings, commitment: seed.commitment, chainLength: seed.chainLength!, protocol: "fair-dice-v3" }, white);
  const created = await createMatch(db, { view: made.view, events: made.events, creatorId: whiteUser.id, seed, inviteToken: null });
  if (!created.ok) throw new Error(`storedV3Match: ${created.code}`);
  const events: MatchEvent[] = [...made.events];
  let view = await takeSeat(db, made.view, blackUser.id);
  view = await addClientSeed(db, view, whiteUser.id, V3_CLIENT_SEEDS.white);
  view = await addClientSeed(db, view, blackUser.id, V3_CLIENT_SEEDS.black);
  const black = await participant(db, blackUser.id);
  const actorOf = (color: Color) => (color === "white" ? white : black);
  const gameSeed = (game: number) => vault.revealGame(seed, game);
  const clientSeed = combineClientSeeds(V3_CLIENT_SEEDS.white, V3_CLIENT_SEEDS.black);
  let now = Date.now();
  const context = (actor: Participant | null): DecideContext => ({
    now: (now += 1000),
    actor,
    dice: (salts = {}, values = {}) => {
      const roller = createRollerV3(gameSeed(view.state.gameNumber), clientSeed);
      const turn = salts.white !== undefined ? "white" : salts.black !== undefined ? "black" : null;
      const nonce = view.rolls.length;
      if (turn === null) return roller.roll(nonce, { kind: "opening", white: values.white ?? "", black: values.black ?? "" });
      return roller.roll(nonce, { kind: "turn", salt: salts[turn] ?? "", value: values[opponentOf(turn)] ?? "" });
    },
    serverSeed: () => vault.reveal(seed),
    gameSeed,
    computerSalt: (game, nonce) => computerSalt(gameSeed(game), nonce),
    computerValue: (game, c) => computerValue(gameSeed(game), c),
    awaySince: () => null,
    abandonAfterMs: 300_000,
    isComputer: () => false,
    holdsInvite: () => true,
    newMatchId,
  });
  const run = async (command: MatchCommand, actor: Participant | null): Promise<boolean> => {
    const decision = decide(view, command, context(actor));
    if (!decision.ok) throw new Error(`storedV3Match: ${command.type} refused: ${decision.code} ${JSON.stringify(decision.values)}`);
    for (const event of decision.events) {
      view = await storeEvent(db, view, event, actor?.player.id ?? null);
      events.push(event);
    }
    return decision.events.length > 0;
  };
  for (let step = 0; step < 20_000 && !view.ended; step++) {
    const owed = owedContributions(view)[0];
    if (owed) {
      await run({ type: "play", play: contributionRequest(view, owed, chainsOf(owed.color, view.state.gameNumber)) }, actorOf(owed.color));
      continue;
    }
    const settle = decide(view, { type: "settle" }, context(null));
    if (settle.ok && settle.events.length > 0) {
      await run({ type: "settle" }, null);
      continue;
    }
    const turn = view.state.turn;
    if (!turn || pendingTurnRoll(view)) throw new Error(`storedV3Match: stuck at version ${view.version} (${view.state.phase})`);
    if (view.state.phase === "turn-start") {
      await run({ type: "play", play: { type: "roll", salt: saltOf(turn, view.rolls.length), nonce: view.rolls.length } }, actorOf(turn));
      continue;
    }
    const play = currentLegalPlays(view.state)[0];
    if (!play) throw new Error(`storedV3Match: nothing to do at version ${view.version}`);
    await run({ type: "play", play: { type: "move", moves: play.moves.map(({ from, to }) => ({ from, to })) } }, actorOf(turn));
  }
  if (!view.ended) throw new Error("storedV3Match: the match did not end");
  const revealed = await revealSeed(db, created.value.id, vault.reveal(seed));
  if (!revealed.ok) throw new Error(`storedV3Match: reveal ${revealed.code}`);
  return { matchId: created.value.id, seed, view, events };
}
