/**
 * The fair-dice-v3 verifier (docs/fair-dice-v3.md, section 7): reads an audit bundle (and optionally the game record
 * and what a player's browser kept) as untrusted data, reports every check one by one and gives each game its own
 * verdict, as v2's does. The checks v3 keeps from v2 unchanged — the seed chain, the nonce sequence, the opening
 * resolution, the record's dice, the completeness of the log and the record's digest — are v2's own (saltFreeChecks,
 * run on the bundle's v2 fields), so the two protocols can never read them differently; what v3 adds or replaces is here:
 * the chain heads, the chain values, the contributions (v2's salts and computer salts), the rolls, the v3 signature
 * and, in a browser, the forwarded salts. Never throws on bad input.
 *
 * @example
 *   const report = verifyV3(bundle, record, { keys, browser: { player: "white", salts, shownSalts, heads } });
 *   report.checks.find((c) => c.id === "chain-values"); // { status: "failed", say: { key: "failChainValue", values: { game, player, nonce, … } } }
 */
import { parseBundleV3, sharedV2View, type BundleRollV3, type GameHeads, type ParsedBundleV3 } from "./bundle-v3";
import { combineClientSeeds } from "./client-seed";
import { computerSalt } from "./computer-salt";
import { computerValue } from "./computer-value";
import { followReveals, headsAfter, isChainValue, CONTRIBUTION_CHAIN_LENGTH } from "./hash-chain";
import { computerSeatProblem } from "./proof-checks";
import { checkSignatureV3 } from "./proof-statement-v3";
import { createRollerV3 } from "./roll-v3";
import { isSalt } from "./salt";
import type { CheckId, CheckResult, GameVerdict, SeatColor, Verdict } from "./types";
import { gamesOf, recomputeRolls, saltFreeChecks, type SaltFreeCheckId, type VerifyV2Options } from "./verify-v2";
import { wrongRoll, wrongRolls } from "./wrong-rolls";

/** The checks of section 7, in report order; `forwarded-salts` only when a browser's kept values are given. */
export type CheckIdV3 =
  | Extract<CheckId, "bundle-format" | "signature" | "seed-chain" | "nonce-sequence" | "rolls-recomputed" | "opening-resolution" | "record-dice" | "completeness" | "record-moves">
  | "chain-heads"
  | "chain-values"
  | "contributions"
  | "forwarded-salts";

export interface CheckResultV3 extends Omit<CheckResult, "id"> {
  readonly id: CheckIdV3;
}

/** What one player's browser kept for a match (docs/fair-dice-v3.md, section 6). */
export interface BrowserKeptV3 {
  readonly player: SeatColor;
  /** The salts it made, by nonce. */
  readonly salts: ReadonlyMap<number, string>;
  /** The other player's salts it was shown (and answered with a value), by nonce. */
  readonly shownSalts: ReadonlyMap<number, string>;
  /** Each game's heads as it knew them: its own, and the other player's as it was shown them. */
  readonly heads?: ReadonlyMap<number, GameHeads>;
}

export interface VerifyV3Options extends Pick<VerifyV2Options, "recordSource" | "recordProblem" | "keys" | "recordLines"> {
  /** What the player's own browser kept: the panel's check `forwarded-salts`. */
  readonly browser?: BrowserKeptV3;
}

export interface VerifyReportV3 {
  readonly protocol: "fair-dice-v3";
  readonly verdict: Verdict;
  readonly checks: readonly CheckResultV3[];
  readonly games: readonly { readonly game: number; readonly verdict: GameVerdict }[];
}

interface Checked {
  readonly result: CheckResultV3;
  readonly failedGames: ReadonlySet<number>;
}

const REPORT_ORDER: readonly CheckIdV3[] = ["signature", "seed-chain", "nonce-sequence", "chain-heads", "chain-values", "contributions", "rolls-recomputed", "opening-resolution", "record-dice", "completeness", "record-moves"];
/** Checks that vouch for the match as a whole: skipped, they leave every game "incomplete" rather than "verified". */
const WHOLE_MATCH: ReadonlySet<CheckIdV3> = new Set(["signature", "completeness", "record-dice", "record-moves"]);
const COLORS = ["white", "black"] as const;

type Say = CheckResult["say"];
const check = (id: CheckIdV3, status: CheckResult["status"], key: string, values: Say["values"] = {}, where: { nonce?: number; game?: number } = {}): CheckResultV3 => ({ id, status, say: { key, values }, ...where });
const other = (color: SeatColor): SeatColor => (color === "white" ? "black" : "white");

export function verifyV3(bundle: unknown, record?: unknown, options: VerifyV3Options = {}): VerifyReportV3 {
  const parsed = parseBundleV3(bundle);
  if (!parsed.ok) {
    const ids = options.browser ? [...REPORT_ORDER, "forwarded-salts" as const] : REPORT_ORDER;
    const checks = [check("bundle-format", "failed", "failBundle", parsed.values ?? {}), ...ids.map((id) => check(id, "skipped", "notRun"))];
    return { protocol: "fair-dice-v3", verdict: "failed", checks, games: [] };
  }
  const b = parsed.value;
  const allGames = gamesOf(b.rolls, b.gameSeeds.keys(), b.chains.keys());
  // v2's checks that read no contribution, run on the v2 fields v3's parser read with v2's own; their seed chain
  // gives the seeds every later check may use.
  const shared = saltFreeChecks(sharedV2View(b), bundle, record, options);
  const seeds = shared.seeds;
  const inherited = inheritedChecks(shared, allGames);
  const byPlayer = contributionsByPlayer(b);
  const contributions = checkContributions(b, seeds);
  const signature = checkSignatureV3(b, options.keys ?? []);
  const results = new Map<CheckIdV3, Checked>(inherited);
  // The signature vouches for the whole file: a failed one fails every game.
  results.set("signature", { result: { ...signature, id: "signature" }, failedGames: new Set(signature.status === "failed" ? allGames : []) });
  results.set("chain-heads", checkChainHeads(b, byPlayer));
  results.set("chain-values", checkChainValues(b, byPlayer, seeds));
  results.set("contributions", contributions);
  results.set("rolls-recomputed", checkRolls(b, seeds, contributions.failedRolls));
  const all = REPORT_ORDER.map((id) => results.get(id)!);
  if (options.browser) all.push(checkForwardedSalts(b, options.browser));
  const checks = [check("bundle-format", "passed", "bundleV3", { match: b.matchId, rolls: b.rolls.length }), ...all.map((c) => c.result)];
  const failed = new Set(all.flatMap((c) => [...c.failedGames]));
  const unvouched = checks.some((c) => c.status === "skipped" && WHOLE_MATCH.has(c.id));
  const games = allGames.map((game) => ({
    game,
    verdict: failed.has(game) ? ("failed" as const) : !seeds.has(game) ? ("not-yet-revealed" as const) : unvouched ? ("incomplete" as const) : ("verified" as const),
  }));
  const verdict: Verdict = checks.some((c) => c.status === "failed")
    ? "failed"
    : b.serverSeed === null || checks.some((c) => c.status === "not-yet-revealed")
      ? "not-yet-revealed"
      : checks.some((c) => c.status === "skipped")
        ? "incomplete"
        : "verified";
  return { protocol: "fair-dice-v3", verdict, checks, games };
}

/**
 * The results of v2's checks that v3 keeps, with the games they fail: for the seed chain the games whose seed is
 * wrong (a revealed seed that is not its game's, or every game if `serverSeed` is); checks 3, 6, 7 and 9 fail their
 * first game and every later one, check 10 every game (v2, section 7). v3's games include those with only heads, so
 * the games are reckoned here rather than taken from v2.
 */
function inheritedChecks(shared: ReturnType<typeof saltFreeChecks>, allGames: readonly number[]): [CheckIdV3, Checked][] {
  const wrongSeeds = shared.serverSeedWrong ? allGames : [...shared.wrongGameSeeds];
  return (Object.keys(shared.checks) as SaltFreeCheckId[]).map((id): [CheckIdV3, Checked] => {
    const { result } = shared.checks[id];
    const failedGames =
      result.status !== "failed" ? [] : id === "seed-chain" ? wrongSeeds : id === "record-moves" ? allGames : [result.game ?? 1, ...allGames.filter((game) => game >= (result.game ?? 1))];
    return [id, { result: { ...result, id }, failedGames: new Set(failedGames) }];
  });
}

/** Each game's rolls that carry a value of each player, in log order: contribution c is the c-th of them. */
type ContributionsByPlayer = ReadonlyMap<number, Readonly<Record<SeatColor, readonly BundleRollV3[]>>>;

function contributionsByPlayer(b: ParsedBundleV3): ContributionsByPlayer {
  const games = new Map<number, Record<SeatColor, BundleRollV3[]>>();
  let game: number | undefined;
  let byPlayer: Record<SeatColor, BundleRollV3[]> | undefined;
  for (let at = 0; at < b.rolls.length; at++) {
    const roll = b.rolls[at]!;
    if (roll.game !== game) {
      game = roll.game;
      byPlayer = games.get(game);
      if (!byPlayer) games.set(game, (byPlayer = { white: [], black: [] }));
    }
    if (roll.values.white !== undefined) byPlayer!.white.push(roll);
    if (roll.values.black !== undefined) byPlayer!.black.push(roll);
  }
  return games;
}

/** Collects a check's failures: every game it fails, and the result of the failure at the lowest nonce. */
function failures(id: CheckIdV3) {
  const failedGames = new Set<number>();
  let first: CheckResultV3 | undefined;
  return {
    failedGames,
    fail(key: string, values: Say["values"], where: { nonce?: number; game: number }) {
      failedGames.add(where.game);
      if (first === undefined || (where.nonce ?? -1) < (first.nonce ?? -1)) first = check(id, "failed", key, values, where);
    },
    done: (otherwise: CheckResultV3): Checked => ({ result: first ?? otherwise, failedGames }),
  };
}

/**
 * Section 7.2: every game with a roll has each person's heads — one, and one more with each M-th value (the
 * renewal) — in the form of a chain value; the computer's seat none; and no game has heads before its turn to start.
 */
function checkChainHeads(b: ParsedBundleV3, byPlayer: ContributionsByPlayer): Checked {
  const { fail, done } = failures("chain-heads");
  const lastRolled = b.rolls.at(-1)?.game ?? 0;
  for (const game of b.chains.keys()) {
    if (!byPlayer.has(game) && game !== lastRolled + 1) fail("failChainHeadsGame", { game, lastGame: lastRolled }, { game });
  }
  const firstNonces = new Map<number, number>();
  let game: number | undefined;
  for (let at = 0; at < b.rolls.length; at++) {
    const roll = b.rolls[at]!;
    if (roll.game === game) continue;
    game = roll.game;
    if (!firstNonces.has(game)) firstNonces.set(game, roll.nonce);
  }
  for (const [game, rolls] of byPlayer) {
    const firstNonce = firstNonces.get(game)!;
    for (const player of COLORS) {
      const heads = b.chains.get(game)?.[player];
      if (player === b.computer) {
        if (heads !== undefined) fail("failComputerHeads", { game, player }, { game, nonce: firstNonce });
        continue;
      }
      const contributions = rolls[player].length;
      const due = headsAfter(contributions);
      if (heads === undefined) fail("failChainHeadMissing", { game, player, nonce: firstNonce, heads: 0, due }, { game, nonce: firstNonce });
      else if (heads.some((head) => !isChainValue(head))) fail("failChainHeadForm", { game, player, head: heads.findIndex((head) => !isChainValue(head)) + 1 }, { game, nonce: firstNonce });
      else if (heads.length < due) {
        // The missing head was due with the reveal of value(M) of the last chain given.
        const nonce = rolls[player][heads.length * CONTRIBUTION_CHAIN_LENGTH - 1]!.nonce;
        fail("failChainHeadMissing", { game, player, nonce, heads: heads.length, due }, { game, nonce });
      } else if (heads.length > due) fail("failChainHeadExtra", { game, player, heads: heads.length, due }, { game, nonce: firstNonce });
    }
  }
  return done(check("chain-heads", "passed", b.rolls.length === 0 ? "noRolls" : "chainHeads", { games: byPlayer.size }));
}

/**
 * Section 7.3: each person's values in a game hash, one after another, back to their heads; the computer's are
 * computerValue(k, c) once the game's seed is known. A person's game without heads is left to chain-heads.
 */
function checkChainValues(b: ParsedBundleV3, byPlayer: ContributionsByPlayer, seeds: ReadonlyMap<number, string>): Checked {
  const { fail, done } = failures("chain-values");
  let checked = 0;
  let waiting = 0;
  for (const [game, rolls] of byPlayer) {
    for (const player of COLORS) {
      const seed = seeds.get(game);
      if (player === b.computer) {
        if (seed === undefined) waiting += rolls[player].length;
        else {
          checked += rolls[player].length;
          const wrong = rolls[player].findIndex((roll, i) => roll.values[player] !== computerValue(seed, i + 1));
          if (wrong >= 0) fail("failComputerValue", { game, player, nonce: rolls[player][wrong]!.nonce, contribution: wrong + 1 }, { game, nonce: rolls[player][wrong]!.nonce });
        }
        continue;
      }
      const heads = b.chains.get(game)?.[player];
      if (heads === undefined) continue;
      const follower = followReveals(heads);
      for (let at = 0; at < rolls[player].length; at++) {
        const roll = rolls[player][at]!;
        const problem = follower.accept(roll.values[player]!);
        checked++;
        if (problem === null) continue;
        fail("failChainValue", { game, player, nonce: roll.nonce, contribution: follower.accepted + 1, problem }, { game, nonce: roll.nonce });
        break;
      }
    }
  }
  if (waiting > 0) return done(check("chain-values", "not-yet-revealed", "chainValuesSoFar", { values: checked, waiting }));
  return done(check("chain-values", "passed", "chainValues", { values: checked }));
}

/**
 * Why a roll's contributions are not the ones section 7.4 asks for, and whose contribution it is; or null. Asked of
 * every roll, so it reads the two seats directly rather than listing them or indexing by a seat's name.
 */
function contributionsProblem(roll: BundleRollV3): { readonly problem: string; readonly player: SeatColor | "none" } | null {
  const { salts, values } = roll;
  if (roll.kind === "opening") {
    if (salts.white !== undefined || salts.black !== undefined) return { problem: "openingSalt", player: salts.white !== undefined ? "white" : "black" };
    if (values.white === undefined || values.black === undefined) return { problem: "openingValues", player: values.white === undefined ? "white" : "black" };
  } else {
    const roller = roll.player;
    if (roller === null) return { problem: "noRoller", player: "none" };
    const white = roller === "white";
    const rollerSalt = white ? salts.white : salts.black;
    if (rollerSalt === undefined || (white ? salts.black : salts.white) !== undefined) return { problem: "rollerSalt", player: roller };
    if ((white ? values.black : values.white) === undefined || (white ? values.white : values.black) !== undefined) return { problem: "opponentValue", player: other(roller) };
    if (!isSalt(rollerSalt)) return { problem: "saltForm", player: roller };
  }
  if (values.white !== undefined && !isChainValue(values.white)) return { problem: "valueForm", player: "white" };
  if (values.black !== undefined && !isChainValue(values.black)) return { problem: "valueForm", player: "black" };
  return null;
}

/**
 * Section 7.4, in place of v2's salts and computer-salts: each roll carries the salt and values its kind needs, in
 * their forms, the computer's salt is computerSalt(k, n) once the seed is known, and the computer is the seat the
 * seats name. Gives the rolls it failed, which are not recomputed.
 */
function checkContributions(b: ParsedBundleV3, seeds: ReadonlyMap<number, string>): Checked & { readonly failedRolls: ReadonlySet<BundleRollV3> } {
  const seatProblem = computerSeatProblem(sharedV2View(b));
  if (seatProblem) return { result: check("contributions", "failed", seatProblem.key, seatProblem.values), failedGames: new Set(b.rolls.map((roll) => roll.game)), failedRolls: new Set() };
  const { fail, done } = failures("contributions");
  const failedRolls = new Set<BundleRollV3>();
  let waiting = 0;
  for (let at = 0; at < b.rolls.length; at++) {
    const roll = b.rolls[at]!;
    let found = contributionsProblem(roll);
    if (found === null && roll.kind === "turn" && roll.player !== null && roll.player === b.computer) {
      const seed = seeds.get(roll.game);
      if (seed === undefined) waiting++;
      else if (roll.salts[roll.player] !== computerSalt(seed, roll.nonce)) found = { problem: "notComputerSalt", player: roll.player };
    }
    if (found === null) continue;
    failedRolls.add(roll);
    fail("failContributions", { nonce: roll.nonce, game: roll.game, kind: roll.kind, roller: roll.player ?? "none", ...found }, { nonce: roll.nonce, game: roll.game });
  }
  const otherwise = waiting > 0 ? check("contributions", "not-yet-revealed", "contributionsSoFar", { rolls: b.rolls.length, waiting }) : check("contributions", "passed", "contributions", { rolls: b.rolls.length });
  return { ...done(otherwise), failedRolls };
}

function withPlayer(result: CheckResult, player: string): CheckResult {
  return { ...result, say: { ...result.say, values: { ...result.say.values, player } } };
}

/**
 * Section 7.5: every roll whose game seed is known, and whose contributions passed, recomputes as section 3's. Those
 * are in their forms, so each is rolled from its two contributions in message order as they stand (rollChecked).
 */
function checkRolls(b: ParsedBundleV3, seeds: ReadonlyMap<number, string>, failedRolls: ReadonlySet<BundleRollV3>): Checked {
  const clientSeed = combineClientSeeds(b.clientSeeds.white, b.clientSeeds.black);
  const rollerOf = (seed: string) => {
    const roller = createRollerV3(seed, clientSeed);
    return (roll: BundleRollV3) =>
      roll.kind === "opening"
        ? roller.rollChecked(roll.nonce, roll.values.white!, roll.values.black!)
        : roll.player === "white"
          ? roller.rollChecked(roll.nonce, roll.salts.white!, roll.values.black!)
          : roller.rollChecked(roll.nonce, roll.salts.black!, roll.values.white!);
  };
  const { failedGames, firstWrong, wrong, unknown } = recomputeRolls(b.rolls, seeds, failedRolls, rollerOf);
  // v2's failure, naming the roller too (none for an opening roll, to which both players gave a value).
  if (firstWrong) return { result: { ...wrongRolls(withPlayer(wrongRoll(firstWrong.roll, firstWrong.dice), firstWrong.roll.player ?? "none"), wrong), id: "rolls-recomputed" }, failedGames };
  if (unknown > 0) return { result: check("rolls-recomputed", "not-yet-revealed", "rollsSoFar", { rolls: b.rolls.length - unknown, waiting: unknown }), failedGames };
  return { result: check("rolls-recomputed", "passed", "rollsV3", { rolls: b.rolls.length }), failedGames };
}

/**
 * Section 7.6 (the browser panel): every salt this browser made or was shown, and every head it knew, is the one
 * the log has. A salt shown to the opponent and replaced in the log afterwards — a second try at the roll — is named
 * by the opponent's browser, which answered the salt it was shown.
 */
function checkForwardedSalts(b: ParsedBundleV3, browser: BrowserKeptV3): Checked {
  const { fail, done } = failures("forwarded-salts");
  let compared = 0;
  for (let at = 0; at < b.rolls.length; at++) {
    const roll = b.rolls[at]!;
    const sides = [
      [browser.player, browser.salts.get(roll.nonce)],
      [other(browser.player), browser.shownSalts.get(roll.nonce)],
    ] as const;
    for (const [player, kept] of sides) {
      if (kept === undefined) continue;
      compared++;
      if (roll.salts[player] !== kept) fail("failForwardedSalt", { browser: browser.player, player, nonce: roll.nonce, game: roll.game, kept, logged: roll.salts[player] ?? "none" }, { nonce: roll.nonce, game: roll.game });
    }
  }
  for (const [game, heads] of browser.heads ?? []) {
    for (const player of COLORS) {
      const kept = heads[player];
      if (kept === undefined) continue;
      compared++;
      const logged = b.chains.get(game)?.[player];
      if (logged?.join(",") !== kept.join(",")) fail("failForwardedHead", { browser: browser.player, player, game }, { game });
    }
  }
  return done(check("forwarded-salts", "passed", "forwardedSalts", { player: browser.player, compared }));
}
