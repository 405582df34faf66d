/**
 * The fair-dice-v3 test vectors (docs/fair-dice-v3.md), built from fixed seeds, tails and salts:
 * scripts/fair-dice-v3-vectors.ts writes them to fixtures/fair-dice-v3.vectors.json, and verify-v3.test.ts checks
 * that the file is exactly what this builds. Each tampered bundle is a played one with one thing changed — by an
 * outsider (the signature then fails too) or by the site itself, re-signed with its key, which only the chain or
 * the browser can catch — and says what a verifier must answer: the verdict, the failed checks, where each failed,
 * and each game's verdict. The signing key's private half is printed, for these vectors only.
 *
 * @example
 *   fairDiceV3Vectors().bundles.find((b) => b.label === "value-not-on-chain")?.failedChecks; // ["chain-values"]
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { parseBundleV3, type AuditBundleV3 } from "./bundle-v3";
import type { ProofEnd } from "./bundle-v2";
import { combineClientSeeds } from "./client-seed";
import { computerValue, computerValueMessage } from "./computer-value";
import { verdicts } from "./fixtures/v2-vectors";
import { chainHead, CONTRIBUTION_CHAIN_LENGTH, gameChains, hashChainFromTail } from "./hash-chain";
import { PROOF_KEYS_FORMAT, proofKeyEntry, type ProofKey } from "./proof-keys";
import { proofPublicKeyOf } from "./proof-sign";
import { signProofV3 } from "./proof-sign-v3";
import { proofStatementV3 } from "./proof-statement-v3";
import { createRollerV3, rollMessageV3, type RollContributions } from "./roll-v3";
import { chainLengthFor, gameSeedsOf } from "./seed-chain";
import { signSimulatedV3, simulateMatchV3, type SimulatedBrowser, type SimulatedV3 } from "./simulate-v3";
import type { RecordTurn, SeatColor } from "./types";
import { verifyV3, type BrowserKeptV3 } from "./verify-v3";

const SERVER_SEED = "7245cbc5ff67b0b4e8d6300508a5f58b92eea3e6a827e8bb9f93c88621e8986a";
const CLIENT_SEEDS = { white: "w4h1t3seed", black: "Bl4ck_seed-9" } as const;
const BASE = { serverSeed: SERVER_SEED, clientSeeds: CLIENT_SEEDS, matchId: "vector-match-v3", matchLength: 3, turnsPerGame: 6 } as const;
const SEEDS = gameSeedsOf(SERVER_SEED, chainLengthFor(3));

/** The vectors' signing key: SHA-256 of a sentence, published with its private half (for these vectors only). */
const VECTOR_PRIVATE_KEY = sha256(utf8ToBytes("fairgammon proof-signing test key: for the fair-dice-v3 vectors only"));
const VECTOR_PUBLIC_KEY = proofPublicKeyOf(VECTOR_PRIVATE_KEY);
export const VECTOR_KEYS_V3: readonly ProofKey[] = [proofKeyEntry(VECTOR_PUBLIC_KEY, "2026-12-07T00:00:00.000Z")];

/** A bundle as JSON to tamper with. */
type Mutable = { -readonly [K in Exclude<keyof AuditBundleV3, "rolls" | "chains">]: AuditBundleV3[K] } & {
  rolls: { nonce: number; game: number; kind: "opening" | "turn"; player: SeatColor | null; salts: Partial<Record<SeatColor, string>>; values: Partial<Record<SeatColor, string>>; dice: [number, number] }[];
  chains: Record<string, Partial<Record<SeatColor, string[]>>>;
};

/** What a browser kept, as JSON: nonces and games as decimal keys. */
interface BrowserJson {
  readonly player: SeatColor;
  readonly salts: Readonly<Record<string, string>>;
  readonly shownSalts: Readonly<Record<string, string>>;
  readonly heads: Readonly<Record<string, Partial<Record<SeatColor, readonly string[]>>>>;
}

export interface BundleVectorV3 {
  readonly label: string;
  readonly bundle: unknown;
  readonly record?: readonly RecordTurn[];
  readonly browser?: BrowserJson;
  readonly verdict: string;
  readonly failedChecks: readonly string[];
  /** Where each failed check failed: its first failure's game, nonce and player, when it names them. */
  readonly failures: readonly { readonly check: string; readonly game?: number; readonly nonce?: number; readonly player?: string }[];
  readonly games: Readonly<Record<string, string>>;
}

const clone = (bundle: AuditBundleV3): Mutable => JSON.parse(JSON.stringify(bundle)) as Mutable;
const toJson = (map: ReadonlyMap<number, unknown>) => Object.fromEntries([...map].map(([key, value]) => [String(key), value]));

export function browserJson(browser: SimulatedBrowser | BrowserKeptV3): BrowserJson {
  return { player: browser.player, salts: toJson(browser.salts) as Record<string, string>, shownSalts: toJson(browser.shownSalts) as Record<string, string>, heads: toJson(browser.heads ?? new Map()) as BrowserJson["heads"] };
}

export function browserFromJson(json: BrowserJson): BrowserKeptV3 {
  const byNumber = <T>(record: Readonly<Record<string, T>>) => new Map(Object.entries(record).map(([key, value]) => [Number(key), value]));
  return { player: json.player, salts: byNumber(json.salts), shownSalts: byNumber(json.shownSalts), heads: byNumber(json.heads) };
}

/** What verifyV3 answers, with the vectors' keys: the vector's expectations (and the outside verifier's). */
function expected(label: string, bundle: unknown, record?: readonly RecordTurn[], browser?: BrowserJson): BundleVectorV3 {
  const report = verifyV3(bundle, record, { keys: VECTOR_KEYS_V3, ...(browser && { browser: browserFromJson(browser) }) });
  const { verdict, failedChecks, games } = verdicts(report);
  return {
    label,
    bundle,
    ...(record && { record }),
    ...(browser && { browser }),
    verdict,
    failedChecks,
    failures: report.checks
      .filter((c) => c.status === "failed")
      .map((c) => ({
        check: c.id,
        ...(c.game !== undefined && { game: c.game }),
        ...(c.nonce !== undefined && { nonce: c.nonce }),
        ...(typeof c.say.values.player === "string" && c.say.values.player !== "none" && { player: c.say.values.player }),
      })),
    games,
  };
}

function finishedEnd(bundle: AuditBundleV3): ProofEnd {
  return { reason: "finished", winner: "white", score: { white: 3, black: 1 }, games: bundle.rolls.at(-1)!.game, rolls: bundle.rolls.length };
}

function signed(simulated: Pick<SimulatedV3, "bundle" | "record">, end: ProofEnd | null): AuditBundleV3 {
  return signSimulatedV3(simulated, { end, privateKey: VECTOR_PRIVATE_KEY });
}

/** The bundle as the site itself would re-sign it after changing it: only the chains and the browsers can tell. */
const resigned = (bundle: Mutable): AuditBundleV3 => signProofV3(bundle, VECTOR_PRIVATE_KEY);

function partsOf(roll: Mutable["rolls"][number]): RollContributions {
  if (roll.kind === "opening") return { kind: "opening", white: roll.values.white!, black: roll.values.black! };
  const opponent = roll.player === "white" ? "black" : "white";
  return { kind: "turn", salt: roll.salts[roll.player!]!, value: roll.values[opponent]! };
}

/** The roll's dice recomputed from its (changed) contributions, as a site that changed them would log them. */
function recompute(roll: Mutable["rolls"][number]): void {
  const dice = createRollerV3(SEEDS[roll.game - 1]!, combineClientSeeds(CLIENT_SEEDS.white, CLIENT_SEEDS.black)).roll(roll.nonce, partsOf(roll));
  roll.dice = [dice[0], dice[1]];
}

const someValue = (label: string) => bytesToHex(sha256(utf8ToBytes(`not on any chain: ${label}`)));
const opponentOf = (color: SeatColor): SeatColor => (color === "white" ? "black" : "white");

function bundleVectors(): BundleVectorV3[] {
  const played = simulateMatchV3({ ...BASE, games: 3 });
  const finished = signed(played, finishedEnd(played.bundle));
  const { record } = played;
  const white = browserJson(played.browsers.white!);
  const black = browserJson(played.browsers.black!);
  const turnOf = (bundle: Mutable, game: number, index = 0) => bundle.rolls.filter((roll) => roll.game === game && roll.kind === "turn")[index]!;
  const vectors: BundleVectorV3[] = [
    expected("finished", finished, record),
    expected("finished-with-white-browser", finished, record, white),
    expected("finished-with-black-browser", finished, record, black),
    expected("finished-without-record", finished),
    expected("unsigned", played.bundle, record),
  ];
  const runningPlay = simulateMatchV3({ ...BASE, games: 3, endedGames: 2, revealed: false });
  vectors.push(expected("running-two-games-ended", signed(runningPlay, null), runningPlay.record));

  // A changed opponent value, the dice left as logged: off the chain, the roll no longer recomputes, the signature breaks.
  const changedValue = clone(finished);
  const changedTurn = turnOf(changedValue, 2, 1);
  changedTurn.values[opponentOf(changedTurn.player!)] = someValue("changed");
  vectors.push(expected("changed-opponent-value", changedValue, record));

  // The site grinding a roll: it logs a value of its own choosing (the dice recomputed from it) and signs the result.
  const offChain = clone(finished);
  const groundTurn = turnOf(offChain, 2, 2);
  groundTurn.values[opponentOf(groundTurn.player!)] = someValue("chosen");
  recompute(groundTurn);
  vectors.push(expected("value-not-on-chain", resigned(offChain)));

  // Another salt in the log than the one the opponent's browser was shown (and answered), re-signed by the site.
  const swappedSalt = clone(finished);
  const secondTry = turnOf(swappedSalt, 1, 2);
  secondTry.salts[secondTry.player!] = "0123456789abcdef0123456789abcdef";
  recompute(secondTry);
  const shownTo = opponentOf(secondTry.player!) === "white" ? white : black;
  vectors.push(expected("forwarded-salt-replaced", resigned(swappedSalt), undefined, shownTo));
  vectors.push(expected("forwarded-salt-replaced-no-browser", resigned(swappedSalt)));
  const madeBy = secondTry.player === "white" ? white : black;
  vectors.push(expected("own-salt-replaced", resigned(swappedSalt), undefined, madeBy));

  // A head taken out: game 2 without black's head (an outsider's edit; and the site's, re-signed).
  const noHead = clone(finished);
  delete noHead.chains["2"]!.black;
  vectors.push(expected("missing-head", noHead, record));
  vectors.push(expected("missing-head-resigned", resigned(noHead), record));
  const noGameHeads = clone(finished);
  delete noGameHeads.chains["3"];
  vectors.push(expected("missing-game-heads", resigned(noGameHeads), record));
  const extraHead = clone(finished);
  extraHead.chains["1"]!.white = [...extraHead.chains["1"]!.white!, chainHead(someValue("extra"))];
  vectors.push(expected("extra-head", resigned(extraHead), record));
  const otherHead = clone(finished);
  otherHead.chains["2"]!.white = [chainHead(someValue("another chain"))];
  vectors.push(expected("head-not-the-shown-one", resigned(otherHead), record, black));
  const upperHead = clone(finished);
  upperHead.chains["1"]!.black = [upperHead.chains["1"]!.black![0]!.toUpperCase()];
  vectors.push(expected("head-not-lowercase-hex", resigned(upperHead), record));

  // A wrong roll: the dice changed, every contribution left alone.
  const wrongRoll = clone(finished);
  const wrongTurn = turnOf(wrongRoll, 3, 1);
  wrongTurn.dice = [wrongTurn.dice[0] === 6 ? 5 : 6, wrongTurn.dice[1]];
  vectors.push(expected("wrong-roll", wrongRoll));
  vectors.push(expected("wrong-roll-resigned", resigned(wrongRoll)));
  const changedSalt = clone(finished);
  const saltTurn = turnOf(changedSalt, 1, 0);
  saltTurn.salts[saltTurn.player!] = `${saltTurn.salts[saltTurn.player!]!.slice(0, 31)}${saltTurn.salts[saltTurn.player!]!.endsWith("0") ? "1" : "0"}`;
  vectors.push(expected("changed-salt", changedSalt, record));

  // Contributions of the wrong kind or form.
  const openingSalt = clone(finished);
  openingSalt.rolls[0]!.salts = { white: "0123456789abcdef0123456789abcdef" };
  vectors.push(expected("opening-with-a-salt", resigned(openingSalt), record));
  const rollerValue = clone(finished);
  const ownValue = turnOf(rollerValue, 1, 1);
  ownValue.values = { [ownValue.player!]: ownValue.values[opponentOf(ownValue.player!)]! };
  vectors.push(expected("turn-value-under-the-roller", resigned(rollerValue), record));
  const openingOneValue = clone(finished);
  delete openingOneValue.rolls[0]!.values.black;
  vectors.push(expected("opening-without-black-value", resigned(openingOneValue), record));
  const upperValue = clone(finished);
  const upperTurn = turnOf(upperValue, 3, 0);
  upperTurn.values[opponentOf(upperTurn.player!)] = upperTurn.values[opponentOf(upperTurn.player!)]!.toUpperCase();
  vectors.push(expected("value-not-lowercase-hex", resigned(upperValue), record));
  const swappedValues = clone(finished);
  const [first, second] = [turnOf(swappedValues, 2, 0), turnOf(swappedValues, 2, 2)];
  const seat = opponentOf(first.player!);
  [first.values[seat], second.values[seat]] = [second.values[seat], first.values[seat]];
  recompute(first);
  recompute(second);
  vectors.push(expected("values-out-of-order", resigned(swappedValues)));

  // Against the computer (black): its salts and values come from the game seeds, and it commits no head.
  const computerPlay = simulateMatchV3({ ...BASE, games: 3, computer: "black" });
  const computerMatch = signed(computerPlay, finishedEnd(computerPlay.bundle));
  vectors.push(expected("computer-finished", computerMatch, computerPlay.record, browserJson(computerPlay.browsers.white!)));
  const computerRunning = simulateMatchV3({ ...BASE, games: 3, endedGames: 2, revealed: false, computer: "black" });
  vectors.push(expected("computer-running-two-games-ended", signed(computerRunning, null), computerRunning.record));
  const chosenValue = clone(computerMatch);
  const humanTurn = chosenValue.rolls.find((roll) => roll.game === 2 && roll.player === "white")!;
  humanTurn.values.black = someValue("computer");
  recompute(humanTurn);
  vectors.push(expected("computer-value-chosen", resigned(chosenValue)));
  const chosenSalt = clone(computerMatch);
  const computerTurn = chosenSalt.rolls.find((roll) => roll.game === 2 && roll.player === "black")!;
  computerTurn.salts.black = "0123456789abcdef0123456789abcdef";
  recompute(computerTurn);
  vectors.push(expected("computer-salt-chosen", resigned(chosenSalt)));
  const computerHead = clone(computerMatch);
  computerHead.chains["1"]!.black = [chainHead(someValue("computer head"))];
  vectors.push(expected("computer-with-a-head", resigned(computerHead), computerPlay.record));
  const erased = clone(computerMatch);
  delete erased.computer;
  vectors.push(expected("computer-erased", resigned(erased), computerPlay.record));

  // Inherited from v2: the format, the seed chain, the completeness of the log.
  vectors.push(expected("v2-protocol-name", { ...finished, protocol: "fair-dice-v2" }));
  vectors.push(expected("values-not-an-object", { ...clone(finished), rolls: finished.rolls.map((roll, i) => (i === 2 ? { ...roll, values: "x" } : roll)) }));
  vectors.push(expected("chains-for-a-game-past-the-chain", { ...clone(finished), chains: { ...finished.chains, "6": finished.chains["1"]! } }));
  const brokenSeed = clone(finished);
  brokenSeed.serverSeed = `${SERVER_SEED.slice(0, 63)}${SERVER_SEED.endsWith("0") ? "1" : "0"}`;
  vectors.push(expected("broken-server-seed", brokenSeed, record));
  const lastRoll = clone(finished);
  lastRoll.rolls.pop();
  vectors.push(expected("truncated-last-roll", lastRoll, record.slice(0, -1)));
  vectors.push(expected("not-an-object", [1, 2, 3]));
  return vectors;
}

/** Two sample chains: a few values from each end, and a game whose chain is renewed after M values. */
function chainVectors() {
  const tails = ["00000000000000000000000000000000000000000000000000000000000000ff", bytesToHex(sha256(utf8ToBytes("tail:vector")))];
  const samples = tails.map((tail) => {
    const chain = hashChainFromTail(tail);
    const at = [0, 1, 2, 3, CONTRIBUTION_CHAIN_LENGTH - 1, CONTRIBUTION_CHAIN_LENGTH];
    return { tail, head: chain.head, values: Object.fromEntries(at.map((i) => [String(i), chain.value(i)])) };
  });
  const renewed = gameChains((chain) => tails[chain]!);
  const contributions = [1, 2, CONTRIBUTION_CHAIN_LENGTH, CONTRIBUTION_CHAIN_LENGTH + 1, CONTRIBUTION_CHAIN_LENGTH + 2];
  return {
    length: CONTRIBUTION_CHAIN_LENGTH,
    samples,
    renewal: {
      note: "A player's contributions in one game past M: the second tail's chain is committed with the reveal of value(M) of the first.",
      tails,
      headsAfter: Object.fromEntries([CONTRIBUTION_CHAIN_LENGTH - 1, CONTRIBUTION_CHAIN_LENGTH].map((c) => [String(c), renewed.headsAfter(c)])),
      contributions: Object.fromEntries(contributions.map((c) => [String(c), renewed.value(c)])),
    },
  };
}

function rollVectors() {
  const clientSeed = combineClientSeeds(CLIENT_SEEDS.white, CLIENT_SEEDS.black);
  const value = (label: string) => bytesToHex(sha256(utf8ToBytes(label)));
  const cases: { label: string; game: number; nonce: number; parts: RollContributions }[] = [
    { label: "opening-game-1", game: 1, nonce: 0, parts: { kind: "opening", white: value("white 1"), black: value("black 1") } },
    { label: "turn-game-1", game: 1, nonce: 1, parts: { kind: "turn", salt: "0f1e2d3c4b5a69788796a5b4c3d2e1f0", value: value("white 2") } },
    { label: "same-salt-other-value", game: 1, nonce: 1, parts: { kind: "turn", salt: "0f1e2d3c4b5a69788796a5b4c3d2e1f0", value: value("white 3") } },
    { label: "turn-game-5-last-link", game: 5, nonce: 999, parts: { kind: "turn", salt: "deadbeefdeadbeefdeadbeefdeadbeef", value: value("black 9") } },
  ];
  return cases.map(({ label, game, nonce, parts }) => {
    const gameSeed = SEEDS[game - 1]!;
    const message = rollMessageV3(clientSeed, nonce, parts);
    return { label, game, gameSeed, clientSeed, nonce, ...parts, message, hmac: bytesToHex(hmac(sha256, utf8ToBytes(gameSeed), utf8ToBytes(message))), dice: createRollerV3(gameSeed, clientSeed).roll(nonce, parts) };
  });
}

export function fairDiceV3Vectors() {
  const played = simulateMatchV3({ ...BASE, games: 3 });
  const statementBundle = signed(played, finishedEnd(played.bundle));
  const parsed = parseBundleV3(statementBundle);
  if (!parsed.ok) throw new Error("fairDiceV3Vectors: the statement's bundle does not parse");
  return {
    protocol: "fair-dice-v3",
    note: "Written by scripts/fair-dice-v3-vectors.ts from docs/fair-dice-v3.md; do not edit by hand.",
    chains: chainVectors(),
    computerValues: [1, 2, 3].map((c) => ({ game: 1, gameSeed: SEEDS[0]!, c, message: computerValueMessage(c), value: computerValue(SEEDS[0]!, c) })),
    rolls: rollVectors(),
    keys: { format: PROOF_KEYS_FORMAT, note: "The vectors' test key: trust it for these vectors only.", keys: VECTOR_KEYS_V3 },
    signingKey: { privateKey: bytesToHex(VECTOR_PRIVATE_KEY), publicKey: VECTOR_PUBLIC_KEY, note: "Ed25519 (RFC 8032); its private half is public so that anyone can reproduce the signatures." },
    statement: { label: "finished", text: proofStatementV3(parsed.value, statementBundle.signature!.keyId), signature: statementBundle.signature },
    bundles: bundleVectors(),
  };
}

