/**
 * A match for its review page (`/matches/[id]`) and its `.mat` download (`/api/matches/:id/export.mat`, with the dice's
 * proofs in its header: docs/mat-format.md), for whoever
 * may see it — the rule of the live match and the audit route (server/match/visibility.ts): public matches for everyone,
 * private ones for their players, administrators and holders of the invite link. A match the viewer may not see is
 * answered like one that does not exist.
 *
 * @example
 *   const found = await reviewableMatch(db, id, user, invite);
 *   if (found.ok) reviewSteps(found.value.events);
 *   const mat = await matExport(db, id, user, invite, getProofKey()); // finished matches only, proofs signed
 *   if (mat.ok) new Response(mat.value.text, { headers: { "content-disposition": `attachment; filename="${mat.value.filename}"` } });
 */
import { err, ok, type Color, type Result } from "@/lib/engine/types";
import type { MatchEvent } from "@/lib/match/events";
import type { MatchView } from "@/lib/match/view";
import { matchIdSchema } from "@/lib/protocol/protocol";
import { withProof } from "@/lib/record/mat-proof";
import { matFromEvents } from "@/lib/record/review";
import type { Db } from "@/server/db/client";
import { auditBundle } from "@/server/db/match-read";
import type { UserRow } from "@/server/db/types";
import { loadLiveMatch } from "@/server/match/live-match";
import { canView } from "@/server/match/visibility";
import type { ProofSigningKey } from "@/server/vault/proof-key";
import { bundleTransparency } from "./audit-document";
import { signedProof } from "./signed-proof";

export interface ReviewableMatch {
  readonly view: MatchView;
  readonly events: readonly MatchEvent[];
  /** The viewer's seat, null for anyone else. */
  readonly you: Color | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

export type ReviewError = "ERR_NOT_FOUND";
export type MatExportError = ReviewError | "ERR_NOT_FINISHED";

export async function reviewableMatch(db: Db, matchId: string, viewer: UserRow | null, invite: string | undefined): Promise<Result<ReviewableMatch, ReviewError>> {
  const notFound = err("ERR_NOT_FOUND");
  if (!matchIdSchema.safeParse(matchId).success) return notFound;
  const loaded = await loadLiveMatch(db, matchId);
  if (!loaded || !canView(loaded.live, viewer, invite)) return notFound;
  const times = await db.prisma.match.findUnique({ where: { id: matchId }, select: { createdAt: true, finishedAt: true } });
  const { view } = loaded.live;
  const you = viewer === null ? null : view.players.white?.id === viewer.id ? "white" : view.players.black?.id === viewer.id ? "black" : null;
  return ok({
    view,
    events: loaded.events.map(({ event }) => event),
    you,
    createdAt: times?.createdAt ?? new Date(0),
    finishedAt: times?.finishedAt ?? null,
  });
}

/** The finished match as a GNU Backgammon .mat file, named after the match. */
export async function matExport(
  db: Db,
  matchId: string,
  viewer: UserRow | null,
  invite: string | undefined,
  key: ProofSigningKey,
): Promise<Result<{ readonly filename: string; readonly text: string }, MatExportError>> {
  const found = await reviewableMatch(db, matchId, viewer, invite);
  if (!found.ok) return found;
  const { view, events, createdAt } = found.value;
  if (view.status !== "finished") return err("ERR_NOT_FINISHED", { reason: "export" });
  const mat = matFromEvents(events, undefined, { date: createdAt.toISOString().slice(0, 10), event: "Fairgammon" });
  // The dice's proofs travel with the moves: the signed audit bundle as header comments (lib/record/mat-proof.ts).
  const bundle = await auditBundle(db, matchId);
  if (!bundle.ok) return ok({ filename: `fairgammon-${matchId}.mat`, text: mat });
  // …with the match's entries in the public transparency log and their proofs.
  const proof = { ...signedProof(bundle.value, { view, events }, key), transparency: await bundleTransparency(db, matchId, key) };
  return ok({ filename: `fairgammon-${matchId}.mat`, text: withProof(mat, proof) });
}
