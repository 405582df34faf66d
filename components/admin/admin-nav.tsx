/**
 * The admin console's navigation: the roll log across matches, the audit trail, reported chat messages, settings.
 *
 * @example
 *   <AdminNav current="audit" />
 */
import { useTranslations } from "next-intl";
import "@/components/ui/ui.css";
import "./admin.css";

const LINKS = [
  { key: "rolls", href: "/admin" },
  { key: "audit", href: "/admin/audit" },
  { key: "chat", href: "/admin/chat" },
  { key: "settings", href: "/admin/settings" },
] as const;

export function AdminNav({ current }: { current: (typeof LINKS)[number]["key"] | null }) {
  const t = useTranslations("admin");
  return (
    <nav className="admin-nav" aria-label={t("console")}>
      {LINKS.map((link) => (
        <a key={link.key} href={link.href} aria-current={link.key === current ? "page" : undefined}>
          {t(`nav.${link.key}`)}
        </a>
      ))}
    </nav>
  );
}
