import { getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { safeCallbackUrl } from "@/components/auth/callback-url";
import { GuestButton } from "@/components/auth/guest-button";
import { RegisterForm } from "@/components/auth/register-form";

export const generateMetadata = metaTitle("auth", "registerTitle");

export default async function RegisterPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).callbackUrl;
  const t = await getTranslations("auth");
  const callbackUrl = safeCallbackUrl(Array.isArray(raw) ? raw[0] : raw);
  return (
    <section className="auth-page">
      <h1>{t("register")}</h1>
      <RegisterForm callbackUrl={callbackUrl} />
      <p>
        {t.rich("alreadyRegistered", { link: (chunks) => <a href={`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`}>{chunks}</a> })}{" "}
        <GuestButton callbackUrl={callbackUrl} />
      </p>
    </section>
  );
}
