"use client";
/**
 * What a visitor can do on a tournament's page: register, unregister or withdraw (over the socket), verify the draw in
 * the browser (the published draw, /api/tournaments/:id/draw.json, recomputed by lib/tournament's verifier), and be told
 * when their match of a round is ready. The page itself is drawn by the server; it is refreshed every few seconds while
 * the tournament is not over, so the bracket and standings follow the play.
 *
 * @example
 *   <TournamentActions id={id} protocol={PROTOCOL_VERSION} canRegister registered={false} status="registering" signedIn />
 */
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { DrawReport } from "@/lib/tournament/verify-draw";
import { useErrorText } from "@/components/i18n/error-text";
import { openSocket, send, type ClientSocket } from "@/components/socket/socket-client";
import { FormError } from "@/components/ui/form-error";

const REFRESH_MS = 4000;

/** A check's id or status as an ICU select key: "first-round" → "firstRound", "not-yet-revealed" → "notYet". */
function selectKey(value: string): string {
  return value === "not-yet-revealed" ? "notYet" : value.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

export function TournamentActions({ id, protocol, status, registered, signedIn, mayRegister }: { id: string; protocol: number; status: string; registered: boolean; signedIn: boolean; mayRegister: boolean }) {
  const t = useTranslations("tournaments");
  const errorText = useErrorText();
  const router = useRouter();
  const socket = useRef<ClientSocket | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<DrawReport | null>(null);
  const [checking, setChecking] = useState(false);
  const [ready, setReady] = useState<{ round: number; matchId: string } | null>(null);
  const live = status === "registering" || status === "closed" || status === "running";

  useEffect(() => {
    const connection = openSocket(protocol);
    socket.current = connection;
    connection.on("tournament:match", (notice) => {
      if (notice.tournamentId === id) setReady({ round: notice.round, matchId: notice.matchId });
    });
    return () => {
      connection.close();
      socket.current = null;
    };
  }, [protocol, id]);

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, router]);

  const act = async (command: "tournament:register" | "tournament:leave") => {
    if (!socket.current) return;
    setBusy(true);
    const reply = await send(socket.current, command, { tournamentId: id });
    setBusy(false);
    if (!reply.ok) setError(errorText(reply.code, reply.values));
    else {
      setError(null);
      router.refresh();
    }
  };

  const verify = async () => {
    setChecking(true);
    try {
      const response = await fetch(`/api/tournaments/${id}/draw.json`, { cache: "no-store" });
      const record: unknown = await response.json();
      const { verifyDraw } = await import("@/lib/tournament/verify-draw");
      setReport(verifyDraw(record as Parameters<typeof verifyDraw>[0]));
    } catch {
      setError(errorText("ERR_NETWORK"));
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="tournament-actions">
      {ready ? (
        <p role="alert" data-testid="tournament-match-ready">
          {t("yourMatch", { round: ready.round })} <a href={`/match/${ready.matchId}`}>{t("openMatch")}</a>
        </p>
      ) : null}
      {!signedIn && status === "registering" ? <p className="muted">{t("signInToRegister")}</p> : null}
      {registered ? <p data-testid="registered-note">{t("registeredNote")}</p> : null}
      <p className="tournament-buttons">
        {mayRegister && !registered ? (
          <button type="button" className="primary" disabled={busy} onClick={() => void act("tournament:register")}>
            {t("register")}
          </button>
        ) : null}
        {registered && (status === "registering" || status === "closed" || status === "running") ? (
          <button type="button" disabled={busy} onClick={() => void act("tournament:leave")}>
            {status === "registering" ? t("leave") : t("withdraw")}
          </button>
        ) : null}
        <button type="button" onClick={() => void (checking ? undefined : verify())} aria-disabled={checking}>
          {checking ? t("verifying") : t("verify")}
        </button>
      </p>
      <FormError error={error} />
      {report ? (
        <div data-testid="draw-report">
          <p role="status" className={`verdict verdict-${report.verdict}`}>
            {t("verdict", { verdict: report.verdict })}
          </p>
          <ul>
            {report.checks.map((check) => (
              <li key={check.id} data-check={check.id} data-status={check.status}>
                {t("check", { id: selectKey(check.id), status: selectKey(check.status), round: check.round ?? 0, match: check.match ?? 0 })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
