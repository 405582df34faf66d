/**
 * A fair-dice-v3 verifier written from docs/fair-dice-v3.md (and the v2 sections it refers to) alone, as an outsider
 * would: it imports nothing of the project — only node:crypto — so that its agreement with lib/dice's verifyV3 on
 * the published vectors and on simulated matches shows that the text, not the code, defines the protocol.
 *
 * @example
 *   outsideVerify(bundle, { record, keys: [{ keyId, publicKey }], browser }).verdict; // "verified"
 */
import { createHash, createHmac, createPublicKey, verify as verifySignature } from "node:crypto";

type Color = "white" | "black";
type Status = "passed" | "failed" | "skipped" | "not-yet-revealed";
type Obj = Record<string, unknown>;
interface Roll {
  nonce: number;
  game: number;
  kind: "opening" | "turn";
  player: Color | null;
  salts: Partial<Record<Color, string>>;
  values: Partial<Record<Color, string>>;
  dice: [number, number];
}
interface Bundle {
  protocol: string;
  matchId: string;
  matchLength: number;
  chainLength: number;
  commitment: string;
  gameSeeds: Record<string, string>;
  serverSeed: string | null;
  clientSeeds: { white: string; black: string };
  computer: Color | null;
  chains: Record<string, Partial<Record<Color, string[]>>>;
  rolls: Roll[];
  seats?: Record<Color, { kind: string; id: string; name: string } | null>;
  end?: { reason: string; winner: Color | null; score: Record<Color, number>; games: number; rolls: number } | null;
  recordDigest?: string;
  recordLines?: string[];
  record?: unknown;
  signature?: { keyId: string; value: string };
}
export interface OutsideBrowser {
  player: Color;
  salts: Record<string, string>;
  shownSalts: Record<string, string>;
  heads: Record<string, Partial<Record<Color, string[]>>>;
}
export interface OutsideFailure {
  check: string;
  game?: number;
  nonce?: number;
  player?: string;
}
export interface OutsideReport {
  verdict: string;
  checks: { id: string; status: Status }[];
  failures: OutsideFailure[];
  games: Record<string, string>;
}

const M = 1024;
const COLORS: Color[] = ["white", "black"];
const HEX64 = /^[0-9a-f]{64}$/;
const SALT = /^[0-9a-f]{32}$/;
const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const hmac = (key: string, message: string) => createHmac("sha256", Buffer.from(key, "utf8")).update(message, "utf8");
const other = (c: Color): Color => (c === "white" ? "black" : "white");
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const isInt = (x: unknown, min: number) => typeof x === "number" && Number.isInteger(x) && x >= min;
const isStr = (x: unknown) => typeof x === "string";
const onlyColors = (x: unknown, value: (v: unknown) => boolean) => isObj(x) && Object.entries(x).every(([k, v]) => (k === "white" || k === "black") && value(v));

/** Section 7 check 1: v2's section 5/5a forms, plus v3's `chains` and `values`. */
function wellFormed(b: unknown): b is Bundle {
  if (!isObj(b) || b.protocol !== "fair-dice-v3" || !isStr(b.matchId)) return false;
  if (!isInt(b.matchLength, 1) || (b.matchLength as number) > 25 || b.chainLength !== 2 * (b.matchLength as number) - 1) return false;
  const L = b.chainLength as number;
  const gameKey = (k: string) => /^[1-9][0-9]{0,2}$/.test(k) && Number(k) <= L;
  if (!isStr(b.commitment) || !HEX64.test(b.commitment as string)) return false;
  if (!isObj(b.gameSeeds) || !Object.entries(b.gameSeeds).every(([k, v]) => gameKey(k) && isStr(v) && HEX64.test(v as string))) return false;
  if (b.serverSeed !== null && !(isStr(b.serverSeed) && HEX64.test(b.serverSeed as string))) return false;
  const cs = b.clientSeeds;
  if (!isObj(cs) || !COLORS.every((c) => isStr(cs[c]) && /^[A-Za-z0-9_-]{1,64}$/.test(cs[c] as string))) return false;
  if (b.computer !== undefined && b.computer !== null && b.computer !== "white" && b.computer !== "black") return false;
  const seat = (s: unknown) => s === null || (isObj(s) && ["person", "guest", "computer"].includes(s.kind as string) && isStr(s.id) && /^[A-Za-z0-9_-]{1,64}$/.test(s.id as string) && isStr(s.name) && (s.name as string).length >= 1 && (s.name as string).length <= 200);
  if (b.seats !== undefined && !(isObj(b.seats) && "white" in b.seats && "black" in b.seats && seat(b.seats.white) && seat(b.seats.black))) return false;
  const e = b.end;
  if (e !== undefined && e !== null) {
    if (!isObj(e) || !["finished", "cancelled", "abandoned", "timeout"].includes(e.reason as string)) return false;
    if (!(e.winner === null || e.winner === "white" || e.winner === "black") || !isObj(e.score) || !isInt(e.score.white, 0) || !isInt(e.score.black, 0) || !isInt(e.games, 0) || !isInt(e.rolls, 0)) return false;
  }
  if (b.recordDigest !== undefined && !(isStr(b.recordDigest) && HEX64.test(b.recordDigest as string))) return false;
  if (b.recordLines !== undefined && !(Array.isArray(b.recordLines) && b.recordLines.every(isStr))) return false;
  const sig = b.signature;
  if (sig !== undefined && !(isObj(sig) && isStr(sig.keyId) && /^fg-ed25519-[0-9a-f]{16}$/.test(sig.keyId as string) && isStr(sig.value) && /^[0-9a-f]{128}$/.test(sig.value as string))) return false;
  if (!isObj(b.chains) || !Object.entries(b.chains).every(([k, v]) => gameKey(k) && onlyColors(v, (h) => Array.isArray(h) && h.length > 0 && h.every(isStr)))) return false;
  const die = (d: unknown) => isInt(d, 1) && (d as number) <= 6;
  return (
    Array.isArray(b.rolls) &&
    b.rolls.every(
      (r) =>
        isObj(r) && isInt(r.nonce, 0) && isInt(r.game, 1) && (r.kind === "opening" || r.kind === "turn") && "player" in r && (r.player === null || r.player === "white" || r.player === "black") &&
        onlyColors(r.salts, isStr) && onlyColors(r.values, isStr) && Array.isArray(r.dice) && r.dice.length === 2 && r.dice.every(die),
    )
  );
}

/** Section 9b: v2's statement with v3's four changes. */
export function outsideStatement(b: Bundle, keyId: string): string {
  const seat = (c: Color) => {
    const s = b.seats?.[c];
    return s ? `seat ${c} ${s.kind} ${s.id} ${Buffer.from(s.name, "utf8").toString("hex")}` : `seat ${c} -`;
  };
  const e = b.end;
  const games = (record: Record<string, unknown>) => Object.keys(record).map(Number).sort((x, y) => x - y);
  const heads = (h: string[] | undefined) => (h ? h.join(",") : "-");
  const lines = [
    "fairgammon-signed-proof-2",
    `key ${keyId}`,
    "protocol fair-dice-v3",
    `match ${b.matchId}`,
    `match-length ${b.matchLength}`,
    `chain-length ${b.chainLength}`,
    `commitment ${b.commitment}`,
    ...games(b.gameSeeds).map((k) => `game-seed ${k} ${b.gameSeeds[String(k)]}`),
    `server-seed ${b.serverSeed ?? "-"}`,
    `client-seeds ${b.clientSeeds.white} ${b.clientSeeds.black}`,
    `computer ${b.computer ?? "-"}`,
    seat("white"),
    seat("black"),
    e ? `end ${e.reason} ${e.winner ?? "-"} ${e.score.white} ${e.score.black} ${e.games} ${e.rolls}` : "end -",
    `record ${b.recordDigest ?? "-"}`,
    ...games(b.chains).map((k) => `chains ${k} ${heads(b.chains[String(k)]!.white)} ${heads(b.chains[String(k)]!.black)}`),
    ...b.rolls.map((r) => `roll ${r.nonce} ${r.game} ${r.kind} ${r.player ?? "-"} ${r.dice[0]}${r.dice[1]} ${r.salts.white ?? "-"} ${r.salts.black ?? "-"} ${r.values.white ?? "-"} ${r.values.black ?? "-"}`),
  ];
  return lines.map((line) => `${line}\n`).join("");
}

function ed25519Valid(publicKeyHex: string, message: string, signatureHex: string): boolean {
  const spki = Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(publicKeyHex, "hex")]);
  try {
    return verifySignature(null, Buffer.from(message, "utf8"), createPublicKey({ key: spki, format: "der", type: "spki" }), Buffer.from(signatureHex, "hex"));
  } catch {
    return false;
  }
}

/** Section 3: the dice of a message under a game seed. */
function dice(gameSeed: string, message: string): [number, number] {
  const got: number[] = [];
  for (let j = 0; ; j++) {
    for (const byte of hmac(gameSeed, j === 0 ? message : `${message}:${j}`).digest()) {
      if (byte < 252) got.push((byte % 6) + 1);
      if (got.length === 2) return [got[0]!, got[1]!];
    }
  }
}

interface Found {
  status: Status;
  failedGames: Set<number>;
  where?: OutsideFailure;
}

/** Collects one check's failures; the reported one is at the lowest nonce, one tied to no roll first. */
function collector(check: string) {
  const failedGames = new Set<number>();
  let where: OutsideFailure | undefined;
  return {
    failedGames,
    fail(game: number, nonce: number | undefined, player?: string) {
      failedGames.add(game);
      if (where === undefined || (nonce ?? -1) < (where.nonce ?? -1)) where = { check, game, ...(nonce !== undefined && { nonce }), ...(player !== undefined && { player }) };
    },
    result: (otherwise: Status): Found => (where ? { status: "failed", failedGames, where } : { status: otherwise, failedGames }),
  };
}

export function outsideVerify(input: unknown, options: { record?: unknown; keys?: { keyId: string; publicKey: string }[]; browser?: OutsideBrowser } = {}): OutsideReport {
  const ids = ["signature", "seed-chain", "nonce-sequence", "chain-heads", "chain-values", "contributions", "rolls-recomputed", "opening-resolution", "record-dice", "completeness", "record-moves", ...(options.browser ? ["forwarded-salts"] : [])];
  if (!wellFormed(input)) {
    return { verdict: "failed", checks: [{ id: "bundle-format", status: "failed" }, ...ids.map((id) => ({ id, status: "skipped" as Status }))], failures: [{ check: "bundle-format" }], games: {} };
  }
  const b: Bundle = { ...input, computer: input.computer ?? null };
  const rollGames = b.rolls.map((r) => r.game);
  const allGames = [...new Set([...rollGames, ...Object.keys(b.gameSeeds).map(Number), ...Object.keys(b.chains).map(Number)])].sort((x, y) => x - y);
  const from = (game: number) => new Set([game, ...allGames.filter((g) => g >= game)]);
  const found = new Map<string, Found>();
  const set = (id: string, f: Found) => found.set(id, f);

  // 2. signature
  // v2, section 5b: a listed key whose id is not its own is dropped.
  const ownId = (publicKey: string) => `fg-ed25519-${createHash("sha256").update(Buffer.from(publicKey, "hex")).digest("hex").slice(0, 16)}`;
  const key = b.signature && options.keys?.find((k) => k.keyId === b.signature!.keyId && k.keyId === ownId(k.publicKey));
  if (!b.signature || !key) set("signature", { status: "skipped", failedGames: new Set() });
  else set("signature", ed25519Valid(key.publicKey, outsideStatement(b, key.keyId), b.signature.value) ? { status: "passed", failedGames: new Set() } : { status: "failed", failedGames: new Set(allGames) });

  // 3. seed-chain: v2's check 2
  const hashTimes = (seed: string, times: number) => {
    let value = seed;
    for (let i = 0; i < times; i++) value = sha(value);
    return value;
  };
  const seeds = new Map<number, string>();
  const wrongSeeds = new Set<number>();
  for (const [k, seed] of Object.entries(b.gameSeeds)) {
    if (hashTimes(seed, Number(k)) === b.commitment) seeds.set(Number(k), seed);
    else wrongSeeds.add(Number(k));
  }
  let serverSeedWrong = false;
  if (b.serverSeed !== null) {
    if (hashTimes(b.serverSeed, b.chainLength) === b.commitment) {
      let seed = b.serverSeed;
      for (let k = b.chainLength; k >= 1; k--, seed = sha(seed)) seeds.set(k, seed);
    } else serverSeedWrong = true;
  }
  if (serverSeedWrong) for (const g of allGames) wrongSeeds.add(g);
  set("seed-chain", { status: wrongSeeds.size > 0 ? "failed" : b.serverSeed === null && seeds.size === 0 ? "not-yet-revealed" : "passed", failedGames: wrongSeeds });

  // 4. nonce-sequence: v2's check 3
  let previousGame = 0;
  let sequence: Found = { status: "passed", failedGames: new Set() };
  for (const [i, r] of b.rolls.entries()) {
    if (r.nonce !== i || r.game < previousGame || r.game > b.chainLength) {
      sequence = { status: "failed", failedGames: from(r.game) };
      break;
    }
    previousGame = r.game;
  }
  set("nonce-sequence", sequence);

  // Each game's rolls carrying each player's value, in log order: contributions 1, 2, …
  const byGame = new Map<number, Record<Color, Roll[]>>();
  const firstNonce = new Map<number, number>();
  for (const r of b.rolls) {
    if (!byGame.has(r.game)) byGame.set(r.game, { white: [], black: [] });
    if (!firstNonce.has(r.game)) firstNonce.set(r.game, r.nonce);
    for (const c of COLORS) if (r.values[c] !== undefined) byGame.get(r.game)![c].push(r);
  }

  // 5. chain-heads
  {
    const { fail, result } = collector("chain-heads");
    const lastRolled = b.rolls.length ? b.rolls[b.rolls.length - 1]!.game : 0;
    for (const k of Object.keys(b.chains).map(Number)) if (!byGame.has(k) && k !== lastRolled + 1) fail(k, undefined);
    for (const [game, rolls] of byGame) {
      for (const c of COLORS) {
        const heads = b.chains[String(game)]?.[c];
        const first = firstNonce.get(game)!;
        if (c === b.computer) {
          if (heads !== undefined) fail(game, first, c);
          continue;
        }
        const due = Math.floor(rolls[c].length / M) + 1;
        if (heads === undefined || heads.some((h) => !HEX64.test(h)) || heads.length > due) fail(game, first, c);
        else if (heads.length < due) fail(game, rolls[c][heads.length * M - 1]!.nonce, c);
      }
    }
    set("chain-heads", result("passed"));
  }

  // 6. chain-values
  {
    const { fail, result } = collector("chain-values");
    let waiting = false;
    for (const [game, rolls] of byGame) {
      for (const c of COLORS) {
        const seed = seeds.get(game);
        if (c === b.computer) {
          if (seed === undefined) waiting ||= rolls[c].length > 0;
          else {
            const wrong = rolls[c].findIndex((r, i) => r.values[c] !== hmac(seed, `computer-value:${i + 1}`).digest("hex"));
            if (wrong >= 0) fail(game, rolls[c][wrong]!.nonce, c);
          }
          continue;
        }
        const heads = b.chains[String(game)]?.[c];
        if (heads === undefined) continue;
        let previous: string | undefined;
        for (const [i, r] of rolls[c].entries()) {
          const before = i % M === 0 ? heads[i / M] : previous;
          if (before === undefined || sha(r.values[c]!) !== before) {
            fail(game, r.nonce, c);
            break;
          }
          previous = r.values[c];
        }
      }
    }
    set("chain-values", result(waiting ? "not-yet-revealed" : "passed"));
  }

  // 7. contributions
  const badRolls = new Set<Roll>();
  {
    const { fail, result } = collector("contributions");
    const seatWrong = b.seats !== undefined && COLORS.some((c) => (b.seats![c]?.kind === "computer") !== (b.computer === c));
    if (seatWrong) set("contributions", { status: "failed", failedGames: new Set(rollGames), where: { check: "contributions" } });
    else {
      let waiting = false;
      for (const r of b.rolls) {
        const salts = COLORS.filter((c) => r.salts[c] !== undefined);
        const values = COLORS.filter((c) => r.values[c] !== undefined);
        let wrong: string | null | undefined;
        if (r.kind === "opening") {
          if (salts.length > 0) wrong = salts[0];
          else if (values.length !== 2) wrong = r.values.white === undefined ? "white" : "black";
        } else if (r.player === null) wrong = null;
        else if (salts.length !== 1 || salts[0] !== r.player) wrong = r.player;
        else if (values.length !== 1 || values[0] !== other(r.player)) wrong = other(r.player);
        else if (!SALT.test(r.salts[r.player]!)) wrong = r.player;
        if (wrong === undefined) wrong = values.find((c) => !HEX64.test(r.values[c]!));
        if (wrong === undefined && r.kind === "turn" && r.player !== null && r.player === b.computer) {
          const seed = seeds.get(r.game);
          if (seed === undefined) waiting = true;
          else if (r.salts[r.player] !== hmac(seed, `computer-salt:${r.nonce}`).digest("hex").slice(0, 32)) wrong = r.player;
        }
        if (wrong === undefined) continue;
        badRolls.add(r);
        fail(r.game, r.nonce, wrong ?? undefined);
      }
      set("contributions", result(waiting ? "not-yet-revealed" : "passed"));
    }
  }

  // 8. rolls-recomputed
  {
    const clientSeed = `${b.clientSeeds.white}:${b.clientSeeds.black}`;
    const failedGames = new Set<number>();
    let where: OutsideFailure | undefined;
    let unknown = false;
    for (const r of b.rolls) {
      const seed = seeds.get(r.game);
      if (seed === undefined) unknown = true;
      if (seed === undefined || badRolls.has(r)) continue;
      const parts = r.kind === "opening" ? `${r.values.white}:${r.values.black}` : `${r.salts[r.player!]}:${r.values[other(r.player!)]}`;
      const [d1, d2] = dice(seed, `${clientSeed}:${r.nonce}:${parts}`);
      if (d1 === r.dice[0] && d2 === r.dice[1]) continue;
      failedGames.add(r.game);
      where ??= { check: "rolls-recomputed", game: r.game, nonce: r.nonce, ...(r.player !== null && { player: r.player }) };
    }
    set("rolls-recomputed", where ? { status: "failed", failedGames, where } : { status: unknown ? "not-yet-revealed" : "passed", failedGames });
  }

  // 9. opening-resolution: v2's check 6
  {
    let game = 0;
    let phase: "awaiting" | "tie" | "started" = "awaiting";
    let next: Color = "white";
    let failedAt: Roll | undefined;
    let tie: Roll | undefined;
    for (const r of b.rolls) {
      if (r.game !== game) {
        if (r.game !== game + 1 || phase === "tie") {
          failedAt = r;
          break;
        }
        game = r.game;
        phase = "awaiting";
      }
      if (r.kind === "opening") {
        if (r.player !== null || phase === "started") {
          failedAt = r;
          break;
        }
        if (r.dice[0] === r.dice[1]) [phase, tie] = ["tie", r];
        else [phase, next] = ["started", r.dice[0] > r.dice[1] ? "black" : "white"];
        continue;
      }
      if (r.player === null || phase !== "started" || r.player !== next) {
        failedAt = r;
        break;
      }
      next = other(r.player);
    }
    if (!failedAt && b.end?.reason === "finished" && phase === "tie") failedAt = tie;
    set("opening-resolution", failedAt ? { status: "failed", failedGames: from(failedAt.game) } : { status: "passed", failedGames: new Set() });
  }

  // 10. record-dice: v2's check 7
  {
    const given = options.record !== undefined ? options.record : b.record;
    if (given === undefined) set("record-dice", { status: "skipped", failedGames: new Set() });
    else {
      const readable =
        Array.isArray(given) &&
        given.every((t) => isObj(t) && isInt(t.game, 1) && (t.player === "white" || t.player === "black") && Array.isArray(t.dice) && t.dice.length === 2 && t.dice.every((d: unknown) => isInt(d, 1) && (d as number) <= 6));
      if (!readable) set("record-dice", { status: "failed", failedGames: from(1) });
      else {
        const turns = b.rolls.filter((r) => r.kind === "turn" || r.dice[0] !== r.dice[1]).map((r) => ({ game: r.game, player: r.kind === "turn" ? r.player : r.dice[0] > r.dice[1] ? "white" : "black", dice: r.dice }));
        const record = given as { game: number; player: Color; dice: number[] }[];
        let failedGame: number | undefined;
        for (let i = 0; i < Math.max(turns.length, record.length) && failedGame === undefined; i++) {
          const t = turns[i];
          const e = record[i];
          if (!t) failedGame = e!.game;
          else if (!e || e.game !== t.game || e.player !== t.player || e.dice[0] !== t.dice[0] || e.dice[1] !== t.dice[1]) failedGame = t.game;
        }
        set("record-dice", failedGame === undefined ? { status: "passed", failedGames: new Set() } : { status: "failed", failedGames: from(failedGame) });
      }
    }
  }

  // 11. completeness: v2's check 9
  {
    const end = b.end === undefined && b.signature !== undefined ? null : b.end;
    const lastGame = b.rolls.length ? b.rolls[b.rolls.length - 1]!.game : 0;
    let failedGame: number | undefined;
    if (end === undefined) set("completeness", { status: "skipped", failedGames: new Set() });
    else {
      if (end === null) failedGame = b.serverSeed !== null ? 1 : undefined;
      else if (b.serverSeed === null) failedGame = 1;
      else if (end.rolls !== b.rolls.length) failedGame = lastGame || 1;
      else if (end.games !== lastGame) failedGame = Math.min(lastGame, end.games) || 1;
      else {
        const mustHave = end.reason === "finished" ? end.games : end.games - 1;
        for (let k = 1; k <= mustHave && failedGame === undefined; k++) if (!(String(k) in b.gameSeeds)) failedGame = k;
        if (failedGame === undefined && (end.reason === "finished" || end.reason === "timeout")) {
          if (end.winner === null) failedGame = end.games || 1;
          else if (end.reason === "finished" && (end.score[end.winner] < b.matchLength || end.score[other(end.winner)] >= b.matchLength)) failedGame = end.games || 1;
        }
      }
      set("completeness", failedGame === undefined ? { status: "passed", failedGames: new Set() } : { status: "failed", failedGames: from(failedGame) });
    }
  }

  // 12. record-moves: v2's check 10
  if (b.recordDigest === undefined || b.recordLines === undefined) set("record-moves", { status: "skipped", failedGames: new Set() });
  else set("record-moves", sha(b.recordLines.map((line) => `${line}\n`).join("")) === b.recordDigest ? { status: "passed", failedGames: new Set() } : { status: "failed", failedGames: new Set(allGames) });

  // 13. forwarded-salts
  if (options.browser) {
    const browser = options.browser;
    const { fail, result } = collector("forwarded-salts");
    for (const r of b.rolls) {
      const made = browser.salts[String(r.nonce)];
      const shown = browser.shownSalts[String(r.nonce)];
      if (made !== undefined && r.salts[browser.player] !== made) fail(r.game, r.nonce, browser.player);
      if (shown !== undefined && r.salts[other(browser.player)] !== shown) fail(r.game, r.nonce, other(browser.player));
    }
    for (const [k, heads] of Object.entries(browser.heads)) {
      for (const c of COLORS) {
        if (heads[c] !== undefined && (b.chains[k]?.[c] ?? []).join(",") !== heads[c]!.join(",")) fail(Number(k), undefined, c);
      }
    }
    set("forwarded-salts", result("passed"));
  }

  const checks = [{ id: "bundle-format", status: "passed" as Status }, ...ids.map((id) => ({ id, status: found.get(id)!.status }))];
  const failed = new Set(ids.flatMap((id) => [...found.get(id)!.failedGames]));
  const unvouched = ["signature", "completeness", "record-dice", "record-moves"].some((id) => found.get(id)!.status === "skipped");
  const games = Object.fromEntries(allGames.map((g) => [String(g), failed.has(g) ? "failed" : !seeds.has(g) ? "not-yet-revealed" : unvouched ? "incomplete" : "verified"]));
  const statuses = new Set(checks.map((c) => c.status));
  let verdict = "verified";
  if (statuses.has("failed")) verdict = "failed";
  else if (b.serverSeed === null || statuses.has("not-yet-revealed")) verdict = "not-yet-revealed";
  else if (statuses.has("skipped")) verdict = "incomplete";
  const failures = ids.filter((id) => found.get(id)!.status === "failed").map((id) => found.get(id)!.where ?? { check: id });
  return { verdict, checks, failures, games };
}

const OWN_CHECKS = new Set(["chain-heads", "chain-values", "contributions", "rolls-recomputed", "forwarded-salts"]);

/** Failures to compare with another verifier's: where, for v3's own checks (section 7); only the check for v2's. */
export function comparableFailures(failures: readonly OutsideFailure[]): OutsideFailure[] {
  return failures.map((f) => (OWN_CHECKS.has(f.check) ? f : { check: f.check }));
}
