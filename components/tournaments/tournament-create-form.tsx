"use client";
/**
 * Creating a tournament (administrators, or registered players when the server allows it): format, match length,
 * the clock (required), rating, player limit, when registration closes and when the first round starts, and how long
 * a player has to show. Every bound is lib/tournament/creation.ts's TOURNAMENT_LIMITS, the numbers the server checks
 * the request against (a Swiss has fewer rounds than players). Sent over the page's socket (`tournament:create`); the
 * new tournament's page opens.
 *
 * @example
 *   <TournamentCreateForm protocol={PROTOCOL_VERSION} />
 */
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/i18n/error-text";
import { openSocket, send, type ClientSocket } from "@/components/socket/socket-client";
import { FormError } from "@/components/ui/form-error";
import { TOURNAMENT_LIMITS as LIMITS } from "@/lib/tournament/creation";

const MINUTE_MS = 60_000;

export function TournamentCreateForm({ protocol }: { protocol: number }) {
  const t = useTranslations("tournaments");
  const errorText = useErrorText();
  const socket = useRef<ClientSocket | null>(null);
  const [format, setFormat] = useState<"knockout" | "swiss">("knockout");
  const [maxPlayers, setMaxPlayers] = useState(8);
  const maxRounds = Math.max(LIMITS.swissRounds.min, Math.min(LIMITS.swissRounds.max, maxPlayers - 1));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const connection = openSocket(protocol);
    socket.current = connection;
    return () => {
      connection.close();
      socket.current = null;
    };
  }, [protocol]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!socket.current) return;
    const form = new FormData(event.currentTarget);
    const number = (name: string) => Number(form.get(name));
    const closesAt = Date.now() + number("closes-in") * MINUTE_MS;
    setBusy(true);
    const reply = await send(socket.current, "tournament:create", {
      name: String(form.get("name") ?? ""),
      format,
      matchLength: number("length"),
      timeControl: { reserveMs: number("reserve") * MINUTE_MS, delayMs: number("delay") * 1000 },
      rated: form.get("rated") === "on",
      maxPlayers: number("max-players"),
      closesAt,
      startsAt: closesAt + number("starts-after") * MINUTE_MS,
      ...(format === "swiss" ? { swissRounds: number("rounds") } : {}),
      noShowMinutes: number("no-show"),
    });
    setBusy(false);
    if (!reply.ok) {
      setError(errorText(reply.code, reply.values));
      return;
    }
    window.location.assign(`/tournaments/${reply.tournamentId}`);
  };

  return (
    <section className="panel" aria-labelledby="create-tournament">
      <h2 id="create-tournament">{t("create")}</h2>
      <form className="create-form" onSubmit={(event) => void submit(event)}>
        <label>
          {t("name")}
          <input name="name" required maxLength={LIMITS.nameLength} />
        </label>
        <label>
          {t("format")}
          <select name="format" value={format} onChange={(event) => setFormat(event.target.value as "knockout" | "swiss")}>
            <option value="knockout">{t("knockout")}</option>
            <option value="swiss">{t("swiss")}</option>
          </select>
        </label>
        {format === "swiss" ? (
          <label>
            {t("rounds")}
            <input name="rounds" type="number" min={LIMITS.swissRounds.min} max={maxRounds} defaultValue={Math.min(3, maxRounds)} required />
          </label>
        ) : null}
        <label>
          {t("length")}
          <input name="length" type="number" min={LIMITS.matchLength.min} max={LIMITS.matchLength.max} defaultValue={3} required />
        </label>
        <label>
          {t("reserve")}
          <input name="reserve" type="number" min={1} max={600} defaultValue={10} required />
        </label>
        <label>
          {t("delay")}
          <input name="delay" type="number" min={0} max={120} defaultValue={10} required />
        </label>
        <label className="choice">
          <input type="checkbox" name="rated" /> {t("rated")}
        </label>
        <label>
          {t("maxPlayers")}
          <input
            name="max-players"
            type="number"
            min={LIMITS.players.min}
            max={LIMITS.players.max}
            value={maxPlayers}
            onChange={(event) => setMaxPlayers(Number(event.target.value))}
            required
          />
        </label>
        <label>
          {t("closesIn")}
          <input name="closes-in" type="number" min={1} max={Math.floor(LIMITS.closesWithinMs / MINUTE_MS)} defaultValue={30} required />
        </label>
        <label>
          {t("startsAfter")}
          <input name="starts-after" type="number" min={0} max={Math.floor(LIMITS.startsWithinMsOfClose / MINUTE_MS)} defaultValue={0} required />
        </label>
        <label>
          {t("noShow")}
          <input name="no-show" type="number" min={LIMITS.noShowMinutes.min} max={LIMITS.noShowMinutes.max} defaultValue={5} required />
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t("creating") : t("submit")}
        </button>
        <FormError error={error} />
      </form>
    </section>
  );
}
