import type { Metadata } from "next";
import { safeCallbackUrl } from "@/components/auth/callback-url";
import { GuestButton } from "@/components/auth/guest-button";
import { LoginForm } from "@/components/auth/login-form";
import { signInErrorMessage } from "@/components/auth/messages";

export const metadata: Metadata = { title: "Sign in — Fairgammon" };

type Search = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(first(params.callbackUrl));
  return (
    <section className="auth-page">
      <h1>Sign in</h1>
      <LoginForm callbackUrl={callbackUrl} initialError={signInErrorMessage(first(params.error))} />
      <p>
        No account? <a href={`/register?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Register</a> or play at once:{" "}
        <GuestButton callbackUrl={callbackUrl} />
      </p>
    </section>
  );
}
