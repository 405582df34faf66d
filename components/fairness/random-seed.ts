/**
 * A fresh client seed proposal: 32 random hex characters from the browser's cryptographic generator
 * (docs/provably-fair.md, "The players choose"). Browser-only: it reads `crypto.getRandomValues`.
 *
 * @example
 *   randomClientSeed(); // "9f1c0b7e4a2d6e81c3b5f0a9d7e21c44"
 */
export function randomClientSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
