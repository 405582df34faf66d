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
import { useState, type FormEvent } from "react";
import { useErrorText, type ShownError } from "@/components/i18n/error-text";
import { HintedField } from "@/components/ui/hinted-field";

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
      <HintedField label={t("password")} hint={hintId ? t("passwordHint") : null} hintId={hintId}>
        <input name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} aria-describedby={hintId} />
      </HintedField>
      <label>
        {t("passwordAgain")}
        <input name="confirm" type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
      </label>
    </>
  );
}

/** The new password of a form with NewPasswordFields, or null when the two fields differ. */
function newPassword(form: FormData): string | null {
  const password = String(form.get("password") ?? "");
  return password === String(form.get("confirm") ?? "") ? password : null;
}

/**
 * useAuthAction for a form that makes an account (registration, keeping a guest account): a username field and
 * NewPasswordFields. Its `submit` refuses two different passwords in the form, else attempts `create` with the
 * username and password and goes to `destination`.
 */
export function useNewAccountSubmit(create: (username: string, password: string) => Promise<Problem | null>, destination: string) {
  const { error, busy, attempt, setError } = useAuthAction();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = newPassword(form);
    if (password === null) return setError("ERR_PASSWORDS_DIFFER");
    void attempt(() => create(String(form.get("username") ?? ""), password), destination);
  }
  return { error, busy, submit };
}
