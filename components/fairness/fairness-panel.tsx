"use client";
/**
 * The match's fair-dice panel: the server's commitment from the start, both client seeds (with the form for your
 * own until you send it), the roll log growing live (nonce → dice), and at the end the revealed server seed with an
 * in-browser verification of every roll, of the match's place in the public transparency log and of the log's latest
 * head against the one this browser saw before, and a download of the audit bundle.
 *
 * @example
 *   <FairnessPanel />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { useMatchFields } from "@/components/match/use-match-fields";
import type { Color } from "@/lib/engine/types";
import { lazy, Suspense } from "react";
import { SeedForm } from "./seed-form";

/** The verifier's button and report, from a chunk of its own: nothing is revealed to verify before a game ends. */
const AuditCheck = lazy(() => import("./audit-check").then((module) => ({ default: module.AuditCheck })));
import { ColumnHeads } from "@/components/ui/column-heads";

const COLORS: readonly Color[] = ["white", "black"];

export function FairnessPanel() {
  const t = useTranslations("fairness");
  const { view, you, invite } = useMatchFields("view", "you", "invite");
  if (!view) return null;
  const { clientSeeds, rolls, ended } = view;
  const needsSeed = you !== null && clientSeeds[you] === null && ended === null;
  // fair-dice-v2 and v3: each game's seed is revealed as it ends, and the games so far verify while the match goes on.
  const chained = view.diceProtocol !== "fair-dice-v1";
  const revealedGames = Object.keys(view.gameSeeds).length;

  return (
    <section className="panel fairness-panel" aria-labelledby="fairness-title">
      <h2 id="fairness-title">{t("title")}</h2>
      <p className="muted">
        {t("intro")} <a href="/fairness">{t("howItWorks")}</a>
      </p>
      <dl className="fair-facts">
        <dt>{t(chained ? "commitmentChain" : "commitment", { games: view.chainLength ?? 0 })}</dt>
        <dd className="hex" data-testid="commitment">
          {view.commitment || "—"}
        </dd>
        {COLORS.map((color) => (
          <div key={color} className="fair-seed">
            <dt>
              {t(color === you ? "clientSeedYours" : "clientSeed", { color })}
            </dt>
            <dd className="hex" data-testid={`client-seed-${color}`}>
              {clientSeeds[color] ?? (view.players[color] ? t("notSent") : t("noPlayer"))}
            </dd>
          </div>
        ))}
        {chained ? (
          <>
            <dt>{t("gameSeeds")}</dt>
            <dd data-testid="game-seeds">{revealedGames > 0 ? t("gameSeedsRevealed", { games: revealedGames }) : t("gameSeedsNone")}</dd>
          </>
        ) : null}
        <dt>{t("serverSeed")}</dt>
        <dd className="hex" data-testid="server-seed">
          {ended ? ended.serverSeed : t("secret")}
        </dd>
      </dl>
      {needsSeed ? <SeedForm matchId={view.matchId} commitment={view.commitment} /> : null}
      <h3>{t("rolls")}</h3>
      {rolls.length === 0 ? (
        <p className="muted">{t("noRolls")}</p>
      ) : (
        // Scrolls when long: focusable, so the keyboard can scroll it (axe: scrollable-region-focusable).
        <div className="roll-log-box" tabIndex={0} role="region" aria-label={t("rolls")}>
          <table className="roll-log" data-testid="roll-log">
            <ColumnHeads labels={[t("nonce"), t("game"), t("roll"), t("dice")]} />
            <tbody>
              {rolls.map((roll) => (
                <tr key={roll.nonce}>
                  <td>{roll.nonce}</td>
                  <td>{roll.game}</td>
                  <td>{roll.kind === "opening" ? t("opening") : t("colorName", { color: roll.player ?? "white" })}</td>
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
        <Suspense fallback={null}>
          <AuditCheck key="match" matchId={view.matchId} invite={invite} label={t("verifyAll")} you={you} rerunOn={chained ? revealedGames : 0} />
        </Suspense>
      ) : chained && revealedGames > 0 ? (
        <Suspense fallback={null}>
          <AuditCheck key="games" matchId={view.matchId} invite={invite} label={t("verifyGames")} you={you} rerunOn={revealedGames} />
        </Suspense>
      ) : rolls.length > 0 ? (
        <p className="muted">
          {t.rich("bundleWhilePlaying", { link: (chunks) => <a href={`/api/matches/${view.matchId}/audit${invite ? `?invite=${invite}` : ""}`}>{chunks}</a> })}
        </p>
      ) : null}
    </section>
  );
}
