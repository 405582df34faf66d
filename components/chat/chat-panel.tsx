"use client";
/**
 * A chat: one or more channels (the lobby's; a match's players' and spectators'), each a log of messages rendered as
 * text (links only to this site: lib/chat/chat-links.ts), with Report and a personal Mute (it hides someone from this
 * reader only; site-wide mutes and bans are the administrators', on /admin/chat) on other people's messages and a line
 * to write in when the server says you may. It joins its channels on the page's socket whenever that connects, so a
 * reconnection brings back what was said meanwhile; messages survive a reload because the server stores them first.
 * A player may mute the spectators' channel (kept in this browser).
 *
 * @example
 *   <ChatPanel socket={socket} title={t("title")} channels={[{ name: "lobby", label: t("lobbyTitle") }]} viewerId={user?.id ?? null} />
 */
import { useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import type { ChatMessageView } from "@/lib/chat";
import { useErrorText } from "@/components/i18n/error-text";
import { send, type ClientSocket } from "@/components/socket/socket-client";
import { FormError } from "@/components/ui/form-error";
import { visibleMessages, withMessages } from "./chat-log";
import { ChatChannelMutes, ChatTabs, MutedPeople, type ChatChannelChoice } from "./chat-controls";
import { ChatForm } from "./chat-form";
import { ChatMessages } from "./chat-messages";
import { EMPTY_CHANNEL, useChatChannels } from "./use-chat-channels";
import { useMutedChannels } from "./use-muted-channels";
import "./chat.css";

export type { ChatChannelChoice };

export interface ChatPanelProps {
  readonly socket: ClientSocket | null;
  readonly title: string;
  readonly channels: readonly ChatChannelChoice[];
  readonly viewerId: string | null;
  readonly inviteToken?: string | null;
}

export function ChatPanel({ socket, title, channels, viewerId, inviteToken = null }: ChatPanelProps) {
  const t = useTranslations("chat");
  const errorText = useErrorText();
  const { mutedChannels, toggleChannel } = useMutedChannels();
  const names = useMemo(() => channels.map((channel) => channel.name), [channels]);
  const { state, setState, muted, setMuted } = useChatChannels(socket, names.join("|"), inviteToken, mutedChannels);
  const [mutedNames, setMutedNames] = useState<Readonly<Record<string, string>>>({});
  const [active, setActive] = useState(channels[0]?.name ?? "");
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const shownChannel = mutedChannels.has(active) ? (names.find((name) => !mutedChannels.has(name)) ?? active) : active;
  const current = state[shownChannel] ?? EMPTY_CHANNEL;
  const shown = visibleMessages(current.messages, muted);
  const choice = channels.find((channel) => channel.name === shownChannel);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!socket || sending || draft.trim() === "") return;
    setSending(true);
    const reply = await send(socket, "chat:send", inviteToken ? { channel: shownChannel, text: draft, inviteToken } : { channel: shownChannel, text: draft });
    setSending(false);
    if (!reply.ok) {
      setError(errorText(reply.code, reply.values));
      return;
    }
    setError(null);
    setDraft("");
    setState((now) => {
      const was = now[shownChannel] ?? EMPTY_CHANNEL;
      return { ...now, [shownChannel]: { ...was, messages: withMessages(was.messages, [reply.message]) } };
    });
  };

  const mute = async (author: ChatMessageView["author"], on: boolean) => {
    if (!socket) return;
    const reply = await send(socket, "chat:mute", { userId: author.id, muted: on });
    if (!reply.ok) {
      setError(errorText(reply.code, reply.values));
      return;
    }
    setMuted(new Set(reply.muted));
    setMutedNames((now) => ({ ...now, [author.id]: author.name }));
  };

  const report = async (message: ChatMessageView) => {
    if (!socket) return;
    const reply = await send(socket, "chat:report", inviteToken ? { messageId: message.id, inviteToken } : { messageId: message.id });
    if (reply.ok) {
      setError(null);
      setNotice(t("reported"));
    } else setError(errorText(reply.code, reply.values));
  };

  const mutedHere = [...muted].filter((id) => mutedNames[id] !== undefined).map((id) => ({ id, name: mutedNames[id]! }));

  return (
    <section className="panel chat-panel" aria-label={title} data-testid="chat">
      <h2>{title}</h2>
      {channels.length > 1 ? <ChatTabs title={title} channels={channels} shown={shownChannel} mutedChannels={mutedChannels} onChoose={setActive} /> : null}
      <ChatChannelMutes channels={channels} mutedChannels={mutedChannels} onToggle={toggleChannel} />
      <ChatMessages label={t("log", { channel: choice?.label ?? title })} messages={shown} channel={shownChannel} viewerId={viewerId} onReport={(message) => void report(message)} onMute={(author) => void mute(author, true)} />
      {mutedHere.length > 0 ? <MutedPeople people={mutedHere} onUnmute={(person) => void mute(person, false)} /> : null}
      {current.joined && current.canWrite ? (
        <ChatForm channel={shownChannel} draft={draft} onDraft={setDraft} sending={sending} onSubmit={(event) => void submit(event)} />
      ) : current.joined ? (
        <p className="muted">{viewerId === null ? t("signIn") : choice?.mutable ? t("readOnly") : t("guest")}</p>
      ) : null}
      <FormError error={error} />
      {notice ? (
        <p className="muted" role="status">
          {notice}
        </p>
      ) : null}
    </section>
  );
}
