/**
 * The titles of the verification checks, numbered as in docs/fair-dice-v1.md, section 7.
 *
 * @example
 *   CHECK_TITLES["rolls-recomputed"]; // "3. Rolls recomputed"
 */
import type { CheckId } from "./types";

export const CHECK_TITLES: Readonly<Record<CheckId, string>> = {
  "bundle-format": "Bundle format",
  commitment: "1. Commitment",
  "nonce-sequence": "2. Nonce sequence",
  "rolls-recomputed": "3. Rolls recomputed",
  "opening-resolution": "4. Opening rolls resolved",
  "record-dice": "5. Game record dice",
};
