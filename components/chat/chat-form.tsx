/**
 * The line to write in a chat channel: at most MAX_CHAT_LENGTH characters, with how many are left once few are, and
 * Send. The draft is the panel's, so it survives a switch to a channel the reader may only read.
 *
 * @example
 *   <ChatForm channel="lobby" draft={draft} onDraft={setDraft} sending={false} onSubmit={submit} />
 */
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { MAX_CHAT_LENGTH } from "@/lib/chat/chat-text";

export interface ChatFormProps {
  readonly channel: string;
  readonly draft: string;
  readonly onDraft: (draft: string) => void;
  readonly sending: boolean;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export function ChatForm({ channel, draft, onDraft, sending, onSubmit }: ChatFormProps) {
  const t = useTranslations("chat");
  const left = MAX_CHAT_LENGTH - draft.length;
  return (
    <form className="chat-form" onSubmit={onSubmit}>
      <input
        type="text"
        value={draft}
        maxLength={MAX_CHAT_LENGTH}
        onChange={(event) => onDraft(event.target.value)}
        placeholder={t("placeholder")}
        aria-label={t("placeholder")}
        aria-describedby={`chat-left-${channel}`}
        autoComplete="off"
      />
      <button type="submit" disabled={sending || draft.trim() === ""}>
        {t("send")}
      </button>
      <span id={`chat-left-${channel}`} className="muted chat-left" aria-live="polite">
        {left <= 40 ? t("left", { count: left }) : ""}
      </span>
    </form>
  );
}
