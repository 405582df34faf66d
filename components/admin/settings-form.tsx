"use client";
/**
 * The site settings an administrator can change: whether registered players may create tournaments. Saved at once
 * (POST /api/admin/settings), and written to the audit trail.
 *
 * @example
 *   <SettingsForm playerTournaments={false} />
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { postJson } from "@/components/auth/post-json";
import { useErrorText } from "@/components/i18n/error-text";
import { FormError } from "@/components/ui/form-error";

export function SettingsForm({ playerTournaments: initially }: { playerTournaments: boolean }) {
  const t = useTranslations("admin.settings");
  const errorText = useErrorText();
  const [allowed, setAllowed] = useState(initially);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const change = async (next: boolean) => {
    setBusy(true);
    setSaved(false);
    const answer = await postJson("/api/admin/settings", { playerTournaments: next });
    setBusy(false);
    if (!answer.ok) {
      setError(errorText(answer.code, answer.values));
      return;
    }
    setError(null);
    setAllowed(next);
    setSaved(true);
  };

  return (
    <form className="create-form" onSubmit={(event) => event.preventDefault()} data-testid="site-settings">
      <label className="choice">
        <input type="checkbox" checked={allowed} disabled={busy} onChange={(event) => void change(event.target.checked)} /> {t("playerTournaments")}
      </label>
      <p className="muted">{t("playerTournamentsHint")}</p>
      {saved ? <p role="status">{t("saved")}</p> : null}
      <FormError error={error} />
    </form>
  );
}
