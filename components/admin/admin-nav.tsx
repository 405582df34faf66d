/**
 * The admin console's navigation: the roll log across matches and the audit trail.
 *
 * @example
 *   <AdminNav current="audit" />
 */
import "@/components/ui/ui.css";
import "./admin.css";

const LINKS = [
  { key: "rolls", href: "/admin", text: "Roll log and dice statistics" },
  { key: "audit", href: "/admin/audit", text: "Audit trail" },
] as const;

export function AdminNav({ current }: { current: (typeof LINKS)[number]["key"] | null }) {
  return (
    <nav className="admin-nav" aria-label="Admin console">
      {LINKS.map((link) => (
        <a key={link.key} href={link.href} aria-current={link.key === current ? "page" : undefined}>
          {link.text}
        </a>
      ))}
    </nav>
  );
}
