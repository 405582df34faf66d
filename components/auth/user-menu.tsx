/**
 * The header's account corner: the signed-in name (linking to /account, marked when a guest), the player's match
 * history, an Admin link for administrators and Sign out; or, for visitors, Sign in / Register / Play as guest. Rendered on the server by the
 * root layout from plain props.
 *
 * @example
 *   <UserMenu user={{ username: "ada", role: "USER", isGuest: false }} />
 */
import { GuestButton } from "./guest-button";
import { SignOutButton } from "./sign-out-button";

export interface MenuUser {
  readonly username: string;
  readonly role: "USER" | "ADMIN";
  readonly isGuest: boolean;
}

export function UserMenu({ user }: { readonly user: MenuUser | null }) {
  if (!user) {
    return (
      <nav className="user-menu" aria-label="Account">
        <a href="/login">Sign in</a>
        <a href="/register">Register</a>
        <GuestButton />
      </nav>
    );
  }
  return (
    <nav className="user-menu" aria-label="Account">
      <a href="/account" data-testid="signed-in-user">
        {user.username}
      </a>
      {user.isGuest ? <span className="badge">guest</span> : null}
      <a href="/matches">My matches</a>
      {user.role === "ADMIN" ? <a href="/admin">Admin</a> : null}
      <SignOutButton />
    </nav>
  );
}
