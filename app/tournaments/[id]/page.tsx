import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { TournamentLive } from "@/components/tournaments/tournament-live";
import { accountKind } from "@/lib/access/may";
import { PROTOCOL_VERSION } from "@/lib/protocol/protocol";
import { isTournamentId } from "@/lib/tournament/tournament";
import { getCurrentUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { loadTournament } from "@/server/tournaments/tournament-store";
import "@/components/admin/admin.css";
import "@/components/ui/ui.css";

type Params = Promise<{ id: string }>;

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const loaded = isTournamentId(id) ? await loadTournament(getDb(), id) : null;
  const t = await getTranslations("tournaments");
  return { title: loaded ? loaded.view.settings.name : t("metaTitle") };
}

/**
 * A tournament: its settings and state, the players, every round, the standings and the draw's commitment and seed.
 * The first view is drawn here from the stored events; the page then follows them live over the socket
 * (components/tournaments/tournament-live.tsx).
 */
export default async function TournamentPage({ params }: { params: Params }) {
  const { id } = await params;
  const loaded = isTournamentId(id) ? await loadTournament(getDb(), id) : null;
  if (!loaded) notFound();
  const user = await getCurrentUser();
  const viewer = user ? { id: user.id, name: user.username, kind: accountKind(user) } : null;
  return <TournamentLive initial={loaded.view} protocol={PROTOCOL_VERSION} viewer={viewer} />;
}
