/**
 * A player's dice luck from their roll log, for the profile page: how often they rolled doubles against the 1/6 fair
 * dice give, with a 95 % Wilson score interval, and their average pips per roll against the 49/6 = 8.17 of fair dice
 * (a double counts four times its face, as it is played). Pure counts in, numbers out.
 *
 * The Wilson interval (E. B. Wilson, "Probable inference, the law of succession, and statistical inference", JASA 22,
 * 1927) is used rather than the normal approximation p ± z·√(p(1−p)/n) because that one collapses to a zero width at
 * 0 or n doubles and leaves [0, 1] for small samples; Wilson's stays inside and is honest for a few dozen rolls:
 *
 *   centre = (p + z²/2n) / (1 + z²/n),   half-width = z/(1 + z²/n) · √(p(1−p)/n + z²/4n²)
 *
 * @example
 *   const luck = diceLuck({ rolls: 600, doubles: 112, pips: 4950 });
 *   luck.doublesRate;   // 0.1867
 *   luck.interval;      // { low: 0.1576, high: 0.2197 }: 1/6 is inside, so nothing to see
 *   luck.verdict;       // "as expected"
 */

/** The normal quantile of 97.5 %: a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export const EXPECTED_DOUBLES_RATE = 1 / 6;

/** Expected pips of one roll of two fair dice, doubles counted four times: (6·2·7/2·… ) = 294/36 = 49/6. */
export const EXPECTED_PIPS_PER_ROLL = 49 / 6;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** The Wilson score interval of a proportion (`successes` of `trials`); [0, 1] when there are no trials. */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval {
  if (!Number.isInteger(trials) || trials < 0 || !Number.isInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`a proportion needs 0 ≤ successes ≤ trials, integers; got ${successes} of ${trials}`);
  }
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2n = (z * z) / trials;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface RollCounts {
  /** Turn rolls (opening rolls are shared by both players and left out). */
  readonly rolls: number;
  readonly doubles: number;
  /** Pips rolled: die1 + die2, or four times the face for a double. */
  readonly pips: number;
}

export interface DiceLuck {
  readonly rolls: number;
  readonly doubles: number;
  /** null with no rolls. */
  readonly doublesRate: number | null;
  readonly interval: Interval;
  /** null with no rolls. */
  readonly pipsPerRoll: number | null;
  /**
   * "as expected" when 1/6 lies in the interval; "more doubles" / "fewer doubles" when the whole interval is above /
   * below it (about one fair-dice player in twenty gets one of these by chance); "too few rolls" under 36 rolls.
   */
  readonly verdict: "as expected" | "more doubles" | "fewer doubles" | "too few rolls";
}

/** Fewer rolls than this and the interval is too wide to say anything. */
export const MIN_ROLLS = 36;

export function diceLuck(counts: RollCounts): DiceLuck {
  const { rolls, doubles, pips } = counts;
  const interval = wilsonInterval(doubles, rolls);
  const verdict =
    rolls < MIN_ROLLS
      ? "too few rolls"
      : interval.low > EXPECTED_DOUBLES_RATE
        ? "more doubles"
        : interval.high < EXPECTED_DOUBLES_RATE
          ? "fewer doubles"
          : "as expected";
  return {
    rolls,
    doubles,
    doublesRate: rolls > 0 ? doubles / rolls : null,
    interval,
    pipsPerRoll: rolls > 0 ? pips / rolls : null,
    verdict,
  };
}
