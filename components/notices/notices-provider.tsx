"use client";
/**
 * What waits for the signed-in player, on every page (issue 48 item 4), from the root layout: challenges sent to them
 * (Accept / Decline), their own waiting for an answer (Withdraw), tournament matches ready, their challenges
 * accepted. It holds the page's shared socket (components/socket) for a registered player — guests and visitors have
 * nothing waiting and open nothing — asks `notices:list` on load and after every reconnection, so a reload shows what
 * still waits, and follows the server's pushes. The header's NoticeCenter and the lobby's ChallengeInbox show it.
 *
 * A challenge sent from this tab (the lobby's form) opens its match here when it is accepted; in another tab, or on
 * a match page, the acceptance waits as a notice with the match's link instead. The live part is notices-engine.tsx,
 * loaded once the page is up; until then (and for everyone else) nothing waits.
 *
 * @example
 *   <NoticesProvider protocol={PROTOCOL_VERSION} enabled={registered} sound={preferences.sound}>…</NoticesProvider>
 *   const notices = useNotices(); await notices.answer(challenge, true);
 */
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from "react";
import type { NoticesState } from "./notices-state";
import type { NoticesValue } from "./notices-value";

export type { NoticesValue } from "./notices-value";

/** The live part, in a chunk of its own: no page's first load carries it (e2e/match.spec.ts's budget). */
const NoticesEngine = lazy(() => import("./notices-engine"));


const idle = async () => {};
/** Written out, not imported: the reducer's module belongs to the live chunk. */
const NOTHING: NoticesState = { received: [], sent: [], tournamentMatches: [], accepted: [], lastAnswer: null };
const DISABLED: NoticesValue = { enabled: false, state: NOTHING, now: 0, busy: false, error: null, answer: idle, withdraw: idle, noteSent: () => {}, opened: () => {} };
const Context = createContext<NoticesValue>(DISABLED);

export function useNotices(): NoticesValue {
  return useContext(Context);
}

export function NoticesProvider({ protocol, enabled, sound, children }: { protocol: number; enabled: boolean; sound: boolean; children: ReactNode }) {
  const [value, setValue] = useState<NoticesValue>(DISABLED);
  return (
    <Context.Provider value={enabled ? value : DISABLED}>
      {children}
      {enabled ? (
        <Suspense fallback={null}>
          <NoticesEngine protocol={protocol} sound={sound} onValue={setValue} />
        </Suspense>
      ) : null}
    </Context.Provider>
  );
}
