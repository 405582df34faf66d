import type { Metadata } from "next";
import { safeCallbackUrl } from "@/components/auth/callback-url";
import { GuestButton } from "@/components/auth/guest-button";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = { title: "Register — Fairgammon" };

export default async function RegisterPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).callbackUrl;
  const callbackUrl = safeCallbackUrl(Array.isArray(raw) ? raw[0] : raw);
  return (
    <section className="auth-page">
      <h1>Register</h1>
      <RegisterForm callbackUrl={callbackUrl} />
      <p>
        Already registered? <a href={`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Sign in</a>. Just looking
        for a game? <GuestButton callbackUrl={callbackUrl} />
      </p>
    </section>
  );
}
