import { describe, expect, it } from "vitest";
import type { ChatMessageView } from "@/lib/chat";
import { KEPT_MESSAGES, visibleMessages, withHistory, withMessages, withoutMessage } from "./chat-log";

const message = (id: string, at: number, author = "ada"): ChatMessageView => ({ id, channel: "lobby", author: { id: author, name: author }, text: id, at });

describe("a channel's log on the page", () => {
  it("keeps each message once, in time order, whether it came in a history or a broadcast", () => {
    const history = [message("a", 1), message("b", 2)];
    const log = withMessages(withMessages([], history), [message("c", 3), message("b", 2)]);
    expect(log.map((m) => m.id)).toEqual(["a", "b", "c"]);
    expect(withMessages(log, [message("a", 1)])).toBe(log);
    expect(withMessages(log, [message("z", 0)]).map((m) => m.id)).toEqual(["z", "a", "b", "c"]);
  });

  it("keeps the newest KEPT_MESSAGES", () => {
    const many = Array.from({ length: KEPT_MESSAGES + 5 }, (_, i) => message(`m${i}`, i));
    const log = withMessages([], many);
    expect(log).toHaveLength(KEPT_MESSAGES);
    expect(log[0]!.id).toBe("m5");
  });

  it("drops a message an administrator removed, live and from a history after a reconnection", () => {
    const log = withMessages([], [message("a", 1), message("b", 2), message("c", 3)]);
    expect(withoutMessage(log, "b").map((m) => m.id)).toEqual(["a", "c"]);
    expect(withoutMessage(log, "zzz")).toBe(log);
    // Reconnected: "b" was hidden meanwhile and "d" said.
    expect(withHistory(log, [message("a", 1), message("c", 3), message("d", 4)]).map((m) => m.id)).toEqual(["a", "c", "d"]);
    // What is older than the history's window (its newest messages) is not in it, and stays.
    expect(withHistory(log, [message("c", 3), message("d", 4)]).map((m) => m.id)).toEqual(["a", "b", "c", "d"]);
    expect(withHistory(log, [])).toEqual([]);
  });

  it("leaves out muted authors", () => {
    const log = [message("a", 1, "ada"), message("b", 2, "rude")];
    expect(visibleMessages(log, new Set(["rude"])).map((m) => m.id)).toEqual(["a"]);
  });
});
