"use client";
/**
 * Opens the match a challenge's acceptance makes. The acceptance is stored first and the match is made from it just
 * after (lib/challenge: a reaction on the server), so the answer can reach a page a moment before the match exists;
 * this asks for the match until the server knows it (a few seconds at most), then goes to its page.
 *
 * @example
 *   void openMatchWhenMade(socket, answer.matchId);
 */
import { send, type ClientSocket } from "@/components/socket/socket-client";

export async function openMatchWhenMade(socket: ClientSocket, matchId: string, options: { readonly tries?: number; readonly waitMs?: number } = {}): Promise<void> {
  const { tries = 20, waitMs = 250 } = options;
  for (let i = 0; i < tries; i++) {
    const reply = await send(socket, "match:snapshot", { matchId });
    if (reply.ok || reply.code !== "ERR_NOT_FOUND") break;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
  window.location.assign(`/match/${matchId}`);
}
