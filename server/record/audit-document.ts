/**
 * A match's audit document: its bundle (docs/fair-dice-v1.md section 6, docs/fair-dice-v2.md section 5,
 * docs/fair-dice-v3.md section 9a; rolls from the roll log, `serverSeed` null until the reveal) — for fair-dice-v2 and
 * v3 a signed proof (server/record/signed-proof.ts:
 * seats, end, record lines and digest, the site's signature) — plus `record`, the dice of the game record taken from
 * the match's rules actions, for check 7 — and its entries in the public transparency log with their inclusion proofs
 * (docs/transparency-log.md). Served by GET /api/matches/:id/audit (server/http/audit-response.ts) and read
 * by `npm run verify -- --match <id>`.
 */
import type { RecordTurn } from "@/lib/dice";
import { err, type Failed } from "@/lib/engine/types";
import { recordTurnsOf } from "@/lib/record";
import { type MatchStatus } from "@/lib/match";
import type { MatchBundle } from "@/server/db/bundle-rows";
import type { Db } from "@/server/db/client";
import { auditBundle } from "@/server/db/match-read";
import { loadLiveMatch, type LiveMatch } from "@/server/match/live-match";
import type { ProofSigningKey } from "@/server/vault/proof-key";
import { TransparencyLog, type InclusionProof } from "@/server/transparency/transparency-log";
import { signedProof } from "./signed-proof";

export type AuditDocument = MatchBundle & {
  readonly status: MatchStatus;
  readonly matchLength: number;
  readonly players: { readonly white: string | null; readonly black: string | null };
  readonly record: RecordTurn[];
  /** The match's entries in the public transparency log, each with its proof in the latest head (null: not logged). */
  readonly transparency: BundleTransparency;
};

/** docs/transparency-log.md, section 9b: what an audit document carries of the log; its head verifies with `publicKey`. */
export interface BundleTransparency {
  readonly keyId: string;
  readonly publicKey: string;
  readonly created: InclusionProof | null;
  readonly ended: InclusionProof | null;
}

/** The match's two log entries with their inclusion proofs, each in the latest head when it is read. */
export async function bundleTransparency(db: Db, matchId: string, key: ProofSigningKey): Promise<BundleTransparency> {
  const log = new TransparencyLog(db, key);
  const [created, ended] = await Promise.all([log.inclusionProof(matchId, "match-created"), log.inclusionProof(matchId, "match-ended")]);
  return { keyId: key.keyId, publicKey: key.publicKey, created: created.ok ? created.value : null, ended: ended.ok ? ended.value : null };
}

export type AuditOutcome =
  | { readonly ok: true; readonly live: LiveMatch; readonly document: AuditDocument }
  | (Failed<"ERR_NOT_FOUND" | "ERR_NOT_STARTED"> & { readonly live: LiveMatch | null });

export async function auditDocument(db: Db, matchId: string, key: ProofSigningKey): Promise<AuditOutcome> {
  const loaded = await loadLiveMatch(db, matchId);
  if (!loaded) return { ...err("ERR_NOT_FOUND", { reason: "match" }), live: null };
  const bundle = await auditBundle(db, matchId);
  if (!bundle.ok) return { ...err("ERR_NOT_STARTED"), live: loaded.live };
  const { view } = loaded.live;
  const events = loaded.events.map(({ event }) => event);
  return {
    ok: true,
    live: loaded.live,
    document: {
      ...signedProof(bundle.value, { view, events }, key),
      status: view.status,
      matchLength: view.matchLength,
      players: { white: view.players.white?.name ?? null, black: view.players.black?.name ?? null },
      record: recordTurnsOf(events),
      transparency: await bundleTransparency(db, matchId, key),
    },
  };
}
