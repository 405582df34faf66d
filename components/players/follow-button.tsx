"use client";
/**
 * Follow or unfollow a player from their profile (POST or DELETE /api/players/:name/follow): their live matches then
 * come first in the lobby, and they are marked in "Online now".
 *
 * @example
 *   <FollowButton name="ada" following={false} followers={3} />
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { errorOfBody, useErrorText } from "@/components/i18n/error-text";
import { FormError } from "@/components/ui/form-error";

export function FollowButton({ name, following: initially, followers: initialCount }: { name: string; following: boolean; followers: number }) {
  const t = useTranslations("profile");
  const errorText = useErrorText();
  const [state, setState] = useState({ following: initially, followers: initialCount });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = async () => {
    setBusy(true);
    try {
      const response = await fetch(`/api/players/${encodeURIComponent(name)}/follow`, { method: state.following ? "DELETE" : "POST", headers: { "content-type": "application/json" }, body: "{}" });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const failure = errorOfBody(body);
        setError(errorText(failure.code, failure.values));
        return;
      }
      setError(null);
      setState(body as { following: boolean; followers: number });
    } catch {
      setError(errorText("ERR_NETWORK"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <p className="follow-line">
      <button type="button" aria-pressed={state.following} disabled={busy} onClick={() => void toggle()} data-testid="follow-button">
        {state.following ? t("unfollow") : t("follow")}
      </button>{" "}
      <span className="muted" data-testid="followers">
        {t("followers", { count: state.followers })}
      </span>
      <FormError error={error} inline />
    </p>
  );
}
