/**
 * The header's account corner: the signed-in name (linking to /account, marked when a guest), the player's match
 * history, an Admin link for administrators and Sign out; or, for visitors, Sign in / Register / Play as guest. Rendered on the server by the
 * root layout from plain props.
 *
 * @example
 *   <UserMenu user={{ username: "ada", role: "USER", isGuest: false }} />
 */
import { useTranslations } from "next-intl";
import { GuestButton } from "./guest-button";
import { SignOutButton } from "./sign-out-button";

export interface MenuUser {
  readonly username: string;
  readonly role: "USER" | "ADMIN";
  readonly isGuest: boolean;
}

export function UserMenu({ user }: { readonly user: MenuUser | null }) {
  const t = useTranslations("auth");
  if (!user) {
    return (
      <nav className="user-menu" aria-label={t("menu")}>
        <a href="/login">{t("signIn")}</a>
        <a href="/register">{t("register")}</a>
        <GuestButton />
      </nav>
    );
  }
  return (
    <nav className="user-menu" aria-label={t("menu")}>
      <a href="/account" data-testid="signed-in-user">
        {user.username}
      </a>
      {user.isGuest ? <span className="badge">{t("guestBadge")}</span> : null}
      <a href="/matches">{t("myMatches")}</a>
      {user.role === "ADMIN" ? <a href="/admin">{t("admin")}</a> : null}
      <SignOutButton />
    </nav>
  );
}
