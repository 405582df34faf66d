"use client";
/**
 * What the notice center keeps in this tab: the clock it shows the time left by, and the challenges this tab sent
 * (sessionStorage, so a reload of the lobby still opens the match when the answer comes; other tabs only tell).
 *
 * @example
 *   const now = useNow(challengesListed);  // Date.now(), every second while ticking; 0 before the first tick
 *   rememberSentHere(challenge.id); wasSentHere(challenge.id); forgetSentHere(challenge.id);
 */
import { useEffect, useState } from "react";

export function useNow(ticking: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}

const SENT_KEY = "fairgammon.sentChallenges";
/** Enough for anyone's waiting challenges; older ids fall off. */
const SENT_KEPT = 20;

function readSent(): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(SENT_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function writeSent(ids: readonly string[]): void {
  try {
    window.sessionStorage.setItem(SENT_KEY, JSON.stringify(ids.slice(-SENT_KEPT)));
  } catch {
    // Storage refused (private mode, full): this tab will tell of the acceptance instead of opening the match.
  }
}

export function rememberSentHere(challengeId: string): void {
  writeSent([...readSent().filter((id) => id !== challengeId), challengeId]);
}

export function wasSentHere(challengeId: string): boolean {
  return readSent().includes(challengeId);
}

export function forgetSentHere(challengeId: string): void {
  const ids = readSent();
  if (ids.includes(challengeId)) writeSent(ids.filter((id) => id !== challengeId));
}
