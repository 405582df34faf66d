"use client";
/**
 * The play settings as a list of switches (lib/play/preferences.ts), on the account page and in a match's side
 * panel. Each switch saves at once. Turning notifications on asks the browser's permission in that click (browsers
 * only ask from a user's gesture); if the browser refuses, the switch stays off and says why.
 *
 * @example
 *   <PlaySettings />   // inside a PlayPreferencesProvider
 */
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useErrorText, type ShownError } from "@/components/i18n/error-text";
import { PREFERENCE_NAMES, type PreferenceName } from "@/lib/play/preferences";
import { usePlayPreferences } from "./play-preferences";
import "./play-settings.css";

/** Whether this browser lets the page show notifications, asking if it has not been asked; false where unsupported. */
async function notificationsAllowed(): Promise<boolean> {
  if (typeof Notification === "undefined") return false;
  if (Notification.permission === "granted") return true;
  if (Notification.permission === "denied") return false;
  return (await Notification.requestPermission()) === "granted";
}

export function PlaySettings() {
  const t = useTranslations("playSettings");
  const errorText = useErrorText();
  const { preferences, signedIn, change } = usePlayPreferences();
  const [problem, setProblem] = useState<ShownError | "notifications-blocked" | null>(null);
  const id = useId();
  if (!signedIn) return null;

  const toggle = async (name: PreferenceName, value: boolean) => {
    setProblem(null);
    if (name === "notify" && value && !(await notificationsAllowed())) {
      setProblem("notifications-blocked");
      return;
    }
    setProblem(await change(name, value));
  };

  return (
    <fieldset className="play-settings" data-testid="play-settings">
      <legend>{t("title")}</legend>
      {PREFERENCE_NAMES.map((name) => (
        <div key={name} className="setting">
          <input id={`${id}-${name}`} type="checkbox" checked={preferences[name]} onChange={(event) => void toggle(name, event.currentTarget.checked)} aria-describedby={`${id}-${name}-hint`} />
          <label htmlFor={`${id}-${name}`}>{t(`${name}.label`)}</label>
          <p id={`${id}-${name}-hint`} className="muted setting-hint">
            {t(`${name}.hint`)}
          </p>
        </div>
      ))}
      {problem ? (
        <p className="notice" role="alert">
          {problem === "notifications-blocked" ? t("notificationsBlocked") : errorText(problem.code, problem.values)}
        </p>
      ) : null}
    </fieldset>
  );
}
