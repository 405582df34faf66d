/**
 * The chat channels this reader switched off (a player may mute the spectators' channel), kept in this browser's
 * localStorage — read after the first render, so the server's HTML and the first client render agree.
 *
 * @example
 *   const { mutedChannels, toggleChannel } = useMutedChannels();
 *   toggleChannel("match:m1:spectators");
 */
import { useEffect, useState } from "react";

const MUTED_CHANNELS_KEY = "fairgammon:muted-chat-channels";

function loadMutedChannels(): Set<string> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(MUTED_CHANNELS_KEY) ?? "[]");
    return new Set(Array.isArray(stored) ? stored.filter((x): x is string => typeof x === "string") : []);
  } catch {
    return new Set();
  }
}

export function useMutedChannels() {
  const [mutedChannels, setMutedChannels] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setMutedChannels(loadMutedChannels()), []);

  const toggleChannel = (name: string) => {
    const next = new Set(mutedChannels);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    window.localStorage.setItem(MUTED_CHANNELS_KEY, JSON.stringify([...next].slice(-50)));
    setMutedChannels(next);
  };

  return { mutedChannels, toggleChannel };
}
