import type { Metadata } from "next";
import { requireAdminPage } from "@/server/auth/require-admin";

export const metadata: Metadata = { title: "Admin — Fairgammon" };

export default async function AdminPage() {
  const admin = await requireAdminPage();
  return (
    <section>
      <h1>Admin console</h1>
      <p>
        Signed in as <strong data-testid="admin-name">{admin.username}</strong>. The match and roll-log views arrive with
        the admin console.
      </p>
    </section>
  );
}
