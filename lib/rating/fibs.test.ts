import { describe, expect, it } from "vitest";
import { INITIAL_RATING, experienceFactor, rateMatch, winProbability } from "./fibs";

const experienced = (rating: number) => ({ rating, experience: 2000 });

describe("the FIBS rating formula", () => {
  // The "batting average the favourite must achieve" table of the rec.games.backgammon FAQ
  // (https://bkgm.com/rgb/rgb.cgi?view+45), computed there from the same formula, three decimals.
  it.each([
    [0, 1, 0.5],
    [100, 1, 0.529],
    [100, 11, 0.594],
    [200, 5, 0.626],
    [300, 7, 0.714],
    [500, 9, 0.849],
    [700, 11, 0.935],
  ])("gives the favourite by %i points of an %i-point match the FAQ's chance %d", (difference, length, chance) => {
    expect(winProbability(1500 + difference, 1500, length)).toBeCloseTo(chance, 3);
    expect(winProbability(1500, 1500 + difference, length)).toBeCloseTo(1 - chance, 3);
  });

  it("moves a favourite's win little and an upset a lot (1850 against 1750, 7 points, both experienced)", () => {
    // By hand: P_upset = 1/(10^(100·√7/2000)+1) = 0.424427…; the favourite wins 4·√7·0.424427 = 4.4918.
    const favourite = rateMatch(experienced(1850), experienced(1750), 7);
    expect(favourite.winner.change).toBeCloseTo(4.4918, 4);
    expect(favourite.loser.change).toBeCloseTo(-4.4918, 4);
    // The underdog wins 4·√7·(1 − 0.424427) = 6.0912.
    const upset = rateMatch(experienced(1750), experienced(1850), 7);
    expect(upset.winner.rating).toBeCloseTo(1756.0912, 4);
    expect(upset.loser.rating).toBeCloseTo(1843.9088, 4);
  });

  it("scales each side by its own experience: a newcomer moves five times as fast", () => {
    expect(experienceFactor(0)).toBe(5);
    expect(experienceFactor(250)).toBe(2.5);
    expect(experienceFactor(400)).toBe(1);
    expect(experienceFactor(5000)).toBe(1);
    // Two newcomers at 1500 in a 5-point match: 4·5·√5·½ = 10·√5 each way.
    const first = rateMatch({ rating: INITIAL_RATING, experience: 0 }, { rating: INITIAL_RATING, experience: 0 }, 5);
    expect(first.winner.rating).toBeCloseTo(1500 + 10 * Math.sqrt(5), 10);
    expect(first.loser.rating).toBeCloseTo(1500 - 10 * Math.sqrt(5), 10);
    expect(first.winner.experience).toBe(5);
    // A newcomer beats an experienced 1600 in 3 points: +19.0417 for one, −3.8083 for the other.
    const mixed = rateMatch({ rating: 1500, experience: 0 }, experienced(1600), 3);
    expect(mixed.winner.change).toBeCloseTo(19.0417, 4);
    expect(mixed.loser.change).toBeCloseTo(-3.8083, 4);
  });

  it("refuses a match length that is not a positive integer", () => {
    expect(() => rateMatch(experienced(1500), experienced(1500), 0)).toThrow(RangeError);
    expect(() => rateMatch(experienced(1500), experienced(1500), 2.5)).toThrow(RangeError);
  });
});
