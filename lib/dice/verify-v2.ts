/**
 * The fair-dice-v2 verifier (docs/fair-dice-v2.md, section 7): reads an audit bundle (and optionally the game record
 * and the salts a browser kept) as untrusted data, reports every check one by one, and gives each game its own
 * verdict — a game is verified as soon as its seed is revealed, while the match goes on. Never throws on bad input.
 *
 * @example
 *   const report = verifyV2(bundle, record, { player: "white", salts: new Map([[0, "0f1e…"]]) });
 *   report.verdict;  // "not-yet-revealed" while the match runs
 *   report.games;    // [{ game: 1, verdict: "verified" }, { game: 2, verdict: "not-yet-revealed" }]
 */
import type { Dice } from "../engine/types";
import { parseBundleV2, type ParsedBundleV2, type BundleRollV2 } from "./bundle-v2";
import { checkCompleteness, checkRecordMoves, checkSignature, computerSeatProblem } from "./proof-checks";
import type { ProofKey } from "./proof-keys";
import { combineClientSeeds } from "./client-seed";
import { computerSalt } from "./computer-salt";
import { checkOpeningResolution } from "./opening-check";
import { checkRecordInput, recordInputOf, type RecordInput } from "./record";
import { isSalt } from "./salt";
import { createSaltedRoller } from "./salted-roll";
import { chainLink, gameSeedsOf, leadsToCommitment } from "./seed-chain";
import type { BundleRoll, CheckResult, GameVerdict, SeatColor, Verdict, VerifyReport } from "./types";
import { wrongRoll, wrongRolls } from "./wrong-rolls";

export type { GameVerdict };

/** The salts one player's browser kept for a match (docs/fair-dice-v2.md, section 6), by nonce. */
export interface BrowserSalts {
  readonly player: SeatColor;
  readonly salts: ReadonlyMap<number, string>;
}

/** What a verifier is given beside the bundle. */
export interface VerifyV2Options {
  /** The salts the player's own browser kept: the panel's check `browser-salts`. */
  readonly browser?: BrowserSalts;
  /** Where `record` comes from: its own file, or a .mat file's moves (each roll's dice read as a pair). */
  readonly recordSource?: "separate" | "mat";
  /** A record that could not be read (a .mat file's moves the rules refuse): check 7 fails with this. */
  readonly recordProblem?: Readonly<Record<string, string | number>>;
  /** The site's keys the verifier trusts (section 5b); without them no signature is taken as the site's. */
  readonly keys?: readonly ProofKey[];
  /** The record's canonical lines from outside the bundle (a .mat file's moves); else the bundle's `recordLines`. */
  readonly recordLines?: readonly string[] | null;
}

export interface VerifyReportV2 extends VerifyReport {
  readonly protocol: "fair-dice-v2";
  readonly games: readonly { readonly game: number; readonly verdict: GameVerdict }[];
}

/** A check's result and the games it failed. */
export interface Checked {
  readonly result: CheckResult;
  readonly failedGames: ReadonlySet<number>;
}

const CHECK_IDS = ["signature", "seed-chain", "nonce-sequence", "salts", "rolls-recomputed", "opening-resolution", "record-dice", "computer-salts", "completeness", "record-moves"] as const;

/** Checks that vouch for the match as a whole: skipped, they leave every game "incomplete" rather than "verified". */
const WHOLE_MATCH_CHECKS: ReadonlySet<string> = new Set(["signature", "completeness", "record-dice", "record-moves"]);

export function verifyV2(bundle: unknown, record?: unknown, options: VerifyV2Options = {}): VerifyReportV2 {
  const parsed = parseBundleV2(bundle);
  if (!parsed.ok) {
    const skipped = CHECK_IDS.map((id): CheckResult => ({ id, status: "skipped", say: { key: "notRun", values: {} } }));
    const checks: CheckResult[] = [{ id: "bundle-format", status: "failed", say: { key: "failBundle", values: parsed.values ?? {} } }, ...skipped];
    if (options.browser) checks.push({ id: "browser-salts", status: "skipped", say: { key: "notRun", values: {} } });
    return { protocol: "fair-dice-v2", verdict: "failed", checks, games: [] };
  }
  const b = parsed.value;
  const { browser } = options;
  const { checks: shared, seeds, allGames } = saltFreeChecks(b, bundle, record, options);
  const signature = wholeMatch(checkSignature(b, options.keys ?? []), allGames);
  const salts = checkSalts(b);
  const rolls = checkRolls(b, seeds, salts.failedRolls);
  const computer = checkComputerSalts(b, seeds, salts.failedRolls);
  const all: Checked[] = [signature, shared["seed-chain"], shared["nonce-sequence"], salts, rolls, shared["opening-resolution"], shared["record-dice"], computer, shared.completeness, shared["record-moves"]];
  if (browser) all.push(checkBrowserSalts(b, browser));
  const checks: CheckResult[] = [{ id: "bundle-format", status: "passed", say: { key: "bundleV2", values: { match: b.matchId, rolls: b.rolls.length } } }, ...all.map((c) => c.result)];
  const failed = new Set(all.flatMap((c) => [...c.failedGames]));
  const unvouched = checks.some((c) => c.status === "skipped" && WHOLE_MATCH_CHECKS.has(c.id));
  const games = allGames.map((game) => ({
    game,
    verdict: failed.has(game) ? ("failed" as const) : !seeds.has(game) ? ("not-yet-revealed" as const) : unvouched ? ("incomplete" as const) : ("verified" as const),
  }));
  return { protocol: "fair-dice-v2", verdict: verdictOf(checks, b.serverSeed !== null), checks, games };
}

/** The checks of v2 that read no salt, which fair-dice-v3 keeps as they are (docs/fair-dice-v3.md, section 7). */
export type SaltFreeCheckId = "seed-chain" | "nonce-sequence" | "opening-resolution" | "record-dice" | "completeness" | "record-moves";

/**
 * v2's checks that read no salt, each with the games it fails, what the seed chain found and every game of the
 * bundle. v3's verifier takes them from here on its own parse of the shared fields (verify-v3.ts), so the two
 * protocols can never read them differently, and neither 10,000 rolls (by zod) nor the seed chain are read twice.
 * `bundle` is the input as given, for the record and record lines it may carry.
 */
export function saltFreeChecks(
  b: ParsedBundleV2,
  bundle: unknown,
  record: unknown,
  options: Pick<VerifyV2Options, "recordSource" | "recordProblem" | "recordLines">,
): SeedChainFindings & { readonly checks: Readonly<Record<SaltFreeCheckId, Checked>>; readonly allGames: readonly number[] } {
  const { recordSource = "separate" } = options;
  const allGames = gamesOf(b.rolls, b.gameSeeds.keys());
  const { checked: chain, ...findings } = checkSeedChain(b);
  // A last opening tie left without its reroll is a fault only in a match that ended by play (section 7.6).
  const endedByPlay = b.end === undefined ? false : b.end?.reason === "finished";
  const recordInput: RecordInput | undefined = options.recordProblem ? { value: undefined, source: recordSource, problem: options.recordProblem } : recordInputOf(bundle, record, recordSource);
  const moves = checkRecordMoves(b, options.recordLines !== undefined ? options.recordLines : recordLinesIn(bundle));
  const checks = {
    "seed-chain": chain,
    "nonce-sequence": firstFailureFailsLater(checkNonceSequence(b), b),
    "opening-resolution": firstFailureFailsLater(checkOpeningResolution(b.rolls, endedByPlay), b),
    "record-dice": firstFailureFailsLater(checkRecordInput(b.rolls, recordInput), b),
    completeness: firstFailureFailsLater(checkCompleteness(b), b),
    "record-moves": wholeMatch(moves, allGames),
  };
  return { checks, ...findings, allGames };
}

/**
 * Every game that a roll or one of `more` names, in order: one pass over the rolls, which come game by game. (The
 * verifiers' loops over the rolls are indexed: a for-of made an iterator result per roll until V8 optimized it.)
 */
export function gamesOf(rolls: readonly BundleRoll[], ...more: Iterable<number>[]): number[] {
  const games = new Set<number>();
  let last: number | undefined;
  for (let at = 0; at < rolls.length; at++) {
    const roll = rolls[at]!;
    if (roll.game === last) continue;
    last = roll.game;
    games.add(last);
  }
  for (const list of more) for (const game of list) games.add(game);
  return [...games].sort((x, y) => x - y);
}

/** The bundle's own `recordLines`, when it has a list of text lines; null otherwise. */
function recordLinesIn(bundle: unknown): readonly string[] | null {
  const lines = (bundle as { recordLines?: unknown }).recordLines;
  return Array.isArray(lines) && lines.every((line) => typeof line === "string") ? (lines as string[]) : null;
}

/**
 * Section 7: failed if a check failed; else not yet revealed while `serverSeed` is null — even when every game so far
 * has ended and verified, between two games — else incomplete if a check was skipped; else verified.
 */
function verdictOf(checks: readonly CheckResult[], revealed: boolean): Verdict {
  if (checks.some((c) => c.status === "failed")) return "failed";
  if (!revealed || checks.some((c) => c.status === "not-yet-revealed")) return "not-yet-revealed";
  if (checks.some((c) => c.status === "skipped")) return "incomplete";
  return "verified";
}

/** A check that vouches for the whole match: failed, it fails every game. */
function wholeMatch(result: CheckResult, allGames: readonly number[]): Checked {
  return { result, failedGames: new Set(result.status === "failed" ? allGames : []) };
}

/** Checks 3, 6 and 7 stop at their first failure: it fails that game and every later one. */
function firstFailureFailsLater(result: CheckResult, b: ParsedBundleV2): Checked {
  if (result.status !== "failed") return { result, failedGames: new Set() };
  const from = result.game ?? 1;
  const games = [...b.rolls.map((roll) => roll.game), ...b.gameSeeds.keys()].filter((game) => game >= from);
  return { result, failedGames: new Set([from, ...games]) };
}

/** What check 2 found, beside its result: the seeds every later check may use, and which seeds are wrong. */
export interface SeedChainFindings {
  /** A revealed game seed that leads to the commitment, or every seed of a server seed that does. */
  readonly seeds: Map<number, string>;
  /** The revealed game seeds that do not. */
  readonly wrongGameSeeds: ReadonlySet<number>;
  readonly serverSeedWrong: boolean;
}

/** Check 2, and what it found. */
function checkSeedChain(b: ParsedBundleV2): { checked: Checked } & SeedChainFindings {
  const id = "seed-chain";
  const seeds = new Map<number, string>();
  const wrongGameSeeds = new Set<number>();
  let first: CheckResult | undefined;
  for (const [game, seed] of [...b.gameSeeds].sort(([x], [y]) => x - y)) {
    if (leadsToCommitment(seed, game, b.commitment)) {
      seeds.set(game, seed);
      continue;
    }
    wrongGameSeeds.add(game);
    first ??= { id, status: "failed", say: { key: "failGameSeed", values: { game, commitment: b.commitment } }, game };
  }
  const failedGames = new Set(wrongGameSeeds);
  let serverSeedWrong = false;
  if (b.serverSeed !== null) {
    const all = gameSeedsOf(b.serverSeed, b.chainLength);
    if (chainLink(all[0]!) === b.commitment) {
      all.forEach((seed, index) => seeds.set(index + 1, seed));
    } else {
      serverSeedWrong = true;
      for (const roll of b.rolls) failedGames.add(roll.game);
      for (const game of b.gameSeeds.keys()) failedGames.add(game);
      first ??= { id, status: "failed", say: { key: "failServerSeed", values: { chainLength: b.chainLength, commitment: b.commitment } }, game: b.chainLength };
    }
  }
  const findings = { seeds, wrongGameSeeds, serverSeedWrong };
  if (first) return { checked: { result: first, failedGames }, ...findings };
  const revealed = b.serverSeed !== null ? b.chainLength : seeds.size;
  const result: CheckResult =
    b.serverSeed === null && seeds.size === 0
      ? { id, status: "not-yet-revealed", say: { key: "notRevealedChain", values: { commitment: b.commitment } } }
      : b.serverSeed === null
        ? { id, status: "passed", say: { key: "chainGames", values: { games: revealed, commitment: b.commitment } } }
        : { id, status: "passed", say: { key: "chain", values: { chainLength: b.chainLength, commitment: b.commitment } } };
  return { checked: { result, failedGames }, ...findings };
}

function checkNonceSequence(b: ParsedBundleV2): CheckResult {
  const id = "nonce-sequence";
  let previousGame = 0;
  for (let i = 0; i < b.rolls.length; i++) {
    const roll = b.rolls[i]!;
    if (roll.nonce !== i) {
      const say: CheckResult["say"] =
        roll.nonce > i
          ? { key: "failNonceGap", values: { roll: i + 1, nonce: roll.nonce, due: i, last: roll.nonce - 1, missing: roll.nonce - i } }
          : { key: "failNonceRepeat", values: { roll: i + 1, nonce: roll.nonce, due: i } };
      return { id, status: "failed", say, nonce: roll.nonce, game: roll.game };
    }
    if (roll.game < previousGame || roll.game > b.chainLength) {
      return { id, status: "failed", say: { key: "failGameOrder", values: { nonce: roll.nonce, game: roll.game, previous: previousGame, chainLength: b.chainLength } }, nonce: roll.nonce, game: roll.game };
    }
    previousGame = roll.game;
  }
  return { id, status: "passed", say: b.rolls.length === 0 ? { key: "noRolls", values: {} } : { key: "nonces", values: { last: b.rolls.length - 1 } } };
}

/**
 * Why a roll's salts are not the ones it needs — an opening roll both players', a turn roll its player's — or null.
 * Asked of every roll, so it reads the two seats directly rather than listing them.
 */
function saltsProblem(roll: BundleRollV2): string | null {
  if (roll.kind === "turn" && roll.player === null) return "noRoller";
  const { white, black } = roll.salts;
  const needsWhite = roll.kind === "opening" || roll.player === "white";
  const needsBlack = roll.kind === "opening" || roll.player === "black";
  if ((white !== undefined) !== needsWhite || (black !== undefined) !== needsBlack) return "wrongSet";
  return (white === undefined || isSalt(white)) && (black === undefined || isSalt(black)) ? null : "badForm";
}

function checkSalts(b: ParsedBundleV2): Checked & { readonly failedRolls: ReadonlySet<BundleRollV2> } {
  const id = "salts";
  const failedGames = new Set<number>();
  const failedRolls = new Set<BundleRollV2>();
  let first: CheckResult | undefined;
  for (let at = 0; at < b.rolls.length; at++) {
    const roll = b.rolls[at]!;
    const problem = saltsProblem(roll);
    if (problem === null) continue;
    failedRolls.add(roll);
    failedGames.add(roll.game);
    first ??= { id, status: "failed", say: { key: "failSalts", values: { nonce: roll.nonce, game: roll.game, kind: roll.kind, problem } }, nonce: roll.nonce, game: roll.game };
  }
  return { result: first ?? { id, status: "passed", say: { key: "salts", values: { rolls: b.rolls.length } } }, failedGames, failedRolls };
}

/** What the rolls-recomputed loop found: the games it failed, the first wrong roll with its dice, and the counts. */
export interface Recomputed<R extends BundleRoll> {
  readonly failedGames: Set<number>;
  readonly firstWrong: { readonly roll: R; readonly dice: Dice } | undefined;
  readonly wrong: number;
  /** Rolls of a game whose seed is not known (yet). */
  readonly unknown: number;
  readonly checked: number;
}

/**
 * The loop of check 5, which v3's rolls-recomputed shares (verify-v3.ts): every roll whose game seed is known, and
 * which is not in `skipped`, rolled again by its game's roller — made once per game by `rollerOf` from the seed —
 * and compared with its logged dice.
 */
export function recomputeRolls<R extends BundleRoll>(rolls: readonly R[], seeds: ReadonlyMap<number, string>, skipped: ReadonlySet<R>, rollerOf: (seed: string) => (roll: R) => Dice): Recomputed<R> {
  const rollers = new Map<number, (roll: R) => Dice>();
  const failedGames = new Set<number>();
  let firstWrong: Recomputed<R>["firstWrong"];
  let wrong = 0;
  let unknown = 0;
  let checked = 0;
  // The rolls come game by game: the last game's seed and roller are kept rather than looked up for every roll.
  let game: number | undefined;
  let seed: string | undefined;
  let roller: ((roll: R) => Dice) | undefined;
  for (let at = 0; at < rolls.length; at++) {
    const roll = rolls[at]!;
    if (roll.game !== game) {
      game = roll.game;
      seed = seeds.get(game);
      roller = rollers.get(game);
    }
    if (seed === undefined) {
      unknown++;
      continue;
    }
    if (skipped.size > 0 && skipped.has(roll)) continue;
    if (!roller) rollers.set(game, (roller = rollerOf(seed)));
    const dice = roller(roll);
    checked++;
    if (dice[0] === roll.dice[0] && dice[1] === roll.dice[1]) continue;
    wrong++;
    failedGames.add(roll.game);
    firstWrong ??= { roll, dice };
  }
  return { failedGames, firstWrong, wrong, unknown, checked };
}

/** Check 5; `unsalted` are the rolls check 4 failed, which are not recomputed. */
function checkRolls(b: ParsedBundleV2, seeds: ReadonlyMap<number, string>, unsalted: ReadonlySet<BundleRollV2>): Checked {
  const id = "rolls-recomputed";
  const clientSeed = combineClientSeeds(b.clientSeeds.white, b.clientSeeds.black);
  const rollerOf = (seed: string) => {
    const roller = createSaltedRoller(seed, clientSeed);
    // The rolls recomputed passed the salts check: their salts are in their form.
    return (roll: BundleRollV2) => roller.rollChecked(roll.nonce, roll.salts);
  };
  const { failedGames, firstWrong, wrong, unknown, checked } = recomputeRolls(b.rolls, seeds, unsalted, rollerOf);
  if (firstWrong) return { result: wrongRolls(wrongRoll(firstWrong.roll, firstWrong.dice), wrong), failedGames };
  if (unknown > 0) return { result: { id, status: "not-yet-revealed", say: { key: "rollsSoFar", values: { rolls: checked, waiting: unknown } } }, failedGames };
  return { result: { id, status: "passed", say: { key: "rollsV2", values: { rolls: b.rolls.length } } }, failedGames };
}


/**
 * Check 8: in a match against the computer, each salt of the computer's seat is the one its game's seed gives
 * (section 3a), so the server could not have chosen it. Looks at every roll whose game seed is known; a roll whose
 * salts failed check 4 is left to check 4.
 */
function checkComputerSalts(b: ParsedBundleV2, seeds: ReadonlyMap<number, string>, unsalted: ReadonlySet<BundleRollV2>): Checked {
  const id = "computer-salts";
  const computer = b.computer;
  const seatProblem = computerSeatProblem(b);
  if (seatProblem) return { result: { id, status: "failed", say: seatProblem }, failedGames: new Set(b.rolls.map((roll) => roll.game)) };
  if (computer === null) return { result: { id, status: "passed", say: { key: b.seats ? "noComputerSeat" : "noComputer", values: {} } }, failedGames: new Set() };
  const failedGames = new Set<number>();
  let first: CheckResult | undefined;
  let checked = 0;
  let waiting = 0;
  for (let at = 0; at < b.rolls.length; at++) {
    const roll = b.rolls[at]!;
    const salt = roll.salts[computer];
    if (salt === undefined || unsalted.has(roll)) continue;
    const seed = seeds.get(roll.game);
    if (seed === undefined) {
      waiting++;
      continue;
    }
    checked++;
    if (salt === computerSalt(seed, roll.nonce)) continue;
    failedGames.add(roll.game);
    first ??= { id, status: "failed", say: { key: "failComputerSalt", values: { nonce: roll.nonce, game: roll.game, player: computer } }, nonce: roll.nonce, game: roll.game };
  }
  if (first) return { result: first, failedGames };
  if (waiting > 0) return { result: { id, status: "not-yet-revealed", say: { key: "computerSaltsSoFar", values: { player: computer, rolls: checked, waiting } } }, failedGames };
  return { result: { id, status: "passed", say: { key: "computerSalts", values: { player: computer, rolls: checked } } }, failedGames };
}

/** Check 9 (the browser panel): the salts this browser kept for its player equal the logged ones, nonce by nonce. */
function checkBrowserSalts(b: ParsedBundleV2, browser: BrowserSalts): Checked {
  const id = "browser-salts";
  const differing: BundleRollV2[] = [];
  let compared = 0;
  for (let at = 0; at < b.rolls.length; at++) {
    const roll = b.rolls[at]!;
    const kept = browser.salts.get(roll.nonce);
    if (kept === undefined) continue;
    compared++;
    if (roll.salts[browser.player] !== kept) differing.push(roll);
  }
  const first = differing[0];
  if (first === undefined) return { result: { id, status: "passed", say: { key: "browserSalts", values: { player: browser.player, rolls: compared } } }, failedGames: new Set() };
  return {
    result: {
      id,
      status: "failed",
      say: { key: "failBrowserSalts", values: { player: browser.player, nonce: first.nonce, nonces: differing.map((roll) => roll.nonce).join(", "), count: differing.length } },
      nonce: first.nonce,
      game: first.game,
    },
    failedGames: new Set(differing.map((roll) => roll.game)),
  };
}
