"use client";
/**
 * What every sign-in, registration and guest control does around its request: one attempt at a time, its error shown
 * in the form (role="alert", so a screen reader says it), and on success a full page load of the destination so that
 * the header and server components read the new session.
 *
 * @example
 *   const { busy, error, attempt } = useAuthAction();
 *   <button onClick={() => void attempt(() => signInWith("guest"), "/")} disabled={busy}>Play</button>
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/components/i18n/error-text";

export function useAuthAction(initialError: string | null = null) {
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  /** Runs `request` (it resolves to an error code when it failed, null when it worked), then goes to `destination`. */
  async function attempt(request: () => Promise<string | null>, destination: string): Promise<void> {
    setBusy(true);
    setError(null);
    const problem = await request();
    if (problem) {
      setError(problem);
      setBusy(false);
      return;
    }
    window.location.assign(destination);
  }

  // `error` is a code (ERR_…); the form shows it worded in the reader's language.
  return { error: error === null ? null : errorText(error), busy, attempt, setError };
}

/** The two new-password fields of registration and of keeping a guest account, and their check. */
export function NewPasswordFields({ hintId }: { readonly hintId?: string }) {
  const t = useTranslations("auth");
  return (
    <>
      <div className="field">
        <label>
          {t("password")}
          <input name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} aria-describedby={hintId} />
        </label>
        {hintId ? <small id={hintId}>{t("passwordHint")}</small> : null}
      </div>
      <label>
        {t("passwordAgain")}
        <input name="confirm" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
      </label>
    </>
  );
}

/** The new password of a form with NewPasswordFields, or null when the two fields differ. */
export function newPassword(form: FormData): string | null {
  const password = String(form.get("password") ?? "");
  return password === String(form.get("confirm") ?? "") ? password : null;
}
