/**
 * A value that must never be printed: String(), JSON.stringify, util.inspect and console.log all show "[redacted]".
 * The value is in a private field, so neither property enumeration nor inspection reaches it; only `unwrap()` does.
 * Unprintable is that printing alone, for the vault's objects that hold a key (SeedVault, RollService).
 *
 * @example
 *   const key = new Secret(bytes);
 *   console.log({ key }); // { key: [redacted] }
 *   useKey(key.unwrap());
 */
import { inspect } from "node:util";

export const REDACTED = "[redacted]";

/** An object that prints as `printed` however it is printed, so that nothing it holds reaches a log or a response. */
export abstract class Unprintable {
  readonly #printed: string;

  protected constructor(printed: string) {
    this.#printed = printed;
  }

  toString(): string {
    return this.#printed;
  }

  toJSON(): string {
    return this.#printed;
  }

  [inspect.custom](): string {
    return this.#printed;
  }
}

export class Secret<T> extends Unprintable {
  readonly #value: T;

  constructor(value: T) {
    super(REDACTED);
    this.#value = value;
  }

  /** The secret itself; call it only where the value is used, never to pass it on to a log or a response. */
  unwrap(): T {
    return this.#value;
  }
}
