"use client";
/**
 * How the notice center makes itself noticed on any page: the tab's title carries the count of what waits ("(2) …",
 * kept through the page's own title changes), and something new arriving — a challenge, a tournament match ready, a
 * challenge accepted — plays the match page's chime when the player has sound on (Play settings; components/play)
 * and shows a browser notification while the page is hidden, if the browser allowed them. What the page opened on
 * makes no sound.
 *
 * @example
 *   useTitleCount(enabled ? waitingCount(state) : 0);
 *   const signal = useNoticeSignal(sound);  signal("A challenge from ann", "3-point match…", "challenge-c1");
 */
import { useCallback, useEffect, useRef } from "react";
import { playChime } from "@/components/play/turn-signals";
import { titleWithCount } from "./notices-state";

export function useTitleCount(count: number, enabled: boolean): void {
  // The last prefix this page wrote, to take out wherever a title built from it put it.
  const mark = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const apply = () => {
      const next = titleWithCount(document.title, count, mark.current);
      mark.current = next.mark ?? mark.current;
      if (document.title !== next.title) document.title = next.title;
    };
    apply();
    // The page's own title changes (a navigation, the match page's "Your turn") come through the <title> element.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [count, enabled]);
}

export type NoticeSignal = (title: string, body: string, tag: string) => void;

export function useNoticeSignal(sound: boolean): NoticeSignal {
  const soundOn = useRef(sound);
  useEffect(() => {
    soundOn.current = sound;
  }, [sound]);
  return useCallback((title: string, body: string, tag: string) => {
    if (soundOn.current) playChime();
    if (!document.hidden || typeof Notification === "undefined" || Notification.permission !== "granted") return;
    try {
      const notification = new Notification(title, { body, tag });
      notification.onclick = () => {
        window.focus();
        notification.close();
      };
    } catch {
      // A browser that allows notifications only from a service worker (Chrome on Android): the title still says it.
    }
  }, []);
}
