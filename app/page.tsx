import { getTranslations } from "next-intl/server";
import { GuestButton } from "@/components/auth/guest-button";
import { Board } from "@/components/board/board";
import { accountKind } from "@/lib/access/may";
import { initialPosition } from "@/lib/engine/position";
import { LobbyClient } from "@/components/lobby/lobby-client";
import { PROTOCOL_VERSION } from "@/lib/protocol/protocol";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { listLiveMatches, listMatchesForUser } from "@/server/db/listings";
import { followedIds } from "@/server/players/follows";
import type { MatchSummary } from "@/server/db/types";
import { MatchListPanel } from "./match-list-panel";

const ACTIVE = new Set(["waiting", "seeding", "playing"]);

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
            <MatchListPanel id="mine" title={t("yourMatches")} empty={t("noneInProgress")} testId="my-matches" matches={active} />
          ) : null}
          <MatchListPanel id="live" title={t("live")} empty={t("noLive")} testId="live-matches" matches={liveMatches} followed={isFollowedMatch} />
        </div>
      </div>
    </section>
  );
}
