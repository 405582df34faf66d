"use client";
/**
 * The lobby's people, on the lobby's socket: challenges waiting for you (and yours), who is online now with a
 * Challenge button each, a form to challenge anyone by name (prefilled by ?challenge=<name>, the profile's link), and
 * the lobby chat. Challenging by name is for the accounts lib/access/may.ts lets challenge.
 *
 * @example
 *   <LobbySocial socket={socket} viewerId={user?.id ?? null} kind="registered" />
 */
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { ChatPanel } from "@/components/chat/chat-panel";
import { ChallengeForm } from "@/components/meet/challenge-form";
import { ChallengeInbox } from "@/components/meet/challenge-inbox";
import { OnlinePanel } from "@/components/meet/online-panel";
import { TournamentNotice } from "@/components/tournaments/tournament-notice";
import type { ClientSocket } from "@/components/socket/socket-client";
import { may, type AccountKind } from "@/lib/access/may";
import { LOBBY_CHANNEL } from "@/lib/chat/channels";

/** `kind`: the signed-in account's kind; null for a visitor who is not signed in. */
export function LobbySocial({ socket, viewerId, kind }: { socket: ClientSocket | null; viewerId: string | null; kind: AccountKind | null }) {
  const t = useTranslations("chat");
  const channels = useMemo(() => [{ name: LOBBY_CHANNEL, label: t("lobbyTitle") }], [t]);
  const [target, setTarget] = useState("");
  useEffect(() => {
    const named = new URLSearchParams(window.location.search).get("challenge");
    if (named) setTarget(named.slice(0, 64));
  }, []);
  const signedIn = viewerId !== null;
  const mayChallenge = kind !== null && may(kind, "challenge");
  const challenge = (name: string) => {
    setTarget(name);
    document.getElementById("challenge")?.scrollIntoView({ block: "nearest" });
    document.querySelector<HTMLInputElement>("input[name=challenge-username]")?.focus();
  };
  return (
    <>
      {signedIn ? <TournamentNotice socket={socket} /> : null}
      {signedIn ? <ChallengeInbox socket={socket} showSent /> : null}
      <OnlinePanel socket={socket} viewerId={viewerId} onChallenge={signedIn && mayChallenge ? challenge : null} />
      {signedIn ? <ChallengeForm socket={socket} target={target} onTargetChange={setTarget} isGuest={!mayChallenge} /> : null}
      <ChatPanel socket={socket} title={t("lobbyTitle")} channels={channels} viewerId={viewerId} />
    </>
  );
}
