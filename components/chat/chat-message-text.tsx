/**
 * A chat message's text as the page shows it: text nodes, and anchors only for the links to this site that
 * lib/chat/chat-links.ts found — never markup from the message itself.
 *
 * @example
 *   <ChatMessageText text={message.text} origin={window.location.origin} />
 */
import { chatSegments } from "@/lib/chat/chat-links";

export function ChatMessageText({ text, origin }: { readonly text: string; readonly origin: string }) {
  return (
    <span className="chat-text">
      {chatSegments(text, origin).map((segment, i) =>
        segment.kind === "link" ? (
          <a key={i} href={segment.href}>
            {segment.text}
          </a>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
