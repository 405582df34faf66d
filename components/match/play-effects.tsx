"use client";
/**
 * Parts of the play area that draw nothing: the turn's keyboard shortcuts with what this player may do now, and a
 * complete play sent as soon as it is complete (without "confirm each play"), once per play.
 *
 * @example
 *   <PlayShortcuts actions={{ roll: allowed.roll ? roll : undefined }} />
 *   <SendOnce when={complete} playKey={`${version}:${JSON.stringify(steps)}`} send={confirm} />
 */
import { useEffect, useRef } from "react";
import { useShortcuts, type ShortcutActions } from "./use-shortcuts";

/** The turn's keyboard shortcuts, with what this player may do now. */
export function PlayShortcuts({ actions }: { actions: ShortcutActions }) {
  useShortcuts(actions);
  return null;
}

/** Calls `send` when `when` turns true, once per `playKey`: a refused play is not sent again until it changes. */
export function SendOnce({ when, playKey, send }: { when: boolean; playKey: string; send: () => void }) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!when || sent.current === playKey) return;
    sent.current = playKey;
    send();
  }, [when, playKey, send]);
  return null;
}
