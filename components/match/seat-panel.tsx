"use client";
/**
 * Who sits where, and what someone without a seat can do: the creator sees the invite link while the match waits;
 * a signed-in visitor gets a "Join" button for the open seat (a private match needs the link's token); a visitor
 * who is not signed in is offered sign-in or a guest account (an invitation works for guests too); a visitor whose
 * invitation link comes after the match filled up or ended is told it can no longer be used. Players can cancel
 * before the first roll, and claim the match when the opponent has been away too long.
 *
 * @example
 *   <SeatPanel signedIn />   // inside a MatchProvider
 */
import { useEffect, useState } from "react";
import { GuestButton } from "@/components/auth/guest-button";
import { opponentOf } from "@/lib/engine/types";
import { useMatch, useRun } from "./match-provider";

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
  const view = useMatch((s) => s.view);
  const you = useMatch((s) => s.you);
  const invite = useMatch((s) => s.invite);
  const inviteToken = useMatch((s) => s.inviteToken);
  const awaySince = useMatch((s) => s.awaySince);
  const abandonAfterMs = useMatch((s) => s.abandonAfterMs);
  const busy = useMatch((s) => s.busy);
  const adopt = useMatch((s) => s.adopt);
  const run = useRun();
  const [copied, setCopied] = useState(false);
  const opponentAway = view?.status === "playing" && you !== null ? awaySince[opponentOf(you)] : null;
  const now = useNow(opponentAway !== null);
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  if (!view) return null;

  const { matchId } = view;
  const openColor = view.players.white ? "black" : "white";
  const token = inviteToken ?? invite;
  const link = `${origin}/match/${matchId}${token && view.visibility === "private" ? `?invite=${token}` : ""}`;
  const here = `/match/${matchId}${invite ? `?invite=${invite}` : ""}`;

  const canClaim = opponentAway !== null && now - opponentAway >= abandonAfterMs;
  const canCancel = you !== null && (view.status === "waiting" || view.status === "seeding");
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
    <section className="panel seat-panel" aria-label="Seats">
      {view.status === "waiting" && you !== null ? (
        <div className="invite">
          <p>Waiting for an opponent. Send them this link:</p>
          <div className="invite-row">
            <input readOnly value={link} aria-label="Invite link" onFocus={(e) => e.currentTarget.select()} />
            <button type="button" onClick={() => void copy()}>
              {copied ? "Copied" : "Copy link"}
            </button>
          </div>
        </div>
      ) : null}
      {view.status === "waiting" && you === null ? (
        signedIn ? (
          <p>
            The {openColor} seat is open.{" "}
            <button type="button" className="primary" disabled={busy} onClick={() => void join()}>
              Join as {openColor}
            </button>
          </p>
        ) : (
          <p>
            The {openColor} seat is open. <a href={`/login?callbackUrl=${encodeURIComponent(here)}`}>Sign in</a> to join, or{" "}
            <GuestButton callbackUrl={here} />
          </p>
        )
      ) : null}
      {you === null && view.status !== "waiting" ? (
        invite ? (
          // Came by an invitation link that can no longer seat anyone: say so, rather than offer a seat that is gone.
          <p className="muted" role="status" data-testid="invite-used">
            You are watching this match.{" "}
            {view.ended
              ? "It is over: the invitation can no longer be used to join it."
              : "It already has two players: the invitation can no longer be used to join it."}
          </p>
        ) : (
          <p className="muted">You are watching this match.</p>
        )
      ) : null}
      {canCancel ? (
        <button type="button" disabled={busy} onClick={() => void run("match:cancel", { matchId, expectedVersion: view.version })}>
          Cancel match
        </button>
      ) : null}
      {canClaim && opponentAway !== null ? (
        <p>
          Your opponent left {Math.round((now - opponentAway) / 60_000)} min ago.{" "}
          <button type="button" disabled={busy} onClick={() => void run("match:claim-abandoned", { matchId, expectedVersion: view.version })}>
            Claim the match
          </button>
        </p>
      ) : null}
    </section>
  );
}
