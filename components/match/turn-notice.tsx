"use client";
/**
 * Tells a player that the match waits for them (lib/play/automatic-play.ts `awaitsPlayer`): the tab's title and icon
 * change for as long as it waits — so a player in another tab sees it — and, by their settings, a chime and a browser
 * notification when it starts waiting (the notification only while the page is hidden: on a visible page the board
 * says it). Nothing sounds for the state the page opened on, only for a change of turn seen here.
 *
 * @example
 *   <TurnNotice />   // inside a MatchProvider and a PlayPreferencesProvider
 */
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { usePlayPreferences } from "@/components/play/play-preferences";
import { markTabIcon, playChime } from "@/components/play/turn-signals";
import { awaitsPlayer } from "@/lib/play/automatic-play";
import { useMatch } from "./match-provider";

export function TurnNotice() {
  const t = useTranslations("turnNotice");
  const view = useMatch((s) => s.view);
  const you = useMatch((s) => s.you);
  const { preferences } = usePlayPreferences();
  const waiting = Boolean(view && you && view.status === "playing" && awaitsPlayer(view.state, you));
  const matchId = view?.matchId ?? "";
  const before = useRef<boolean | null>(null);

  useEffect(() => {
    if (!waiting) return;
    const title = document.title;
    document.title = `● ${t("title")} — ${title}`;
    const restoreIcon = markTabIcon();
    return () => {
      document.title = title;
      restoreIcon();
    };
  }, [waiting, t]);

  useEffect(() => {
    const started = waiting && before.current === false;
    before.current = waiting;
    if (!started) return;
    if (preferences.sound) playChime();
    if (preferences.notify && document.hidden && typeof Notification !== "undefined" && Notification.permission === "granted") {
      const notification = new Notification(t("title"), { body: t("body"), tag: `fairgammon-${matchId}` });
      notification.onclick = () => {
        window.focus();
        notification.close();
      };
    }
  }, [waiting, preferences.sound, preferences.notify, matchId, t]);

  return null;
}
