/**
 * A chat channel's log: its messages oldest first, each with its author ("You" for one's own), its time and its text
 * (chat-message-text.tsx), and on other people's messages, for a signed-in reader, Report and Mute. It keeps the
 * newest message in view.
 *
 * @example
 *   <ChatMessages label="Lobby chat" messages={shown} channel="lobby" viewerId={user.id} onReport={report} onMute={mute} />
 */
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { ChatMessageView } from "@/lib/chat";
import { ChatMessageText } from "./chat-message-text";

export interface ChatMessagesProps {
  readonly label: string;
  readonly messages: readonly ChatMessageView[];
  /** The channel shown: a new one scrolls to its newest message too. */
  readonly channel: string;
  readonly viewerId: string | null;
  readonly onReport: (message: ChatMessageView) => void;
  readonly onMute: (author: ChatMessageView["author"]) => void;
}

export function ChatMessages({ label, messages, channel, viewerId, onReport, onMute }: ChatMessagesProps) {
  const t = useTranslations("chat");
  const format = useFormatter();
  const logRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, channel]);
  const origin = typeof window === "undefined" ? "" : window.location.origin;

  return (
    <div className="chat-log" ref={logRef} role="log" aria-live="polite" aria-label={label} tabIndex={0}>
      <ol>
        {messages.length === 0 ? <li className="muted chat-empty">{t("empty")}</li> : null}
        {messages.map((message) => {
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
                  <button type="button" className="link-button" aria-label={t("reportLabel", { name: message.author.name })} onClick={() => onReport(message)}>
                    {t("report")}
                  </button>
                  <button type="button" className="link-button" aria-label={t("muteLabel", { name: message.author.name })} onClick={() => onMute(message.author)}>
                    {t("mute")}
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
