/**
 * The Python check in docs/provably-fair.md (the player's guide), run as a player would run it: copied out of the
 * guide into a file and given bundles our code produced — fair-dice-v1, and fair-dice-v2 signed as the site signs them
 * (with a key list file, or the list downloaded from a URL), unsigned, signed with a key the list does not have,
 * tampered, and forged (a salt ground with the revealed seed until the dice change, roll and salt rewritten).
 */
import { execFile, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  combineClientSeeds,
  createSaltedRoller,
  gameSeedsOf,
  keyIdOf,
  PROOF_KEYS_FORMAT,
  proofPublicKeyOf,
  signSimulated,
  simulateMatchV2,
  type AuditBundleV2,
  type ProofEnd,
  type RecordTurn,
  type SeatColor,
} from "@/lib/dice";
import { CLIENT_SEEDS, keyEntry, SEED, scratchFiles, v1Played, withChangedDie } from "./verifier-inputs";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const { file } = scratchFiles("guide-python-");
const { bundle } = v1Played;
const paths = { bundle: file("bundle.json", bundle), tampered: file("tampered.json", withChangedDie(bundle, 23)) };

// The site's signing key (a throwaway one) and its key list; another key, which the list does not have.
const SITE_KEY = new Uint8Array(randomBytes(32));
const OTHER_KEY = new Uint8Array(randomBytes(32));
const keyList = { format: PROOF_KEYS_FORMAT, keys: [keyEntry(SITE_KEY)] };
const keysPath = file("keys.json", keyList);

type Mutable = { rolls: { nonce: number; game: number; kind: string; player: SeatColor | null; salts: Partial<Record<SeatColor, string>>; dice: [number, number] }[]; recordLines: string[]; signature?: unknown };
const copy = (value: unknown): Mutable => JSON.parse(JSON.stringify(value)) as Mutable;

/** A simulated bundle as the site serves it (lib/dice's signSimulated): seats, end, record lines and digest, signed with `key`. */
function signed(simulated: { bundle: AuditBundleV2; record: RecordTurn[] }, end: ProofEnd | null, key = SITE_KEY): AuditBundleV2 {
  const b = simulated.bundle;
  const seat = (color: SeatColor) => (b.computer === color ? { kind: "computer" as const, id: "computer-2ply", name: "Computer (2-ply)" } : { kind: "person" as const, id: `u-${color}`, name: color === "white" ? "Zoë" : "bob" });
  return signSimulated(simulated, { end, privateKey: key, seats: { white: seat("white"), black: seat("black") } });
}

const finishedEnd = (b: AuditBundleV2, games: number): ProofEnd => ({ reason: "finished", winner: "white", score: { white: 5, black: 1 }, games, rolls: b.rolls.length });

/** Tries salts until a human's turn roll comes out as `wanted`: what anyone holding the revealed seed can do. */
function grindSalt(gameSeed: string, roll: Mutable["rolls"][number], wanted: readonly [number, number]): string {
  const roller = createSaltedRoller(gameSeed, combineClientSeeds(CLIENT_SEEDS.white, CLIENT_SEEDS.black));
  for (let attempt = 0; ; attempt++) {
    const salt = randomBytes(16).toString("hex");
    const dice = roller.roll(roll.nonce, { [roll.player!]: salt });
    if (dice[0] === wanted[0] && dice[1] === wanted[1]) return salt;
  }
}

/** A turn roll of game 2 rewritten as 6-6, with a salt ground to give it: every roll still recomputes. */
function forge(from: AuditBundleV2): Mutable {
  const forged = copy(from);
  const turn = forged.rolls.find((r) => r.game === 2 && r.kind === "turn" && !(r.dice[0] === 6 && r.dice[1] === 6))!;
  turn.salts = { [turn.player!]: grindSalt(gameSeedsOf(SEED, 9)[1]!, turn, [6, 6]) };
  turn.dice = [6, 6];
  return forged;
}

describe("the Python check in docs/provably-fair.md", () => {
  const hasPython = spawnSync("python3", ["--version"]).status === 0;
  // Signatures need the `cryptography` package (CI installs Debian's python3-cryptography); fair-dice-v1 does not.
  const hasCryptography = spawnSync("python3", ["-c", "import cryptography"]).status === 0;
  const guide = readFileSync(join(repoRoot, "docs/provably-fair.md"), "utf8");
  const snippet = /```python\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
  const script = file("check.py", snippet);
  const check = (path: string, keys: string | null = keysPath) => spawnSync("python3", [script, path, ...(keys === null ? [] : [keys])], { encoding: "utf8" });

  const v2 = simulateMatchV2({ serverSeed: SEED, clientSeeds: CLIENT_SEEDS, matchLength: 5, games: 3, turnsPerGame: 10 });
  const v2Signed = signed(v2, finishedEnd(v2.bundle, 3));
  const v2Running = simulateMatchV2({ serverSeed: SEED, clientSeeds: CLIENT_SEEDS, matchLength: 5, games: 3, turnsPerGame: 10, endedGames: 2, revealed: false });
  const v2Tampered = copy(v2Signed);
  v2Tampered.rolls[17]!.dice[0] = (v2Tampered.rolls[17]!.dice[0] % 6) + 1;
  const v2ComputerPlay = simulateMatchV2({ serverSeed: SEED, clientSeeds: CLIENT_SEEDS, matchLength: 5, games: 2, turnsPerGame: 10, computer: "black" });
  const v2Computer = signed(v2ComputerPlay, finishedEnd(v2ComputerPlay.bundle, 2));
  const v2ComputerChosen = copy(v2Computer);
  v2ComputerChosen.rolls.find((roll) => roll.player === "black")!.salts.black = "0123456789abcdef0123456789abcdef";
  const v2MoveChanged = copy(v2Signed);
  v2MoveChanged.recordLines[1] = v2MoveChanged.recordLines[1]!.replace(/ -$/, " 24/21 13/12");
  const v2Paths = {
    computer: file("v2-computer.json", v2Computer),
    computerChosen: file("v2-computer-chosen.json", v2ComputerChosen),
    bundle: file("v2.json", v2Signed),
    running: file("v2-running.json", signed(v2Running, null)),
    tampered: file("v2-tampered.json", v2Tampered),
    unsigned: file("v2-unsigned.json", v2.bundle),
    forged: file("v2-forged.json", forge(v2Signed)),
    forgedUnsigned: file("v2-forged-unsigned.json", forge(v2.bundle)),
    otherKey: file("v2-other-key.json", signed(v2, finishedEnd(v2.bundle, 3), OTHER_KEY)),
    moveChanged: file("v2-move-changed.json", v2MoveChanged),
  };
  const okLine = (rolls: number, waiting = 0) => `OK: ${rolls} rolls recomputed, ${waiting} waiting for their game's seed, 0 mismatch(es).`;

  it("is in the guide", () => {
    expect(snippet).toContain("def roll(key, message):");
    expect(snippet).toContain("def statement(b, key_id):");
  });

  it.skipIf(!hasPython)("accepts a fair-dice-v1 bundle our code produced (v1 has no signatures)", () => {
    for (const keys of [keysPath, null]) {
      const result = check(paths.bundle, keys);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(`${okLine(bundle.rolls.length)}\n`);
    }
  });

  // Changed files the check refuses (exit status 1), each with what its output must say: a string it contains, or a
  // pattern it matches.
  const refused: { what: string; runs: boolean; path: string; says: (string | RegExp)[] }[] = [
    {
      what: "rejects the fair-dice-v1 bundle with a changed roll, at its nonce",
      runs: hasPython,
      path: paths.tampered,
      says: ["MISMATCH: the roll at nonce 23 (game ", "FAILED: 80 rolls recomputed, 0 waiting for their game's seed, 1 mismatch(es)."],
    },
    {
      what: "rejects the fair-dice-v2 bundle with a changed die, naming its nonce and game, and the signature",
      runs: hasCryptography,
      path: v2Paths.tampered,
      says: [
        `MISMATCH: the roll at nonce 17 (game ${v2Tampered.rolls[17]!.game}) is logged as`,
        `MISMATCH: the signature by ${keyList.keys[0]!.keyId} does not fit this file: it was changed after signing.`,
        /FAILED: .* 2 mismatch\(es\)\.\n$/,
      ],
    },
    {
      what: "names a move rewritten with its dice unchanged: the record's lines no longer have the signed digest",
      runs: hasCryptography,
      path: v2Paths.moveChanged,
      says: ["MISMATCH: the game record's lines are not the ones the site signed (their SHA-256 is not recordDigest).", "SIGNED: by "],
    },
  ];
  for (const { what, runs, path, says } of refused) {
    it.skipIf(!runs)(what, () => {
      const result = check(path);
      expect(result.status).toBe(1);
      // toMatch with a string asks for it anywhere in the output, as toContain does.
      for (const said of says) expect(result.stdout).toMatch(said);
    });
  }

  it.skipIf(!hasCryptography)("accepts a signed fair-dice-v2 bundle, saying what the signature proves, and counts a running game's rolls as waiting", () => {
    const finished = check(v2Paths.bundle);
    expect(finished.stderr).toBe("");
    expect(finished.status).toBe(0);
    expect(finished.stdout).toBe(`SIGNED: by ${keyList.keys[0]!.keyId}: the site logged exactly these rolls, salts, seats, end and record.\n${okLine(v2.bundle.rolls.length)}\n`);
    const running = check(v2Paths.running);
    const waiting = v2Running.bundle.rolls.filter((roll) => roll.game === 3).length;
    expect(running.status).toBe(0);
    expect(running.stdout).toContain("SIGNED: by ");
    expect(running.stdout).toContain(okLine(v2Running.bundle.rolls.length - waiting, waiting));
  });

  it.skipIf(!hasCryptography)("downloads the site's key list from a URL", async () => {
    const server: Server = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(keyList)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/fairness/keys`;
      // Asynchronously: this process serves the key list while the script runs.
      const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile("python3", [script, v2Paths.bundle, url], { encoding: "utf8" }, (error, out) => resolve({ code: error ? Number(error.code) : 0, stdout: out }));
      });
      expect(code).toBe(0);
      expect(stdout).toContain("SIGNED: by ");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.skipIf(!hasCryptography)("rejects a forged roll — a salt ground after the reveal, roll and salt rewritten — by its signature alone", () => {
    const result = check(v2Paths.forged);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`MISMATCH: the signature by ${keyList.keys[0]!.keyId} does not fit this file: it was changed after signing.\nFAILED: ${v2.bundle.rolls.length} rolls recomputed, 0 waiting for their game's seed, 1 mismatch(es).\n`);
    expect(result.stdout).not.toContain("OK");
  });

  it.skipIf(!hasCryptography)("does not verify an unsigned fair-dice-v2 bundle, even when every roll recomputes", () => {
    for (const path of [v2Paths.unsigned, v2Paths.forgedUnsigned]) {
      const result = check(path);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe(
        `UNSIGNED: the rolls follow from the seeds and salts, but nothing shows none was rewritten after the reveal.\nINCOMPLETE: ${v2.bundle.rolls.length} rolls recomputed, 0 waiting for their game's seed, 0 mismatch(es).\n`,
      );
    }
  });

  it.skipIf(!hasCryptography)("does not verify a bundle signed with a key the key list does not have, or without a key list", () => {
    const impostorList = file("impostor-keys.json", { format: PROOF_KEYS_FORMAT, keys: [keyEntry(OTHER_KEY, keyList.keys[0]!.keyId)] });
    for (const [path, keys, keyId] of [
      [v2Paths.otherKey, keysPath, keyIdOf(proofPublicKeyOf(OTHER_KEY))],
      [v2Paths.bundle, null, keyList.keys[0]!.keyId],
      // Another key listed under the site's key id: dropped, since a key's id is the start of its own SHA-256.
      [v2Paths.bundle, impostorList, keyList.keys[0]!.keyId],
    ] as const) {
      const result = check(path, keys);
      expect(result.status).toBe(2);
      expect(result.stdout).toContain(`UNKNOWN KEY: the file is signed with ${keyId}, a key not in the key list given after it.`);
      expect(result.stdout).toMatch(/\nINCOMPLETE: .* 0 mismatch\(es\)\.\n$/);
    }
  });

  it.skipIf(!hasCryptography)("accepts a match against the computer, and names a computer's salt the seeds did not give", () => {
    expect(check(v2Paths.computer).status).toBe(0);
    const chosen = check(v2Paths.computerChosen);
    expect(chosen.status).toBe(1);
    expect(chosen.stdout).toMatch(/MISMATCH: the computer's salt at nonce \d+ \(game 1\) is not the one its game's seed gives\./);
  });
});

describe("the signature lines of docs/fair-dice-v2.md, section 9", () => {
  const hasCryptography = spawnSync("python3", ["-c", "import cryptography"]).status === 0;
  const spec = readFileSync(join(repoRoot, "docs/fair-dice-v2.md"), "utf8");
  const blocks = [...spec.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
  const lines = blocks.find((block) => block.includes("def check_signature")) ?? "";

  it("are in the document", () => {
    expect(lines).toContain("def statement(b, key_id):");
  });

  it.skipIf(!hasCryptography)("rebuild the vectors' statement and accept its signature, and refuse a changed roll", () => {
    const script = file(
      "section9.py",
      `${lines}
import json, sys
from cryptography.exceptions import InvalidSignature
v = json.load(open(sys.argv[1]))
b = next(x["bundle"] for x in v["bundles"] if x["label"] == "finished")
keys = {k["keyId"]: k["publicKey"] for k in v["keys"]["keys"]}
assert statement(b, b["signature"]["keyId"]) == v["statement"]["text"]
check_signature(b, keys)
b["rolls"][3]["dice"] = [6, 6]
try:
    check_signature(b, keys)
    print("accepted a forgery")
except InvalidSignature:
    print("ok")
`,
    );
    const result = spawnSync("python3", [script, join(repoRoot, "lib/dice/fixtures/fair-dice-v2.vectors.json")], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.stdout.trim()).toBe("ok");
  });
});
