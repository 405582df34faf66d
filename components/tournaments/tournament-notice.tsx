"use client";
/**
 * "Your tournament match is ready", in the page: the lobby and match pages show the player's tournament matches made
 * and not begun, each with its link (not the one this page shows). They come from the page's notices
 * (components/notices), which the header's notice center also counts, chimes and notifies for, and keeps after a
 * reload until the match is begun.
 *
 * @example
 *   <TournamentNotice socket={socket} />
 */
import type { ClientSocket } from "@/components/socket/socket-client";
import { ReadyMatches } from "@/components/notices/notice-items";
import { useNotices } from "@/components/notices/notices-provider";

/** `socket` is the page's; the notices ride the same connection (components/socket/shared-socket.ts). */
export function TournamentNotice(_props: { socket: ClientSocket | null }) {
  const { state } = useNotices();
  if (state.tournamentMatches.length === 0) return null;
  return (
    <div className="panel" data-testid="tournament-notice">
      <ReadyMatches testId="tournament-notices" alert tournamentsOnly />
    </div>
  );
}
