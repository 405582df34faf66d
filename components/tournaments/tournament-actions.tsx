"use client";
/**
 * What the visitor can do on a tournament's page, over the page's socket: register, unregister before the close, or
 * withdraw once it runs — each offered when the tournament's own decision (lib/tournament/decide.ts, the server's
 * rule: the account's kind, the status, the close, a full field) would accept it now — and their match of a round
 * when it is ready. The page follows the result by itself (use-tournament-view.ts): no refresh.
 *
 * @example
 *   <TournamentActions view={view} viewer={{ id, name, kind: "registered" }} socket={live.socket} onStored={live.caughtUp} />
 */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { may, type AccountKind } from "@/lib/access/may";
import { decideTournament } from "@/lib/tournament/decide";
import type { TournamentView } from "@/lib/tournament/tournament";
import { useErrorText } from "@/components/i18n/error-text";
import { useNotices } from "@/components/notices/notices-provider";
import { send, type ClientSocket } from "@/components/socket/socket-client";
import { FormError } from "@/components/ui/form-error";

export interface TournamentViewer {
  readonly id: string;
  readonly name: string;
  readonly kind: AccountKind;
}

/** The time, moved on when registration closes, so the buttons follow the rule's clock without a poll. */
function useClosingClock(closesAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = closesAt - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 50, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [closesAt, now]);
  return now;
}

export function TournamentActions({ view, viewer, socket, onStored }: { view: TournamentView; viewer: TournamentViewer | null; socket: ClientSocket | null; onStored: (version: number) => void }) {
  const t = useTranslations("tournaments");
  const errorText = useErrorText();
  const notices = useNotices();
  const now = useClosingClock(view.settings.closesAt);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mayEnter = viewer !== null && may(viewer.kind, "enter-tournament");
  const registered = viewer !== null && (view.entrants ?? view.registered).includes(viewer.id) && !view.withdrawals.some((w) => w.player === viewer.id);
  const allowed = (type: "register" | "leave") =>
    viewer !== null && decideTournament(view, { type }, { now, actor: { player: { id: viewer.id, name: viewer.name }, kind: viewer.kind }, drawSeed: () => "", seeded: () => null }).ok;
  const mayRegister = allowed("register");
  const mayLeave = allowed("leave");
  const ready = notices.state.tournamentMatches.filter((notice) => notice.tournamentId === view.id);

  const act = async (command: "tournament:register" | "tournament:leave") => {
    if (!socket) return;
    setBusy(true);
    const reply = await send(socket, command, { tournamentId: view.id });
    setBusy(false);
    if (!reply.ok) {
      setError(errorText(reply.code, reply.values));
      return;
    }
    setError(null);
    onStored(reply.version);
  };

  return (
    <div className="tournament-actions">
      {ready.map((notice) => (
        <p key={notice.matchId} role="alert" data-testid="tournament-match-ready">
          {t("yourMatch", { round: notice.round })}{" "}
          <a href={`/match/${notice.matchId}`} onClick={() => notices.opened(notice.matchId)}>
            {t("openMatch")}
          </a>
        </p>
      ))}
      {!mayEnter && view.status === "registering" ? <p className="muted">{t("signInToRegister")}</p> : null}
      {registered ? <p data-testid="registered-note">{t("registeredNote")}</p> : null}
      {mayRegister || mayLeave ? (
        <p className="tournament-buttons">
          {mayRegister ? (
            <button type="button" className="primary" disabled={busy || !socket} onClick={() => void act("tournament:register")}>
              {t("register")}
            </button>
          ) : null}
          {mayLeave ? (
            <button type="button" disabled={busy || !socket} onClick={() => void act("tournament:leave")}>
              {view.status === "registering" ? t("leave") : t("withdraw")}
            </button>
          ) : null}
        </p>
      ) : null}
      <FormError error={error} />
    </div>
  );
}
