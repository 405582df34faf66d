/**
 * The tournament aggregate's one decision: a whole knockout driven by commands and settle alone — people's commands,
 * the shell's reports of matches made and ended, and what settle finds due — with every stored event passing its
 * zod schema; creation's bounds; idempotent reports; a no-show's forfeit once its seeds are known; nextDueAt.
 */
import { describe, expect, it } from "vitest";
import type { AccountKind } from "../access/may";
import { TOURNAMENT_LIMITS, mayCreateTournament, settingsFrom, type TournamentRequest } from "./creation";
import { decideTournament, lateMatches, matchesToMake, nextDueAt, type Seeded, type TournamentCommand, type TournamentContext } from "./decide";
import { drawCommitment } from "./draw";
import { tournamentEventSchema } from "./event-schemas";
import { emptyTournament, evolveTournament, type TournamentView } from "./tournament";

const SEED = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const request: TournamentRequest = { name: "Club night", format: "knockout", matchLength: 3, timeControl: { reserveMs: 300_000, delayMs: 0 }, rated: false, maxPlayers: 4, closesAt: 10_000, startsAt: 20_000, noShowMinutes: 1 };

function context(now: number, actor: { id: string; kind?: AccountKind } | null, seeded: Record<string, Seeded> = {}): TournamentContext {
  return { now, actor: actor && { player: { id: actor.id, name: `name-${actor.id}` }, kind: actor.kind ?? "registered" }, drawSeed: () => SEED, seeded: (id) => seeded[id] ?? null };
}

/** Decides and folds, as the kernel does, checking each event against the stored-event schema. */
function run(view: TournamentView, command: TournamentCommand, ctx: TournamentContext): TournamentView {
  const decision = decideTournament(view, command, ctx);
  if (!decision.ok) throw new Error(`${command.type}: ${decision.code} ${JSON.stringify(decision.values)}`);
  for (const event of decision.events) expect(tournamentEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
  return decision.events.reduce(evolveTournament, view);
}

function settled(view: TournamentView, ctx: TournamentContext): TournamentView {
  for (let i = 0; i < 100; i++) {
    const next = run(view, { type: "settle" }, ctx);
    if (next.version === view.version) return view;
    view = next;
  }
  throw new Error("did not settle");
}

function openTournament(players: number): TournamentView {
  let view = run(emptyTournament("t1"), { type: "create", request, commitment: drawCommitment(SEED), mayCreate: true }, context(0, { id: "boss" }));
  for (let i = 1; i <= players; i++) view = run(view, { type: "register" }, context(500, { id: `u${i}` }));
  return view;
}

describe("decideTournament", () => {
  it("runs a knockout from create to winner on commands and settle alone", async () => {
    let view = openTournament(4);
    expect(run(view, { type: "settle" }, context(9_999, null)).version).toBe(view.version);
    view = settled(view, context(10_000, null));
    expect(view.status).toBe("closed");
    view = settled(view, context(20_000, null));
    expect(view.status).toBe("running");
    expect(matchesToMake(view, 20_000)).toHaveLength(2);
    for (const pairing of matchesToMake(view, 20_000)) view = run(view, { type: "match-made", ...pairing, matchId: `m${pairing.round}-${pairing.index}` }, context(20_000, null));
    // Reported twice (a crash between make and record, another node): recorded once.
    const again = decideTournament(view, { type: "match-made", round: 1, index: 0, matchId: "m1-0" }, context(20_001, null));
    expect(again).toEqual({ ok: true, events: [] });
    for (const index of [0, 1]) view = run(view, { type: "match-ended", matchId: `m1-${index}`, winner: "white", abandoned: false, seeded: { white: true, black: true } }, context(30_000, null));
    expect(run(view, { type: "match-ended", matchId: "m1-0", winner: "black", abandoned: false, seeded: { white: true, black: true } }, context(30_001, null)).version).toBe(view.version);
    view = settled(view, context(30_000, null));
    expect(view.rounds).toHaveLength(2);
    const [final] = matchesToMake(view, 30_000);
    view = run(view, { type: "match-made", round: 2, index: 0, matchId: "final" }, context(30_000, null));
    view = run(view, { type: "match-ended", matchId: "final", winner: "black", abandoned: true, seeded: { white: true, black: true } }, context(40_000, null));
    view = settled(view, context(40_000, null));
    expect(view).toMatchObject({ status: "finished", winner: final!.black });
    expect(view.rounds[1]!.reasons).toEqual(["forfeit"]);
  });

  it("forfeits a match not begun in time, once its players' seeds are known, to the one who showed", () => {
    let view = settled(settled(openTournament(2), context(10_000, null)), context(20_000, null));
    const [pairing] = matchesToMake(view, 20_000);
    view = run(view, { type: "match-made", ...pairing!, matchId: "m" }, context(20_000, null));
    expect(nextDueAt(view, 20_000)).toBe(80_000);
    expect(lateMatches(view, 79_999)).toEqual([]);
    expect(lateMatches(view, 80_000)).toEqual(["m"]);
    // Not known yet: nothing decided.
    expect(settled(view, context(80_000, null)).version).toBe(view.version);
    // Both began: no forfeit.
    expect(settled(view, context(80_000, null, { m: { white: true, black: true } })).version).toBe(view.version);
    view = settled(view, context(80_000, null, { m: { white: false, black: true } }));
    expect(view).toMatchObject({ status: "finished", winner: pairing!.black });
    expect(view.rounds[0]).toMatchObject({ reasons: ["forfeit"] });
    expect(nextDueAt(view, 80_000)).toBeNull();
  });

  it("refuses what its rules refuse, with the codes pages word", () => {
    const view = openTournament(1);
    const ctx = (actor: { id: string; kind?: AccountKind } | null, now = 500) => context(now, actor);
    expect(decideTournament(view, { type: "register" }, ctx({ id: "g", kind: "guest" }))).toMatchObject({ ok: false, code: "ERR_TOURNAMENT", values: { reason: "guest" } });
    expect(decideTournament(view, { type: "register" }, ctx({ id: "c", kind: "computer" }))).toMatchObject({ ok: false, values: { reason: "guest" } });
    expect(decideTournament(view, { type: "register" }, ctx(null))).toMatchObject({ ok: false, code: "ERR_UNAUTHENTICATED" });
    expect(decideTournament(view, { type: "register" }, ctx({ id: "u1" }))).toMatchObject({ ok: false, values: { reason: "registered" } });
    expect(decideTournament(view, { type: "register" }, ctx({ id: "late" }, 10_000))).toMatchObject({ ok: false, values: { reason: "registrationClosed" } });
    expect(decideTournament(emptyTournament("t2"), { type: "register" }, ctx({ id: "u1" }))).toMatchObject({ ok: false, values: { reason: "notFound" } });
    expect(decideTournament(view, { type: "create", request, commitment: drawCommitment(SEED), mayCreate: true }, ctx({ id: "boss" }))).toMatchObject({ ok: false });
    expect(decideTournament(emptyTournament("t3"), { type: "create", request, commitment: drawCommitment(SEED), mayCreate: false }, ctx({ id: "u9" }))).toMatchObject({ ok: false, values: { reason: "createNotAllowed" } });
    expect(decideTournament(view, { type: "match-made", round: 1, index: 0, matchId: "x" }, ctx(null))).toMatchObject({ ok: false });
  });
});

describe("creation rules", () => {
  it("are one set of bounds for the form and the server", () => {
    expect(settingsFrom(request, 0).ok).toBe(true);
    expect(settingsFrom({ ...request, closesAt: 0 }, 0)).toMatchObject({ ok: false, values: { reason: "closesAt" } });
    expect(settingsFrom({ ...request, closesAt: TOURNAMENT_LIMITS.closesWithinMs + 1 }, 0)).toMatchObject({ ok: false, values: { reason: "closesAt" } });
    expect(settingsFrom({ ...request, startsAt: request.closesAt - 1 }, 0)).toMatchObject({ ok: false, values: { reason: "startsAt" } });
    expect(settingsFrom({ ...request, startsAt: request.closesAt + TOURNAMENT_LIMITS.startsWithinMsOfClose + 1 }, 0)).toMatchObject({ ok: false, values: { reason: "startsAt" } });
    expect(settingsFrom({ ...request, format: "swiss", swissRounds: 4 }, 0)).toMatchObject({ ok: false, values: { reason: "swissRounds", max: 3 } });
    expect(settingsFrom({ ...request, format: "swiss", swissRounds: 3 }, 0)).toMatchObject({ ok: true, value: { swissRounds: 3 } });
    expect(settingsFrom({ ...request, name: "\u200B " }, 0)).toMatchObject({ ok: false, values: { reason: "name" } });
    expect(settingsFrom({ ...request, maxPlayers: TOURNAMENT_LIMITS.players.max + 1 }, 0).ok).toBe(false);
    expect(settingsFrom({ ...request, noShowMinutes: 0 }, 0).ok).toBe(false);
  });

  it("let administrators create, and registered players only when the site allows", () => {
    expect(mayCreateTournament({ kind: "registered", admin: true }, false)).toBe(true);
    expect(mayCreateTournament({ kind: "registered", admin: false }, false)).toBe(false);
    expect(mayCreateTournament({ kind: "registered", admin: false }, true)).toBe(true);
    expect(mayCreateTournament({ kind: "guest", admin: false }, true)).toBe(false);
  });
});
