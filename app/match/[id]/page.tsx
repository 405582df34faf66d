import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { MatchProvider } from "@/components/match/match-provider";
import { MatchScreen } from "@/components/match/match-screen";
import { PlayPreferencesProvider } from "@/components/play/play-preferences";
import { storedPreferences } from "@/lib/play/preferences";
import { matchIdSchema, PROTOCOL_VERSION } from "@/lib/protocol/protocol";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { matchVisibleTo } from "@/server/match/visibility";

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const t = await getTranslations("match");
  return { title: t("metaTitle", { id }) };
}

/**
 * A match, to play or to watch: `/match/:id`, or `/match/:id?invite=token` for a private match. An unknown id, and a
 * private match this visitor may not see, are the same 404 page; everything on the match comes over the socket.
 */
export default async function MatchPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { id } = await params;
  const invite = (await searchParams).invite;
  if (!matchIdSchema.safeParse(id).success) notFound();
  const token = typeof invite === "string" && invite.length <= 64 ? invite : null;
  const user = await getCurrentUser();
  if (!(await matchVisibleTo(getDb(), id, user, token ?? undefined))) notFound();
  return (
    <PlayPreferencesProvider initial={storedPreferences(user?.preferences)} signedIn={user !== null}>
      <MatchProvider matchId={id} invite={token} protocol={PROTOCOL_VERSION}>
        <MatchScreen signedIn={user !== null} viewerId={user?.id ?? null} />
      </MatchProvider>
    </PlayPreferencesProvider>
  );
}
