import { describe, expect, it } from "vitest";
import { simulateTournament } from "./simulate";
import { verifyDraw, type DrawRecord } from "./verify-draw";

const SEED = "3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b";
const ENTRANTS = ["ann", "bob", "cy", "dee", "eve"];
/** The white player wins when its id sorts first, else black: a fixed, arbitrary rule. */
const byName = (pairing: { white: string; black: string | null }) => (pairing.black === null || pairing.white < pairing.black ? pairing.white : pairing.black);

const failed = (record: DrawRecord) => verifyDraw(record).checks.filter((check) => check.status === "failed");

describe("verifyDraw (docs/tournaments.md, section 7)", () => {
  it("verifies a played knockout and a played Swiss", () => {
    const knockout = simulateTournament({ seed: SEED, entrants: ENTRANTS, format: "knockout" }, byName);
    expect(knockout.rounds.map((round) => round.pairings.length)).toEqual([4, 2, 1]);
    expect(verifyDraw(knockout)).toEqual({ verdict: "verified", checks: ["commitment", "entrants", "first-round", "later-rounds"].map((id) => ({ id, status: "passed" })) });
    const swiss = simulateTournament({ seed: SEED, entrants: ENTRANTS, format: "swiss", rounds: 3, withdrawals: [{ player: "cy", fromRound: 3 }] }, byName);
    expect(verifyDraw(swiss).verdict).toBe("verified");
  });

  it("says not yet revealed before the start, and fails nothing", () => {
    const record = { ...simulateTournament({ seed: SEED, entrants: ENTRANTS, format: "knockout" }, byName), seed: null };
    expect(verifyDraw(record)).toMatchObject({ verdict: "not-yet-revealed" });
    expect(failed(record)).toEqual([]);
  });

  it("names each tampering: another seed, another list, a swapped pairing, a later round, an impossible winner", () => {
    const swiss = simulateTournament({ seed: SEED, entrants: ENTRANTS, format: "swiss", rounds: 3 }, byName);
    expect(failed({ ...swiss, seed: SEED.replace("3a", "3b") })).toEqual([{ id: "commitment", status: "failed" }]);
    expect(failed({ ...swiss, entrants: [...swiss.entrants, "zed"] })).toEqual([{ id: "entrants", status: "failed" }]);
    expect(failed({ ...swiss, entrantsDigest: "0".repeat(64) })).toEqual([{ id: "entrants", status: "failed" }]);
    const [first, second, third] = swiss.rounds;
    const swapped = { ...first!, pairings: first!.pairings.map((p, i) => (i === 0 && p.black ? { white: p.black, black: p.white } : p)) };
    expect(failed({ ...swiss, rounds: [swapped, second!, third!] })).toEqual([{ id: "first-round", status: "failed", round: 1, match: 1 }]);
    const reordered = { ...third!, pairings: [...third!.pairings].reverse() };
    expect(failed({ ...swiss, rounds: [first!, second!, reordered] })).toEqual([{ id: "later-rounds", status: "failed", round: 3, match: 1 }]);
    const impossible = { ...second!, winners: second!.winners.map((w, i) => (i === 0 ? "zed" : w)) };
    expect(failed({ ...swiss, rounds: [first!, impossible, third!] })).toEqual([{ id: "later-rounds", status: "failed", round: 2, match: 1 }]);
  });
});
