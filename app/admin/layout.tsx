// Every page under /admin passes through here: anyone who is not an administrator right now gets the "Not allowed"
// page (app/forbidden.tsx) with status 403. Admin pages that load data call requireAdminPage() again, since a layout
// is not re-run on client-side navigation between its pages.
import type { ReactNode } from "react";
import { requireAdminPage } from "@/server/auth/require-admin";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireAdminPage();
  return <div className="admin">{children}</div>;
}
