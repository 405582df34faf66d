export { cleanChatText, cleanUserText, MAX_CHAT_LENGTH, MAX_MARKS_PER_CHARACTER, type ChatRefusalCode } from "./chat-text";
export { chatAccess, channelName, parseChannel, LOBBY_CHANNEL, type ChatAccess, type ChatChannel, type ChatReader } from "./channels";
export { chatSegments, isSitePath, safeChatHref, type ChatSegment } from "./chat-links";

/** A stored chat message as clients get it (`chat:message`, the history of `chat:join`). */
export interface ChatMessageView {
  readonly id: string;
  readonly channel: string;
  readonly author: { readonly id: string; readonly name: string };
  readonly text: string;
  /** ms since the epoch. */
  readonly at: number;
}
