import { getTranslations } from "next-intl/server";
import { GuestButton } from "@/components/auth/guest-button";
import { Board } from "@/components/board/board";
import { accountKind } from "@/lib/access/may";
import { initialPosition } from "@/lib/engine/position";
import { computerLevelOfName } from "@/lib/play/computer-seat";
import { LobbyClient } from "@/components/lobby/lobby-client";
import { timeControlText } from "@/components/match/time-control-text";
import { PROTOCOL_VERSION } from "@/lib/protocol/protocol";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { listLiveMatches, listMatchesForUser } from "@/server/db/listings";
import { followedIds } from "@/server/players/follows";
import type { MatchSummary } from "@/server/db/types";

const ACTIVE = new Set(["waiting", "seeding", "playing"]);

async function MatchLine({ match, followed = false }: { match: MatchSummary; followed?: boolean }) {
  const [t, tc] = await Promise.all([getTranslations("home"), getTranslations("clock")]);
  // The computer players' names are words: in the reader's language.
  const shown = (name: string | undefined) => {
    if (name === undefined) return t("openSeat");
    const level = computerLevelOfName(name);
    return level ? t("computerName", { level }) : name;
  };
  const white = shown(match.white?.username);
  const black = shown(match.black?.username);
  return (
    <li>
      <a href={`/match/${match.id}`}>{t("players", { white, black })}</a>
      <span className="muted">
        {t("matchFacts", {
          length: match.matchLength,
          rated: match.rated ? "yes" : "no",
          clock: timeControlText(tc, match.reserveMs !== null && match.delayMs !== null ? { reserveMs: match.reserveMs, delayMs: match.delayMs } : null),
          white: match.scoreWhite,
          black: match.scoreBlack,
          status: match.status,
        })}
        {match.visibility === "private" ? ` · ${t("private")}` : ""}
      </span>
      {followed ? <span className="badge">{t("followed")}</span> : null}
    </li>
  );
}

/** The lobby: create a match, open challenges (live, over the socket), your matches, and public matches to watch. */
export default async function HomePage() {
  const user = await getCurrentUser();
  const t = await getTranslations("home");
  const db = getDb();
  const [mine, live] = await Promise.all([
    user ? listMatchesForUser(db, user.id, { pageSize: 50 }) : null,
    listLiveMatches(db, { pageSize: 50 }),
  ]);
  const active = mine?.items.filter((m) => ACTIVE.has(m.status)) ?? [];
  // The live matches of players you follow come first (the order is otherwise the newest first).
  const followed = new Set(user ? await followedIds(db, user.id) : []);
  const isFollowedMatch = (m: MatchSummary) => (m.white !== null && followed.has(m.white.id)) || (m.black !== null && followed.has(m.black.id));
  const liveMatches = [...live.items.filter(isFollowedMatch), ...live.items.filter((m) => !isFollowedMatch(m))];

  return (
    <section>
      <div className="landing">
        <div className="landing-text">
          <h1>{t("title")}</h1>
          <p>
            {t("intro")} <a href="/fairness">{t("howItWorks")}</a> · <a href="/verify">{t("verify")}</a>
          </p>
          <p>
            {t("learnPrompt")} <a href="/learn">{t("learnLink")}</a>
          </p>
        </div>
        <div className="landing-board" aria-hidden="true">
          <Board position={initialPosition("white")} viewer="white" dice={null} cube={{ value: 1, owner: null }} input={null} />
        </div>
      </div>
      {user ? null : (
        <div className="panel signed-out">
          <span>{t("signInPrompt")}</span>
          <a href="/login">{t("signIn")}</a>
          <a href="/register">{t("register")}</a>
          <GuestButton callbackUrl="/" />
        </div>
      )}
      <div className="lobby-grid">
        <LobbyClient kind={user ? accountKind(user) : null} protocol={PROTOCOL_VERSION} viewerId={user?.id ?? null} />
        <div className="lobby">
          {user ? (
            <section className="panel" aria-labelledby="mine-title">
              <h2 id="mine-title">{t("yourMatches")}</h2>
              {active.length === 0 ? (
                <p className="muted">{t("noneInProgress")}</p>
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
            <h2 id="live-title">{t("live")}</h2>
            {liveMatches.length === 0 ? (
              <p className="muted">{t("noLive")}</p>
            ) : (
              <ul className="match-list" data-testid="live-matches">
                {liveMatches.map((m) => (
                  <MatchLine key={m.id} match={m} followed={isFollowedMatch(m)} />
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}
