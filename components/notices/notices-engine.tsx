"use client";
/**
 * The live half of the notices (notices-provider.tsx), loaded after the page is up so that it weighs nothing in any
 * page's first load: it holds the page's shared socket for a registered player, asks `notices:list` on load and after
 * every reconnection, follows the server's pushes, signals what arrives (chime, title, notification), and hands the
 * provider every new value.
 */
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { ChallengeView } from "@/lib/protocol/meet";
import { useErrorText } from "@/components/i18n/error-text";
import { openSocket, send, type ClientSocket } from "@/components/socket/socket-client";
import type { FailureValues } from "@/lib/engine/types";
import { EMPTY_NOTICES, matchOfPath, noticesReducer, waitingCount } from "./notices-state";
import type { NoticesValue } from "./notices-value";
import { openMatchWhenMade } from "./open-match";
import { forgetSentHere, rememberSentHere, useNow, wasSentHere } from "./tab-state";
import { useNoticeSignal, useTitleCount } from "./use-notice-signals";

type Outcome = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly values?: FailureValues };

export default function NoticesEngine({ protocol, sound, onValue }: { protocol: number; sound: boolean; onValue: (value: NoticesValue) => void }) {
  const enabled = true;
  const tm = useTranslations("meet");
  const tt = useTranslations("tournaments");
  const errorText = useErrorText();
  const [state, dispatch] = useReducer(noticesReducer, EMPTY_NOTICES);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const socket = useRef<ClientSocket | null>(null);
  const here = matchOfPath(usePathname());
  const now = useNow(state.received.length + state.sent.length > 0);
  const signal = useNoticeSignal(sound);
  const words = useRef({ tm, tt });
  useEffect(() => {
    words.current = { tm, tt };
  }, [tm, tt]);
  useTitleCount(waitingCount(state), enabled);

  useEffect(() => {
    if (!enabled) return;
    const connection = openSocket(protocol);
    socket.current = connection;
    const list = async () => {
      const reply = await send(connection, "notices:list", {});
      if (reply.ok) dispatch({ type: "listed", notices: reply });
    };
    connection.on("connect", () => void list());
    connection.on("challenge:received", (challenge) => {
      dispatch({ type: "received", challenge });
      signal(words.current.tm("notificationTitle", { name: challenge.from.name }), words.current.tm("notificationBody", { length: challenge.matchLength }), `challenge-${challenge.id}`);
    });
    connection.on("challenge:closed", (closed) => dispatch({ type: "closed", closed }));
    connection.on("challenge:answered", (answer) => {
      // The tab that sent it opens the match, unless it is showing another one.
      const opens = answer.accepted && wasSentHere(answer.challengeId) && matchOfPath(window.location.pathname) === null;
      forgetSentHere(answer.challengeId);
      dispatch({ type: "answered", answer, opened: opens });
      if (opens) void openMatchWhenMade(connection, answer.matchId);
      else if (answer.accepted) signal(words.current.tm("accepted", { name: answer.by }), words.current.tm("open"), `accepted-${answer.challengeId}`);
    });
    connection.on("tournament:match", (notice) => {
      if (matchOfPath(window.location.pathname) === notice.matchId) return;
      dispatch({ type: "tournament-match", notice });
      signal(notice.name, words.current.tt("yourMatch", { round: notice.round }), `tournament-${notice.matchId}`);
    });
    return () => {
      connection.close();
      socket.current = null;
    };
  }, [enabled, protocol, signal]);

  // On a match's page, nothing about that match waits (a tournament notice listed again after a reload included).
  useEffect(() => {
    if (here) dispatch({ type: "match-opened", matchId: here });
  }, [here, state.tournamentMatches, state.accepted]);
  useEffect(() => {
    if (now > 0) dispatch({ type: "tick", now });
  }, [now]);

  const command = useCallback(
    async (run: (connection: ClientSocket) => Promise<Outcome>): Promise<boolean> => {
      const connection = socket.current;
      if (!connection) return false;
      setBusy(true);
      const reply = await run(connection);
      setBusy(false);
      if (reply.ok) {
        setError(null);
        return true;
      }
      setError(errorText(reply.code, reply.values));
      // Refused: what waits may have changed meanwhile (answered in another tab, withdrawn, expired).
      const listed = await send(connection, "notices:list", {});
      if (listed.ok) dispatch({ type: "listed", notices: listed });
      return false;
    },
    [errorText],
  );

  const answer = useCallback(
    async (challenge: ChallengeView, accept: boolean) => {
      let matchId = "";
      const done = await command(async (connection) => {
        const reply = await send(connection, "challenge:answer", { challengeId: challenge.id, accept });
        if (reply.ok) matchId = reply.matchId;
        return reply;
      });
      if (!done) return;
      dispatch({ type: "closed", closed: { challengeId: challenge.id } });
      if (accept && socket.current) await openMatchWhenMade(socket.current, matchId);
    },
    [command],
  );
  const withdraw = useCallback(
    async (challenge: ChallengeView) => {
      if (await command((connection) => send(connection, "challenge:withdraw", { challengeId: challenge.id }))) dispatch({ type: "closed", closed: { challengeId: challenge.id } });
    },
    [command],
  );
  const noteSent = useCallback((challenge: ChallengeView) => {
    rememberSentHere(challenge.id);
    dispatch({ type: "sent", challenge });
  }, []);
  const opened = useCallback((matchId: string) => dispatch({ type: "match-opened", matchId }), []);

  const value = useMemo<NoticesValue>(() => ({ enabled, state, now, busy, error, answer, withdraw, noteSent, opened }), [enabled, state, now, busy, error, answer, withdraw, noteSent, opened]);
  useEffect(() => onValue(value), [onValue, value]);
  return null;
}
