import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ClaimForm } from "@/components/auth/claim-form";
import { getCurrentUser } from "@/server/auth/session";

export const metadata: Metadata = { title: "Your account — Fairgammon" };

export default async function AccountPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/login?callbackUrl=%2Faccount");
  return (
    <section className="auth-page">
      <h1>Your account</h1>
      <dl className="account-facts">
        <dt>Username</dt>
        <dd data-testid="account-username">{user.username}</dd>
        <dt>Role</dt>
        <dd data-testid="account-role">{user.role === "ADMIN" ? "Administrator" : "Player"}</dd>
        <dt>Account</dt>
        <dd data-testid="account-kind">{user.isGuest ? "Guest" : "Registered"}</dd>
      </dl>
      {user.isGuest ? (
        <>
          <h2>Keep this account</h2>
          <p>
            A guest account lives only in this browser&apos;s cookie: sign out or clear cookies and it is gone. Give it a
            password to keep it, and its matches, for good.
          </p>
          <ClaimForm currentName={user.username} />
        </>
      ) : null}
    </section>
  );
}
