"use client";
/**
 * The match page's side column: the rematch at the end, the seat panel, the fair-dice panel, the player's play
 * settings, a tournament notice, the chat and the log. What is needed only later — the rematch, the settings once
 * opened, a tournament notice when one waits — comes in chunks of their own: the page's first load has a budget
 * (e2e/match.spec.ts).
 *
 * @example
 *   <MatchSide signedIn viewerId={user.id} />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { FairnessPanel } from "@/components/fairness/fairness-panel";
import { useNotices } from "@/components/notices/notices-provider";
import { MatchChat } from "./match-chat";
import { MatchLog } from "./match-log";
import { useMatch, useMatchSocket } from "./match-provider";
import { SeatPanel } from "./seat-panel";

const RematchPanel = lazy(() => import("./rematch-panel").then((module) => ({ default: module.RematchPanel })));
const PlaySettings = lazy(() => import("@/components/play/play-settings").then((module) => ({ default: module.PlaySettings })));
const TournamentNotice = lazy(() => import("@/components/tournaments/tournament-notice").then((module) => ({ default: module.TournamentNotice })));

export function MatchSide({ signedIn, viewerId }: { signedIn: boolean; viewerId: string | null }) {
  const t = useTranslations("match");
  const status = useMatch((s) => s.view?.status ?? null);
  const you = useMatch((s) => s.you);
  const socket = useMatchSocket();
  const tournamentReady = useNotices().state.tournamentMatches.length > 0;
  const [settingsOpened, setSettingsOpened] = useState(false);
  return (
    <aside className="match-side">
      {status === "finished" && you !== null ? (
        <Suspense fallback={null}>
          <RematchPanel />
        </Suspense>
      ) : null}
      <SeatPanel signedIn={signedIn} />
      <FairnessPanel />
      {you !== null && status !== "finished" && status !== "aborted" ? (
        <details className="panel settings-panel" onToggle={(event) => setSettingsOpened((was) => was || event.currentTarget.open)}>
          <summary>{t("settings")}</summary>
          {settingsOpened ? (
            <Suspense fallback={null}>
              <PlaySettings />
            </Suspense>
          ) : null}
        </details>
      ) : null}
      {tournamentReady ? (
        <Suspense fallback={null}>
          <TournamentNotice socket={socket} />
        </Suspense>
      ) : null}
      <MatchChat viewerId={viewerId} />
      <MatchLog />
    </aside>
  );
}
