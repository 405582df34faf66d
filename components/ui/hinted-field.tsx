import type { ReactNode } from "react";

/**
 * A form field with its label and, under it, a hint (what is allowed, what happens when it is left empty): the hint
 * has `hintId`, for the control's `aria-describedby`, so a screen reader reads it with the field.
 *
 * @example
 *   <HintedField label={t("username")} hint={t("usernameHint")} hintId="register-username-hint">
 *     <input name="username" aria-describedby="register-username-hint" />
 *   </HintedField>
 */
export function HintedField({ label, hint, hintId, children }: { readonly label: ReactNode; readonly hint?: ReactNode; readonly hintId?: string; readonly children: ReactNode }) {
  return (
    <div className="field">
      <label>
        {label}
        {children}
      </label>
      {hint ? <small id={hintId}>{hint}</small> : null}
    </div>
  );
}
