/**
 * The chat's channels on the page's socket: each channel not switched off is joined whenever the socket connects (so
 * a reconnection brings back what was said meanwhile), its new messages heard, messages an administrator removed
 * dropped, and each left when the panel goes. Also the people this reader muted, as the server last said.
 *
 * @example
 *   const { state, setState, muted, setMuted } = useChatChannels(socket, "lobby", null, mutedChannels);
 */
import { useEffect, useState } from "react";
import type { ChatMessageView } from "@/lib/chat";
import { send, type ClientSocket } from "@/components/socket/socket-client";
import { withHistory, withMessages, withoutMessage } from "./chat-log";

export interface ChannelState {
  readonly messages: readonly ChatMessageView[];
  readonly canWrite: boolean;
  readonly joined: boolean;
}

export const EMPTY_CHANNEL: ChannelState = { messages: [], canWrite: false, joined: false };

/** `key`: the channels' names joined by "|" — the same channels in a new array must not join again. */
export function useChatChannels(socket: ClientSocket | null, key: string, inviteToken: string | null, mutedChannels: ReadonlySet<string>) {
  const [state, setState] = useState<Readonly<Record<string, ChannelState>>>({});
  const [muted, setMuted] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!socket) return;
    const listening = new Set(key.split("|").filter((name) => !mutedChannels.has(name)));
    const join = async () => {
      for (const name of listening) {
        const reply = await send(socket, "chat:join", inviteToken ? { channel: name, inviteToken } : { channel: name });
        if (!reply.ok) continue;
        setState((now) => ({ ...now, [name]: { messages: withHistory(now[name]?.messages ?? [], reply.messages), canWrite: reply.canWrite, joined: true } }));
        setMuted(new Set(reply.muted));
      }
    };
    const hear = (message: ChatMessageView) => {
      if (!listening.has(message.channel)) return;
      setState((now) => {
        const current = now[message.channel] ?? EMPTY_CHANNEL;
        return { ...now, [message.channel]: { ...current, messages: withMessages(current.messages, [message]) } };
      });
    };
    // An administrator hid or deleted it: gone for everyone, this page included.
    const drop = (removed: { id: string; channel: string }) => {
      setState((now) => {
        const current = now[removed.channel];
        return current ? { ...now, [removed.channel]: { ...current, messages: withoutMessage(current.messages, removed.id) } } : now;
      });
    };
    socket.on("connect", join);
    socket.on("chat:message", hear);
    socket.on("chat:removed", drop);
    if (socket.connected) void join();
    return () => {
      socket.off("connect", join);
      socket.off("chat:message", hear);
      socket.off("chat:removed", drop);
      for (const name of listening) void send(socket, "chat:leave", { channel: name });
    };
  }, [socket, key, inviteToken, mutedChannels]);

  return { state, setState, muted, setMuted };
}
