"use client";
/**
 * The match's fair-dice panel: the server's commitment from the start, both client seeds (with the form for your
 * own until you send it), the roll log growing live (nonce → dice), and at the end the revealed server seed with an
 * in-browser verification of every roll and a download of the audit bundle.
 *
 * @example
 *   <FairnessPanel />   // inside a MatchProvider
 */
import { useMatch } from "@/components/match/match-provider";
import type { Color } from "@/lib/engine/types";
import { AuditCheck } from "./audit-check";
import { SeedForm } from "./seed-form";

const COLORS: readonly Color[] = ["white", "black"];

export function FairnessPanel() {
  const view = useMatch((s) => s.view);
  const you = useMatch((s) => s.you);
  const invite = useMatch((s) => s.invite);
  if (!view) return null;
  const { clientSeeds, rolls, ended } = view;
  const needsSeed = you !== null && clientSeeds[you] === null && ended === null;

  return (
    <section className="panel fairness-panel" aria-labelledby="fairness-title">
      <h2 id="fairness-title">Fair dice</h2>
      <p className="muted">
        The server committed to a secret seed before anyone chose anything; each player adds a seed; every roll is computed from all
        three and logged before it is shown. At the end the secret is revealed and every roll can be checked.{" "}
        <a href="/fairness">How this works</a>
      </p>
      <dl className="fair-facts">
        <dt>Commitment (SHA-256 of the server seed)</dt>
        <dd className="hex" data-testid="commitment">
          {view.commitment || "—"}
        </dd>
        {COLORS.map((color) => (
          <div key={color} className="fair-seed">
            <dt>
              {color === "white" ? "White" : "Black"}&apos;s client seed{color === you ? " (yours)" : ""}
            </dt>
            <dd className="hex" data-testid={`client-seed-${color}`}>
              {clientSeeds[color] ?? (view.players[color] ? "not sent yet" : "waiting for a player")}
            </dd>
          </div>
        ))}
        <dt>Server seed</dt>
        <dd className="hex" data-testid="server-seed">
          {ended ? ended.serverSeed : "secret until the match ends"}
        </dd>
      </dl>
      {needsSeed ? <SeedForm matchId={view.matchId} commitment={view.commitment} /> : null}
      <h3>Rolls</h3>
      {rolls.length === 0 ? (
        <p className="muted">No dice rolled yet: the first roll comes once both seeds are in.</p>
      ) : (
        <div className="roll-log-box">
          <table className="roll-log" data-testid="roll-log">
            <thead>
              <tr>
                <th scope="col">nonce</th>
                <th scope="col">game</th>
                <th scope="col">roll</th>
                <th scope="col">dice</th>
              </tr>
            </thead>
            <tbody>
              {rolls.map((roll) => (
                <tr key={roll.nonce}>
                  <td>{roll.nonce}</td>
                  <td>{roll.game}</td>
                  <td>{roll.kind === "opening" ? "opening" : roll.player}</td>
                  <td>
                    {roll.dice[0]}-{roll.dice[1]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {ended ? (
        <AuditCheck matchId={view.matchId} invite={invite} label="Verify every roll" />
      ) : rolls.length > 0 ? (
        <p className="muted">
          While the match runs you can already download the <a href={`/api/matches/${view.matchId}/audit${invite ? `?invite=${invite}` : ""}`}>audit bundle</a>{" "}
          (without the seed).
        </p>
      ) : null}
    </section>
  );
}
