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
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { MAX_CHAT_LENGTH } from "@/lib/chat/chat-text";
import type { ChatMessageView } from "@/lib/chat";
import { useErrorText } from "@/components/i18n/error-text";
import { send, type ClientSocket } from "@/components/socket/socket-client";
import { FormError } from "@/components/ui/form-error";
import { visibleMessages, withHistory, withMessages, withoutMessage } from "./chat-log";
import { ChatMessageText } from "./chat-message-text";
import "./chat.css";

export interface ChatChannelChoice {
  readonly name: string;
  readonly label: string;
  /** A channel the viewer may switch off (a player and the spectators' channel). */
  readonly mutable?: boolean;
}

interface ChannelState {
  readonly messages: readonly ChatMessageView[];
  readonly canWrite: boolean;
  readonly joined: boolean;
}

const EMPTY: ChannelState = { messages: [], canWrite: false, joined: false };
const MUTED_CHANNELS_KEY = "fairgammon:muted-chat-channels";

function loadMutedChannels(): Set<string> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(MUTED_CHANNELS_KEY) ?? "[]");
    return new Set(Array.isArray(stored) ? stored.filter((x): x is string => typeof x === "string") : []);
  } catch {
    return new Set();
  }
}

export function ChatPanel({
  socket,
  title,
  channels,
  viewerId,
  inviteToken = null,
}: {
  readonly socket: ClientSocket | null;
  readonly title: string;
  readonly channels: readonly ChatChannelChoice[];
  readonly viewerId: string | null;
  readonly inviteToken?: string | null;
}) {
  const t = useTranslations("chat");
  const format = useFormatter();
  const errorText = useErrorText();
  const [state, setState] = useState<Readonly<Record<string, ChannelState>>>({});
  const [muted, setMuted] = useState<ReadonlySet<string>>(new Set());
  const [mutedNames, setMutedNames] = useState<Readonly<Record<string, string>>>({});
  const [mutedChannels, setMutedChannels] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState(channels[0]?.name ?? "");
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const logRef = useRef<HTMLDivElement | null>(null);
  const names = useMemo(() => channels.map((channel) => channel.name), [channels]);
  const key = names.join("|");

  useEffect(() => setMutedChannels(loadMutedChannels()), []);

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
        const current = now[message.channel] ?? EMPTY;
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
    // `key` stands for `names`: the same channels in a new array must not join again.
  }, [socket, key, inviteToken, mutedChannels]);

  const shownChannel = mutedChannels.has(active) ? (names.find((name) => !mutedChannels.has(name)) ?? active) : active;
  const current = state[shownChannel] ?? EMPTY;
  const shown = visibleMessages(current.messages, muted);
  const choice = channels.find((channel) => channel.name === shownChannel);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [shown.length, shownChannel]);

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
      const was = now[shownChannel] ?? EMPTY;
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

  const toggleChannel = (name: string) => {
    const next = new Set(mutedChannels);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    window.localStorage.setItem(MUTED_CHANNELS_KEY, JSON.stringify([...next].slice(-50)));
    setMutedChannels(next);
  };

  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const mutedHere = [...muted].filter((id) => mutedNames[id] !== undefined);

  return (
    <section className="panel chat-panel" aria-label={title} data-testid="chat">
      <h2>{title}</h2>
      {channels.length > 1 ? (
        <div className="chat-tabs" role="group" aria-label={title}>
          {channels.map((channel) => (
            <button key={channel.name} type="button" aria-pressed={channel.name === shownChannel} disabled={mutedChannels.has(channel.name)} onClick={() => setActive(channel.name)}>
              {channel.label}
            </button>
          ))}
        </div>
      ) : null}
      {channels
        .filter((channel) => channel.mutable)
        .map((channel) => (
          <p key={channel.name} className="chat-channel-mute">
            {mutedChannels.has(channel.name) ? <span className="muted">{t("spectatorsMuted")} </span> : null}
            <button type="button" className="link-button" onClick={() => toggleChannel(channel.name)}>
              {mutedChannels.has(channel.name) ? t("showSpectators") : t("muteSpectators")}
            </button>
          </p>
        ))}
      <div className="chat-log" ref={logRef} role="log" aria-live="polite" aria-label={t("log", { channel: choice?.label ?? title })} tabIndex={0}>
        <ol>
        {shown.length === 0 ? <li className="muted chat-empty">{t("empty")}</li> : null}
        {shown.map((message) => {
          const mine = message.author.id === viewerId;
          return (
            <li key={message.id} className={mine ? "chat-message mine" : "chat-message"} data-author={message.author.name}>
              <span className="chat-author">{mine ? t("you") : message.author.name}</span>{" "}
              <time className="chat-time muted" dateTime={new Date(message.at).toISOString()}>
                {format.dateTime(new Date(message.at), { hour: "2-digit", minute: "2-digit" })}
              </time>{" "}
              <ChatMessageText text={message.text} origin={origin} />
              {!mine && viewerId !== null ? (
                <span className="chat-actions">
                  <button type="button" className="link-button" aria-label={t("reportLabel", { name: message.author.name })} onClick={() => void report(message)}>
                    {t("report")}
                  </button>
                  <button type="button" className="link-button" aria-label={t("muteLabel", { name: message.author.name })} onClick={() => void mute(message.author, true)}>
                    {t("mute")}
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
        </ol>
      </div>
      {mutedHere.length > 0 ? (
        <p className="chat-muted muted">
          {mutedHere.map((id) => (
            <button key={id} type="button" className="link-button" onClick={() => void mute({ id, name: mutedNames[id]! }, false)}>
              {t("unmute", { name: mutedNames[id]! })}
            </button>
          ))}
        </p>
      ) : null}
      {current.joined && current.canWrite ? (
        <form className="chat-form" onSubmit={(event) => void submit(event)}>
          <input
            type="text"
            value={draft}
            maxLength={MAX_CHAT_LENGTH}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t("placeholder")}
            aria-label={t("placeholder")}
            aria-describedby={`chat-left-${shownChannel}`}
            autoComplete="off"
          />
          <button type="submit" disabled={sending || draft.trim() === ""}>
            {t("send")}
          </button>
          <span id={`chat-left-${shownChannel}`} className="muted chat-left" aria-live="polite">
            {MAX_CHAT_LENGTH - draft.length <= 40 ? t("left", { count: MAX_CHAT_LENGTH - draft.length }) : ""}
          </span>
        </form>
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
