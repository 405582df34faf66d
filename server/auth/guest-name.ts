/**
 * Readable names for guest accounts, like "guest-amber-otter-42": 32 adjectives × 32 animals × 90 numbers (10–99),
 * 92,160 names. Words have at most 5 letters so a name never exceeds the 20-character username limit and a guest may
 * keep it when claiming the account. The caller passes the randomness (node:crypto's randomInt in production).
 *
 * @example
 *   guestName(randomInt); // "guest-amber-otter-42"
 *   fallbackGuestName(randomInt); // "guest-3f9a0c21b7e4d5" (when the readable names keep colliding)
 */
import { GUEST_PREFIX } from "./account-rules";

export type RandomInt = (maxExclusive: number) => number;

const ADJECTIVES = [
  "amber", "azure", "bold", "brave", "brisk", "calm", "witty", "coral", "crisp", "dusky", "eager", "fair", "fleet",
  "gold", "happy", "ivory", "jade", "jolly", "keen", "lucky", "lunar", "merry", "misty", "noble", "olive", "proud",
  "quick", "rapid", "rosy", "sage", "sunny", "swift",
];

const ANIMALS = [
  "otter", "crane", "eagle", "finch", "gecko", "heron", "horse", "koala", "lemur", "llama", "moose", "mouse", "okapi",
  "panda", "quail", "raven", "robin", "seal", "shark", "sheep", "skunk", "sloth", "snail", "squid", "stork", "swan",
  "tiger", "trout", "whale", "wolf", "zebra", "bison",
];

function pick(words: readonly string[], randomInt: RandomInt): string {
  const word = words[randomInt(words.length)];
  if (word === undefined) throw new Error("randomInt returned an index out of range");
  return word;
}

export function guestName(randomInt: RandomInt): string {
  return `${GUEST_PREFIX}${pick(ADJECTIVES, randomInt)}-${pick(ANIMALS, randomInt)}-${10 + randomInt(90)}`;
}

/** 14 hex digits after the prefix: 20 characters, 2^56 names. */
export function fallbackGuestName(randomInt: RandomInt): string {
  let hex = "";
  for (let i = 0; i < 14; i += 1) hex += randomInt(16).toString(16);
  return `${GUEST_PREFIX}${hex}`;
}
