"use client";
/**
 * Who sits where, and what someone without a seat can do: the creator sees the invite link while the match waits;
 * a signed-in visitor gets a "Join" button for the open seat (a private match needs the link's token); a visitor
 * who is not signed in is offered sign-in or a guest account (an invitation works for guests too); a visitor whose
 * invitation link comes after the match filled up or ended is told it can no longer be used. A match of an older dice
 * protocol (fair-dice-v1) seats nobody (lib/match/dice-protocol.ts): instead of the seat, its visitors and its creator
 * are told why in words. Players can cancel before the first roll, and claim the match when the opponent has been away
 * too long.
 *
 * @example
 *   <SeatPanel signedIn />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { GuestButton } from "@/components/auth/guest-button";
import { opponentOf } from "@/lib/engine/types";
import { outdatedProtocol } from "@/lib/match/dice-protocol";
import { useRun } from "./match-provider";
import { useMatchFields } from "./use-match-fields";
import { useAllowedCommands } from "./use-allowed-commands";

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function SeatPanel({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations("seats");
  const { view, you, invite, inviteToken, awaySince, busy, adopt } = useMatchFields("view", "you", "invite", "inviteToken", "awaySince", "busy", "adopt");
  const run = useRun();
  const [copied, setCopied] = useState(false);
  const opponentAway = view?.status === "playing" && you !== null ? awaySince[opponentOf(you)] : null;
  const now = useNow(opponentAway !== null);
  const allowed = useAllowedCommands(now);
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  if (!view) return null;

  const { matchId } = view;
  const openColor = view.players.white ? "black" : "white";
  const token = inviteToken ?? invite;
  const link = `${origin}/match/${matchId}${token && view.visibility === "private" ? `?invite=${token}` : ""}`;
  const here = `/match/${matchId}${invite ? `?invite=${invite}` : ""}`;

  // The server would refuse the seat (ERR_OUTDATED_PROTOCOL): no button that can only fail, and no link to send.
  const outdated = view.status === "waiting" ? outdatedProtocol(view) : null;
  // Cancelling before the first roll, claiming once the opponent has been away too long: lib/match/leaving.ts's rules.
  const canClaim = allowed["claim-abandoned"];
  const canCancel = allowed.cancel;
  // A player in a running match has nothing to do here: no empty box.
  if (you !== null && view.status !== "waiting" && !canCancel && !canClaim) return null;

  const join = async () => {
    const reply = await run("match:join", invite ? { matchId, inviteToken: invite } : { matchId });
    if (reply.ok) adopt(reply.snapshot);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section className="panel seat-panel" aria-label={t("title")}>
      {outdated ? (
        <p className="muted" role="status" data-testid="outdated-protocol">
          {t(you === null ? "outdatedProtocol" : "outdatedProtocolCreator", outdated)}
        </p>
      ) : null}
      {view.status === "waiting" && you !== null && !outdated ? (
        <div className="invite">
          <p>{t("inviteText")}</p>
          <div className="invite-row">
            <input readOnly value={link} aria-label={t("inviteLink")} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" onClick={() => void copy()}>
              {copied ? t("copied") : t("copyLink")}
            </button>
          </div>
        </div>
      ) : null}
      {view.status === "waiting" && you === null && !outdated ? (
        signedIn ? (
          <p>
            {t("seatOpen", { color: openColor })}{" "}
            <button type="button" className="primary" disabled={busy} onClick={() => void join()}>
              {t("joinAs", { color: openColor })}
            </button>
          </p>
        ) : (
          <p>
            {t("seatOpen", { color: openColor })}{" "}
            {t.rich("signInToJoin", { link: (chunks) => <a href={`/login?callbackUrl=${encodeURIComponent(here)}`}>{chunks}</a> })}{" "}
            <GuestButton callbackUrl={here} />
          </p>
        )
      ) : null}
      {you === null && view.status !== "waiting" ? (
        invite ? (
          // Came by an invitation link that can no longer seat anyone: say so, rather than offer a seat that is gone.
          <p className="muted" role="status" data-testid="invite-used">
            {t("watching")} {t(view.ended ? "inviteOver" : "inviteFull")}
          </p>
        ) : (
          <p className="muted">{t("watching")}</p>
        )
      ) : null}
      {canCancel ? (
        <button type="button" disabled={busy} onClick={() => void run("match:cancel", { matchId, expectedVersion: view.version })}>
          {t("cancel")}
        </button>
      ) : null}
      {canClaim && opponentAway !== null ? (
        <p>
          {t("opponentLeft", { minutes: Math.round((now - opponentAway) / 60_000) })}{" "}
          <button type="button" disabled={busy} onClick={() => void run("match:claim-abandoned", { matchId, expectedVersion: view.version })}>
            {t("claim")}
          </button>
        </p>
      ) : null}
    </section>
  );
}
