import { describe, expect, it } from "vitest";
import { verifyV3 } from "@/lib/dice/verify-v3";
import type { Color } from "@/lib/engine/types";
import { currentLegalPlays } from "@/lib/engine/match-queries";
import { owedContributions } from "@/lib/match/contributions";
import { decide } from "@/lib/match/decide";
import type { MatchCommand, Participant } from "@/lib/match/commands";
import { ALICE, BOB, CLIENT_SEEDS, COMPUTER, v3Context, v3Salt } from "@/lib/match/fixtures/v3-match";
import { emptyMatchView, type MatchView } from "@/lib/match/view";
import { contributionStep, type ContributionRequest } from "./contributions-sender";
import { keptChains, type KeptChains, type KeyValueStore } from "./kept-chains";
import { contributionSender } from "./contribution-sends";

function fakeStorage(): KeyValueStore {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

/** The audit bundle's fields the checks read, as the server would serve them for `view` (its seeds still secret). */
function bundleOf(view: MatchView) {
  return {
    protocol: "fair-dice-v3",
    matchId: view.matchId,
    matchLength: view.matchLength,
    chainLength: 5,
    commitment: "c".repeat(64),
    gameSeeds: {},
    serverSeed: null,
    clientSeeds: CLIENT_SEEDS,
    computer: null,
    chains: view.chains,
    rolls: view.rolls,
  };
}

/** What the server does with a page's request: the command it decides. */
function commandOf(request: ContributionRequest): MatchCommand {
  if (request.command === "match:chain") return { type: "play", play: { type: "commit-chain", game: request.payload.game, head: request.payload.head } };
  const { nonce, value, nextHead } = request.payload;
  return { type: "play", play: { type: "reveal", nonce, value, ...(nextHead !== undefined && { nextHead }) } };
}

/**
 * A 3-point match played through `decide`, each person's browser answering only what contributionStep asks of it
 * (the computer's answers nothing), until `until` says stop; `sent` lists every request a browser made.
 */
function play(options: { computer?: boolean; until: (view: MatchView) => boolean }) {
  const black: Participant = options.computer ? COMPUTER : BOB;
  const actorOf = (color: Color) => (color === "white" ? ALICE : black);
  const browsers: Partial<Record<Color, KeptChains>> = { white: keptChains("m1", fakeStorage()), ...(!options.computer && { black: keptChains("m1", fakeStorage()) }) };
  const sent: { color: Color; request: ContributionRequest }[] = [];
  let view = emptyMatchView("m1");
  let now = 1_000_000;
  const run = (command: MatchCommand, actor: Participant | null) => {
    now += 1000;
    const decision = decide(view, command, v3Context(view, actor, now));
    if (!decision.ok) throw new Error(`${command.type}: ${decision.code}`);
    view = decision.view;
    return decision.events.length > 0;
  };
  run({ type: "create", matchLength: 3, visibility: "public", timeControl: null, rated: false, color: "white", commitment: "c", chainLength: 5, protocol: "fair-dice-v3", opponent: black }, ALICE);
  run({ type: "seed", clientSeed: CLIENT_SEEDS.black, commitment: "c" }, black);
  run({ type: "seed", clientSeed: CLIENT_SEEDS.white, commitment: "c" }, ALICE);
  for (let step = 0; step < 3000 && !view.ended && !options.until(view); step++) {
    const asked = (["white", "black"] as const).flatMap((color) => {
      const kept = browsers[color];
      const { request, problem } = kept ? contributionStep(view, color, kept) : { request: null, problem: null };
      if (problem) throw new Error(`${color}'s browser names ${problem.kind}`);
      return request ? [{ color, request }] : [];
    });
    if (asked.length > 0) {
      for (const { color, request } of asked) {
        sent.push({ color, request });
        run(commandOf(request), actorOf(color));
      }
      continue;
    }
    if (run({ type: "settle" }, null)) continue;
    const turn = view.state.turn!;
    const actor = actorOf(turn);
    if (view.state.phase === "turn-start") {
      run({ type: "play", play: { type: "roll", ...(actor.kind !== "computer" && { salt: v3Salt(turn, view.rolls.length) }), nonce: view.rolls.length } }, actor);
      continue;
    }
    const legal = currentLegalPlays(view.state)[0];
    if (!legal) throw new Error(`stuck at version ${view.version}: ${view.state.phase}, turn ${turn}, pending ${JSON.stringify(view.pendingRoll)}, owed ${JSON.stringify(owedContributions(view))}`);
    run({ type: "play", play: { type: "move", moves: legal.moves.map(({ from, to }) => ({ from, to })) } }, actor);
  }
  return { view: () => view, browsers, sent };
}

describe("contributionStep", () => {
  it("plays a whole match between two browsers: each game's heads first, then every opening value and every answer", () => {
    const { view, sent } = play({ until: () => false });
    const rolls = view().rolls;
    expect(view().ended).not.toBeNull();
    const games = view().state.gameNumber;
    expect(games).toBeGreaterThan(1);
    expect(sent.filter((s) => s.request.command === "match:chain")).toHaveLength(2 * games);
    // Each turn roll's value came from the roller's opponent's browser, as it sent it.
    for (const roll of rolls.filter((r) => r.kind === "turn")) {
      const answer = sent.find((s) => s.request.key === `reveal:${roll.nonce}`)!;
      expect(answer.color).not.toBe(roll.player);
      expect(roll.values?.[answer.color]).toBe(answer.request.command === "match:reveal" ? answer.request.payload.value : null);
    }
  });

  it("against the computer only the person's browser sends, in both directions", () => {
    const { view, sent } = play({ computer: true, until: (v) => v.rolls.length >= 8 });
    expect(view().rolls).toHaveLength(8);
    expect(new Set(sent.map((s) => s.color))).toEqual(new Set(["white"]));
    expect(view().rolls.filter((r) => r.kind === "turn" && r.player === "black").every((r) => r.values?.white !== undefined)).toBe(true);
  });

  it("sends the same request again for the same view (a reconnection)", () => {
    const { view, browsers } = play({ until: (v) => v.pendingRoll?.salt != null });
    const roller = view().pendingRoll!.roller!;
    const answerer = roller === "white" ? "black" : "white";
    const first = contributionStep(view(), answerer, browsers[answerer]!).request;
    expect(first?.command).toBe("match:reveal");
    expect(contributionStep(view(), answerer, browsers[answerer]!).request).toEqual(first);
  });

  it("a server that forwards a false salt: the opponent's browser names it", () => {
    const { view, browsers } = play({ until: (v) => v.pendingRoll?.salt != null });
    const asked = view();
    const { nonce, roller } = asked.pendingRoll!;
    const opponent: Color = roller === "white" ? "black" : "white";
    const browser = browsers[opponent]!;
    const answer = contributionStep(asked, opponent, browser);
    expect(answer.problem).toBeNull();
    expect(answer.request?.key).toBe(`reveal:${nonce}`);
    // The server shows the roll again, now with another salt of the roller (one it could grind against the value).
    const forged = "0123456789abcdef".repeat(2);
    const again = contributionStep({ ...asked, version: asked.version + 1, pendingRoll: { ...asked.pendingRoll!, salt: forged } }, opponent, browser);
    expect(again.problem).toEqual({ kind: "forwardedSalt", nonce, kept: asked.pendingRoll!.salt, shown: forged });
    // It still answers, with the same value: never a new one.
    expect(again.request).toEqual(answer.request);
    // The roll is made with the salt it was shown; the log then holds another one for it (re-signed by the site).
    const made = decide(asked, commandOf(answer.request!), v3Context(asked, opponent === "white" ? ALICE : BOB, 2_000_000));
    if (!made.ok) throw new Error(made.code);
    const logged = made.view.rolls[nonce]!;
    expect(logged.salts?.[roller!]).toBe(asked.pendingRoll!.salt);
    const rewritten: MatchView = { ...made.view, rolls: made.view.rolls.map((r) => (r.nonce === nonce ? { ...r, salts: { [roller!]: forged } } : r)) };
    expect(contributionStep(rewritten, opponent, browser).problem).toEqual({ kind: "forwardedSalt", nonce, kept: asked.pendingRoll!.salt, shown: forged });
    // And the verifier panel, given what this browser kept, names it too; the honest log passes.
    const kept = { player: opponent, salts: new Map<number, string>(), shownSalts: browser.shownSalts(), heads: browser.heads() };
    const forwarded = (v: MatchView) => verifyV3(bundleOf(v), undefined, { browser: kept }).checks.find((c) => c.id === "forwarded-salts")!;
    expect(forwarded(made.view).status).toBe("passed");
    expect(forwarded(rewritten)).toMatchObject({ status: "failed", nonce, say: { key: "failForwardedSalt", values: { player: roller, kept: asked.pendingRoll!.salt, logged: forged } } });
  });
});

describe("contributionSender (the page's sends, as its store changes)", () => {
  it("keeps one request in flight, sends it again only after a reconnection, and then the same one", async () => {
    const { view, browsers } = play({ until: (v) => v.status === "playing" });
    const calls: { command: string; payload: unknown }[] = [];
    const answers: (() => void)[] = [];
    const run = ((command: string, payload: unknown) => {
      calls.push({ command, payload });
      return new Promise((resolve) => answers.push(() => resolve({ ok: false, code: "ERR_NO_ANSWER" })));
    }) as Parameters<typeof contributionSender>[0];
    const problems: unknown[] = [];
    const send = contributionSender(run, (problem) => problems.push(problem), () => browsers.white!);
    const page = { view: view(), you: "white" as const, connection: "online" as const, breakOver: 0 };
    send(page);
    send(page);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ command: "match:chain", payload: { matchId: "m1", game: 1 } });
    answers.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Answered (here: lost) at this version: not again until the match moves or the connection comes back.
    send(page);
    expect(calls).toHaveLength(1);
    send({ ...page, connection: "offline" });
    send(page);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(calls[0]);
    // A spectator's page sends nothing.
    send({ ...page, you: null });
    expect(calls).toHaveLength(2);
    expect(problems).toEqual([]);
  });
});

