/**
 * The transparency log's entries (docs/transparency-log.md, section 3): what the site appends when a match is created
 * (its dice commitment, before a die is rolled) and when it ends (the digest of its record), and the exact bytes each
 * is hashed as. Logging the commitment at creation is what makes it public before the game: the site cannot later
 * show a player another commitment for the same match without a second entry that anyone can find.
 *
 * The bytes are canonical JSON: the entry's fields with their keys in sorted (byte) order, no spaces, UTF-8. JSON
 * rather than a length-prefixed binary form because an outsider reads the log's entries as they are, and can
 * reproduce the bytes with any JSON library (Python: `json.dumps(e, sort_keys=True, separators=(",", ":"))`). What
 * makes JSON canonical here is that nothing in an entry can be written two ways: every string is limited to
 * characters JSON writes as themselves (letters, digits, "-", "_"; no quotes, backslashes, controls or non-ASCII, so
 * no escapes) and every number is a whole number of milliseconds below 2^53 (no signs, fractions or exponents).
 * A reader given bytes re-encodes what it parsed and refuses bytes that differ (`parseEntryBytes`).
 *
 * @example
 *   const entry: LogEntry = { format: ENTRY_FORMAT, kind: "match-created", matchId: "m_abc123", protocol: "fair-dice-v2",
 *     commitment: "9f…64 hex…", createdAt: 1767225600000 };
 *   canonicalEntry(entry); // '{"commitment":"9f…","createdAt":1767225600000,"format":"fairgammon-log-entry-1",…}'
 *   entryLeafHash(entry);  // SHA-256(0x00 || those bytes): the leaf the log appends
 */
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { z } from "zod";
import { leafHash } from "./merkle";

/** Every entry's `format`: which version of this encoding it is. */
export const ENTRY_FORMAT = "fairgammon-log-entry-1";

/** As lib/protocol's matchIdSchema: the site's match ids. */
const MATCH_ID = /^[A-Za-z0-9_-]{6,40}$/;
/** A dice protocol's name, as the audit bundle's `protocol` ("fair-dice-v1", "fair-dice-v2"; later ones too). */
const PROTOCOL = /^[a-z0-9][a-z0-9-]{0,39}$/;
const HEX64 = /^[0-9a-f]{64}$/;

const matchId = z.string().regex(MATCH_ID, "match id: 6 to 40 of A-Z a-z 0-9 _ -");
const milliseconds = z.int().min(0, "a time in milliseconds since 1970, not negative");
const hex64 = z.string().regex(HEX64, "64 lowercase hex characters");

const matchCreatedSchema = z.strictObject({
  format: z.literal(ENTRY_FORMAT),
  kind: z.literal("match-created"),
  matchId,
  protocol: z.string().regex(PROTOCOL, "protocol: lowercase letters, digits and -"),
  /** The server seed's commitment (v1: SHA-256 of the seed; v2: the seed chain's commitment), as the bundle has it. */
  commitment: hex64,
  createdAt: milliseconds,
});

const matchEndedSchema = z.strictObject({
  format: z.literal(ENTRY_FORMAT),
  kind: z.literal("match-ended"),
  matchId,
  /** hex SHA-256 of the match record's canonical form (lib/dice/record-digest.ts). */
  recordDigest: hex64,
  endedAt: milliseconds,
});

/** The schema of an entry from outside: exactly these fields, nothing more. */
export const logEntrySchema = z.discriminatedUnion("kind", [matchCreatedSchema, matchEndedSchema]);

export type MatchCreatedEntry = z.infer<typeof matchCreatedSchema>;
export type MatchEndedEntry = z.infer<typeof matchEndedSchema>;
export type LogEntry = MatchCreatedEntry | MatchEndedEntry;

export type EntryFailure =
  /** Not an entry: a missing, extra or malformed field (`issue` says which). */
  | "format"
  /** Bytes that are not UTF-8 JSON. */
  | "not-json"
  /** An entry, but not written canonically: other key order, spaces, escapes. */
  | "not-canonical";

export type EntryResult = { readonly ok: true; readonly entry: LogEntry } | { readonly ok: false; readonly reason: EntryFailure; readonly issue?: string };

/** The entry in `input` (a parsed JSON value), or why it is not one. */
export function parseEntry(input: unknown): EntryResult {
  const parsed = logEntrySchema.safeParse(input);
  if (parsed.success) return { ok: true, entry: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, reason: "format", issue: first ? `${first.path.join(".") || "(entry)"}: ${first.message}` : undefined };
}

/** The canonical JSON text of an entry. Throws on an entry that does not parse: entries are made by the site. */
export function canonicalEntry(entry: LogEntry): string {
  const parsed = parseEntry(entry);
  if (!parsed.ok) throw new Error(`canonicalEntry: not a log entry (${parsed.issue ?? parsed.reason})`);
  const fields = Object.entries(parsed.entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(fields));
}

/** The bytes the log hashes: the canonical JSON as UTF-8 (all ASCII). */
export function entryBytes(entry: LogEntry): Uint8Array {
  return utf8ToBytes(canonicalEntry(entry));
}

/** The entry's leaf hash, SHA-256(0x00 || entryBytes(entry)): what the Merkle tree is built over. */
export function entryLeafHash(entry: LogEntry): Uint8Array {
  return leafHash(entryBytes(entry));
}

/** The entry that `bytes` are, when they are its canonical bytes exactly. */
export function parseEntryBytes(bytes: Uint8Array): EntryResult {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, reason: "not-json" };
  }
  const parsed = parseEntry(value);
  if (!parsed.ok) return parsed;
  const canonical = entryBytes(parsed.entry);
  if (canonical.length !== bytes.length || canonical.some((byte, i) => byte !== bytes[i])) return { ok: false, reason: "not-canonical" };
  return parsed;
}
