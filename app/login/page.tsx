import { getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { safeCallbackUrl } from "@/components/auth/callback-url";
import { GuestButton } from "@/components/auth/guest-button";
import { LoginForm } from "@/components/auth/login-form";
import { signInErrorCode } from "@/components/auth/messages";

export const generateMetadata = metaTitle("auth", "signInTitle");

type Search = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const t = await getTranslations("auth");
  const callbackUrl = safeCallbackUrl(first(params.callbackUrl));
  return (
    <section className="auth-page">
      <h1>{t("signIn")}</h1>
      <LoginForm callbackUrl={callbackUrl} initialError={signInErrorCode(first(params.error))} />
      <p>
        {t.rich("noAccount", { link: (chunks) => <a href={`/register?callbackUrl=${encodeURIComponent(callbackUrl)}`}>{chunks}</a> })}{" "}
        <GuestButton callbackUrl={callbackUrl} />
      </p>
    </section>
  );
}
