/**
 * A match's audit document: its bundle (docs/fair-dice-v1.md section 6, docs/fair-dice-v2.md section 5; rolls from
 * the roll log, `serverSeed` null until the reveal) — for fair-dice-v2 a signed proof (server/record/signed-proof.ts:
 * seats, end, record lines and digest, the site's signature) — plus `record`, the dice of the game record taken from
 * the match's rules actions, for check 7. Served by GET /api/matches/:id/audit (server/http/audit-response.ts) and read
 * by `npm run verify -- --match <id>`.
 */
import type { AuditBundle, AuditBundleV2, RecordTurn } from "@/lib/dice";
import { err, type Failed } from "@/lib/engine/types";
import { recordTurnsOf } from "@/lib/record";
import { type MatchStatus } from "@/lib/match";
import type { Db } from "@/server/db/client";
import { auditBundle } from "@/server/db/match-read";
import { loadLiveMatch, type LiveMatch } from "@/server/match/live-match";
import type { ProofSigningKey } from "@/server/vault/proof-key";
import { signedProof } from "./signed-proof";

export type AuditDocument = (AuditBundle | AuditBundleV2) & {
  readonly status: MatchStatus;
  readonly matchLength: number;
  readonly players: { readonly white: string | null; readonly black: string | null };
  readonly record: RecordTurn[];
};

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
    },
  };
}
