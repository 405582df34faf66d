/**
 * A token bucket per socket: a burst of `burst` commands, refilled at `perSecond`. A client over the limit gets
 * ERR_RATE_LIMITED and nothing else happens; honest clients (a few commands a second at most) never meet it.
 */
export class TokenBucket {
  #tokens: number;
  #last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.#tokens = burst;
    this.#last = now;
  }

  take(now: number): boolean {
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#last) / 1000) * this.perSecond);
    this.#last = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
