/**
 * A channel's messages as a page keeps them: oldest first, each once (a message can arrive both in a history and as a
 * broadcast around a reconnection), at most KEPT_MESSAGES, and without the authors the reader muted. A message an
 * administrator removed goes at once (`chat:removed`), and a history after a reconnection drops those removed meanwhile.
 *
 * @example
 *   let log = withMessages([], history);
 *   log = withMessages(log, [incoming]);
 *   visibleMessages(log, new Set([rudeUserId]));
 */
import type { ChatMessageView } from "@/lib/chat";

export const KEPT_MESSAGES = 200;

export function withMessages(log: readonly ChatMessageView[], added: readonly ChatMessageView[]): readonly ChatMessageView[] {
  const seen = new Set(log.map((message) => message.id));
  const fresh = added.filter((message) => !seen.has(message.id) && seen.add(message.id));
  if (fresh.length === 0) return log;
  const merged = [...log, ...fresh].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return merged.slice(-KEPT_MESSAGES);
}

/** The log after a (re)join's history: what the history leaves out from its first message on was removed meanwhile. */
export function withHistory(log: readonly ChatMessageView[], history: readonly ChatMessageView[]): readonly ChatMessageView[] {
  const first = history[0];
  const kept = first === undefined ? [] : log.filter((message) => message.at < first.at);
  return withMessages(kept, history);
}

export function withoutMessage(log: readonly ChatMessageView[], id: string): readonly ChatMessageView[] {
  return log.some((message) => message.id === id) ? log.filter((message) => message.id !== id) : log;
}

export function visibleMessages(log: readonly ChatMessageView[], muted: ReadonlySet<string>): readonly ChatMessageView[] {
  return muted.size === 0 ? log : log.filter((message) => !muted.has(message.author.id));
}
