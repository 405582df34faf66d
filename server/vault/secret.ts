/**
 * A value that must never be printed: String(), JSON.stringify, util.inspect and console.log all show "[redacted]".
 * The value is in a private field, so neither property enumeration nor inspection reaches it; only `unwrap()` does.
 *
 * @example
 *   const key = new Secret(bytes);
 *   console.log({ key }); // { key: [redacted] }
 *   useKey(key.unwrap());
 */
import { inspect } from "node:util";

export const REDACTED = "[redacted]";

export class Secret<T> {
  readonly #value: T;

  constructor(value: T) {
    this.#value = value;
  }

  /** The secret itself; call it only where the value is used, never to pass it on to a log or a response. */
  unwrap(): T {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}
