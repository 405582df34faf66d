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
import { useErrorText, type ShownError } from "@/components/i18n/error-text";

/** What went wrong: a code (ERR_…), or a route's refusal with the values of its sentence. */
type Problem = string | ShownError;

export function useAuthAction(initialError: string | null = null) {
  const errorText = useErrorText();
  const [error, setError] = useState<Problem | null>(initialError);
  const [busy, setBusy] = useState(false);

  /** Runs `request` (it resolves to what went wrong when it failed, null when it worked), then goes to `destination`. */
  async function attempt(request: () => Promise<Problem | null>, destination: string): Promise<void> {
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

  // The form shows the code worded in the reader's language, with the refusal's values when it has them.
  const shown = typeof error === "string" ? { code: error } : error;
  return { error: shown === null ? null : errorText(shown.code, shown.values), busy, attempt, setError };
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
