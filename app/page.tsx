import { GuestButton } from "@/components/auth/guest-button";
import { LobbyClient } from "@/components/lobby/lobby-client";
import { PROTOCOL_VERSION } from "@/lib/protocol/protocol";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { listLiveMatches, listMatchesForUser } from "@/server/db/listings";
import type { MatchSummary } from "@/server/db/types";
import { describeTimeControl } from "@/lib/record/clock";

const ACTIVE = new Set(["waiting", "seeding", "playing"]);

function MatchLine({ match }: { match: MatchSummary }) {
  const white = match.white?.username ?? "open seat";
  const black = match.black?.username ?? "open seat";
  return (
    <li>
      <a href={`/match/${match.id}`}>
        {white} (white) vs {black} (black)
      </a>
      <span className="muted">
        {match.matchLength}-point {match.rated ? "rated " : ""}match · {describeTimeControl(match.reserveMs !== null && match.delayMs !== null ? { reserveMs: match.reserveMs, delayMs: match.delayMs } : null)} ·{" "}
        {match.scoreWhite}–{match.scoreBlack} · {match.status}
        {match.visibility === "private" ? " · private" : ""}
      </span>
    </li>
  );
}

/** The lobby: create a match, open challenges (live, over the socket), your matches, and public matches to watch. */
export default async function HomePage() {
  const user = await getCurrentUser();
  const db = getDb();
  const [mine, live] = await Promise.all([
    user ? listMatchesForUser(db, user.id, { pageSize: 50 }) : null,
    listLiveMatches(db, { pageSize: 50 }),
  ]);
  const active = mine?.items.filter((m) => ACTIVE.has(m.status)) ?? [];

  return (
    <section>
      <h1>Fairgammon</h1>
      <p>
        Backgammon matches in real time, with dice anyone can check: the server commits to a secret seed before play, each
        player adds a seed, and at the end the secret is revealed so every roll can be recomputed. <a href="/fairness">How it works</a>{" "}
        · <a href="/verify">Verify a match</a>
      </p>
      {user ? null : (
        <div className="panel signed-out">
          <span>Sign in to create or join a match:</span>
          <a href="/login">Sign in</a>
          <a href="/register">Register</a>
          <GuestButton callbackUrl="/" />
        </div>
      )}
      <div className="lobby-grid">
        <LobbyClient signedIn={user !== null} isGuest={user?.isGuest ?? false} protocol={PROTOCOL_VERSION} />
        <div className="lobby">
          {user ? (
            <section className="panel" aria-labelledby="mine-title">
              <h2 id="mine-title">Your matches</h2>
              {active.length === 0 ? (
                <p className="muted">No match in progress.</p>
              ) : (
                <ul className="match-list" data-testid="my-matches">
                  {active.map((m) => (
                    <MatchLine key={m.id} match={m} />
                  ))}
                </ul>
              )}
            </section>
          ) : null}
          <section className="panel" aria-labelledby="live-title">
            <h2 id="live-title">Live matches to watch</h2>
            {live.items.length === 0 ? (
              <p className="muted">Nobody is playing a public match right now.</p>
            ) : (
              <ul className="match-list" data-testid="live-matches">
                {live.items.map((m) => (
                  <MatchLine key={m.id} match={m} />
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}
