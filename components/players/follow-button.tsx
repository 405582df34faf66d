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
import { postJson } from "@/components/auth/post-json";
import { useErrorText } from "@/components/i18n/error-text";
import { FormError } from "@/components/ui/form-error";

export function FollowButton({ name, following: initially, followers: initialCount }: { name: string; following: boolean; followers: number }) {
  const t = useTranslations("profile");
  const errorText = useErrorText();
  const [state, setState] = useState({ following: initially, followers: initialCount });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = async () => {
    setBusy(true);
    const answer = await postJson(`/api/players/${encodeURIComponent(name)}/follow`, {}, state.following ? "DELETE" : "POST");
    setBusy(false);
    if (!answer.ok) {
      setError(errorText(answer.code, answer.values));
      return;
    }
    setError(null);
    setState(answer.body as unknown as { following: boolean; followers: number });
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
