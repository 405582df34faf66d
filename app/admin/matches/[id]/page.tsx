import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { DiceStatsPanel } from "@/components/admin/dice-stats-panel";
import { utcTime } from "@/components/admin/format-time";
import { VerifyReportView } from "@/components/fairness/verify-report";
import { matchIdSchema } from "@/lib/protocol/protocol";
import { matchRollLog } from "@/server/admin/match-roll-log";
import { failureSentences } from "@/server/admin/verification";
import { requireAdminPage } from "@/server/auth/require-admin";
import { getDb } from "@/server/db/client";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Roll log of ${id} — Admin — Fairgammon` };
}

/**
 * One match's roll log for administrators: every roll with its nonce, dice, kind, player and time; the commitment and
 * client seeds; the server seed only once revealed (server/admin/match-roll-log.ts never reads it before); the dice
 * statistics and, once revealed, the verification. The look is recorded in the audit trail.
 */
export default async function AdminMatchPage({ params }: { params: Params }) {
  const admin = await requireAdminPage();
  const { id } = await params;
  if (!matchIdSchema.safeParse(id).success) notFound();
  const view = await matchRollLog(getDb(), admin.id, id);
  if (!view) notFound();
  const { match, seed, rolls, stats, verification } = view;

  return (
    <section>
      <h1>Roll log of match {match.id}</h1>
      <AdminNav current={null} />
      <div className="admin-grid">
        <section className="panel" aria-labelledby="match-facts-title">
          <h2 id="match-facts-title">Match</h2>
          <dl className="admin-facts">
            <dt>Players</dt>
            <dd>
              {match.white ?? "open seat"} (white) vs {match.black ?? "open seat"} (black)
            </dd>
            <dt>Status</dt>
            <dd data-testid="match-status">
              {match.status}
              {match.endReason && match.endReason !== match.status ? ` (${match.endReason})` : ""} · {match.visibility}
            </dd>
            <dt>Length and score</dt>
            <dd>
              {match.matchLength}-point match · {match.scoreWhite}–{match.scoreBlack}
              {match.winner ? ` · ${match.winner} won` : ""}
            </dd>
            <dt>Created</dt>
            <dd>{utcTime(match.createdAt)}</dd>
            {match.finishedAt ? (
              <>
                <dt>Finished</dt>
                <dd>{utcTime(match.finishedAt)}</dd>
              </>
            ) : null}
            <dt>Commitment</dt>
            <dd className="hex" data-testid="admin-commitment">
              {seed.commitment}
            </dd>
            <dt>White&apos;s client seed</dt>
            <dd className="hex">{seed.clientSeeds.white ?? "not sent yet"}</dd>
            <dt>Black&apos;s client seed</dt>
            <dd className="hex">{seed.clientSeeds.black ?? "not sent yet"}</dd>
            <dt>Server seed</dt>
            <dd className="hex" data-testid="admin-server-seed">
              {seed.serverSeed ?? "not revealed: it stays sealed until the match ends"}
              {seed.revealedAt ? <span className="muted"> (revealed {utcTime(seed.revealedAt)})</span> : null}
            </dd>
          </dl>
          <p>
            <a href={`/matches/${match.id}`}>Review the match</a> · <a href={`/admin/audit?match=${match.id}`}>Who looked at this roll log</a>
          </p>
        </section>
        <section className="panel" aria-labelledby="rolls-title">
          <h2 id="rolls-title">Rolls ({rolls.length})</h2>
          <div className="table-scroll">
            <table className="data-table" data-testid="match-roll-table">
              <thead>
                <tr>
                  <th scope="col">Nonce</th>
                  <th scope="col">Game</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Player</th>
                  <th scope="col">Dice</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {rolls.map((roll) => (
                  <tr key={roll.nonce}>
                    <td>{roll.nonce}</td>
                    <td>{roll.game}</td>
                    <td>{roll.kind}</td>
                    <td>{roll.player ?? "—"}</td>
                    <td>
                      {roll.die1}-{roll.die2}
                    </td>
                    <td>{utcTime(roll.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <DiceStatsPanel stats={stats} />
        <section className="panel" aria-labelledby="match-verify-title" data-testid="match-verification">
          <h2 id="match-verify-title">Verification</h2>
          {verification ? (
            <>
              <VerifyReportView report={verification.report} />
              {verification.recordError ? <p className="notice">{failureSentences(verification).at(-1)}</p> : null}
            </>
          ) : (
            <p className="muted">The server seed is not revealed yet: the rolls can be verified once the match is over.</p>
          )}
        </section>
      </div>
    </section>
  );
}
