import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { safeCallbackUrl } from "@/components/auth/callback-url";
import { GuestButton } from "@/components/auth/guest-button";
import { RegisterForm } from "@/components/auth/register-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("registerTitle") };
}

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
