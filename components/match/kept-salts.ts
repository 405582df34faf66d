/**
 * The salts this browser made for a fair-dice-v2 match (docs/fair-dice-v2.md, section 6), kept in the page's local
 * storage by match and nonce *before* they are sent: a reconnection or a server restart sends the same salt for the
 * same roll again, so a lost request can never get the server a second roll to choose from; and the verifier panel
 * compares the logged salts with these. Without local storage (a private window that refuses it) the salts live as
 * long as the page.
 *
 * @example
 *   const salt = saltFor("m1", 17);   // made once, then the same for nonce 17 of m1 on every call
 *   keptSalts("m1");                  // Map { 17 => "0f1e…" }
 */
import { isSalt, newSalt } from "@/lib/dice/salt";

const PREFIX = "fairgammon:salts:";
const memory = new Map<string, Record<string, string>>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(matchId: string): Record<string, string> {
  const stored = storage()?.getItem(PREFIX + matchId);
  if (stored) {
    try {
      const parsed = JSON.parse(stored) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => /^\d+$/.test(entry[0]) && isSalt(entry[1])));
      }
    } catch {
      // A damaged entry is not ours to trust: start again (the verifier will then have no salts of its own to compare).
    }
  }
  return memory.get(matchId) ?? {};
}

function write(matchId: string, salts: Record<string, string>): void {
  memory.set(matchId, salts);
  try {
    storage()?.setItem(PREFIX + matchId, JSON.stringify(salts));
  } catch {
    // Full or refused: the in-page copy still keeps the salt for this page's life.
  }
}

/** This browser's salt for roll `nonce` of `matchId`: made and kept on the first call, the same ever after. */
export function saltFor(matchId: string, nonce: number): string {
  const salts = read(matchId);
  const kept = salts[String(nonce)];
  if (kept) return kept;
  const salt = newSalt();
  write(matchId, { ...salts, [String(nonce)]: salt });
  return salt;
}

/** Every salt this browser kept for `matchId`, by nonce. */
export function keptSalts(matchId: string): ReadonlyMap<number, string> {
  return new Map(Object.entries(read(matchId)).map(([nonce, salt]) => [Number(nonce), salt]));
}
