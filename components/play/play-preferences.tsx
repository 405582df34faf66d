"use client";
/**
 * The signed-in player's play settings on a page (lib/play/preferences.ts): the server component reads them from the
 * account and passes them in, and a change is shown at once, sent to /api/account/preferences, and taken back if the
 * server refuses it (the answer is the whole set in force, so two tabs end up agreeing with the account).
 *
 * @example
 *   <PlayPreferencesProvider initial={storedPreferences(user.preferences)} signedIn>…</PlayPreferencesProvider>
 *   const { preferences, change } = usePlayPreferences(); await change("autoRoll", true);
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { errorOfBody, type ShownError } from "@/components/i18n/error-text";
import { DEFAULT_PLAY_PREFERENCES, type PlayPreferences, type PreferenceName } from "@/lib/play/preferences";

interface PlayPreferencesContext {
  readonly preferences: PlayPreferences;
  /** Whether the settings can be saved (a visitor without a session plays nothing and saves nothing). */
  readonly signedIn: boolean;
  /** Sets one setting; resolves to the server's refusal, if it refused (the setting is then as before). */
  readonly change: (name: PreferenceName, value: boolean) => Promise<ShownError | null>;
}

const Context = createContext<PlayPreferencesContext>({ preferences: DEFAULT_PLAY_PREFERENCES, signedIn: false, change: async () => ({ code: "ERR_UNAUTHENTICATED" }) });

export function PlayPreferencesProvider({ initial, signedIn, children }: { initial: PlayPreferences; signedIn: boolean; children: ReactNode }) {
  const [preferences, setPreferences] = useState(initial);
  const change = useCallback(async (name: PreferenceName, value: boolean): Promise<ShownError | null> => {
    let before: boolean | undefined;
    setPreferences((now) => {
      before = now[name];
      return { ...now, [name]: value };
    });
    const undo = () => setPreferences((now) => (now[name] === value && before !== undefined ? { ...now, [name]: before } : now));
    try {
      const response = await fetch("/api/account/preferences", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ [name]: value }) });
      const body = (await response.json()) as { preferences?: PlayPreferences };
      if (!response.ok || !body.preferences) {
        undo();
        return errorOfBody(body, "ERR_NO_ANSWER");
      }
      // Only this change's setting is taken from the answer: another switch flipped since this request left is still
      // on its way, and the answer (the state before it) would undo it on the screen.
      const saved = body.preferences[name];
      setPreferences((now) => ({ ...now, [name]: saved }));
      return null;
    } catch {
      undo();
      return { code: "ERR_NO_ANSWER" };
    }
  }, []);
  const value = useMemo(() => ({ preferences, signedIn, change }), [preferences, signedIn, change]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function usePlayPreferences(): PlayPreferencesContext {
  return useContext(Context);
}
