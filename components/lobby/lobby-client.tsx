"use client";
/**
 * The live part of the lobby: the form that creates a match (length 1–25, colour, a person or the computer at one of
 * three levels as opponent, a time control or none, open challenge or private link) and the list of open challenges, kept current by
 * `lobby:list` and `lobby:changed`. Creating a match opens it.
 *
 * @example
 *   <LobbyClient signedIn protocol={PROTOCOL_VERSION} />
 */
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ChallengeSummary } from "@/lib/protocol/snapshot";
import type { TimeControl } from "@/lib/match/clock";
import { openSocket, send, type ClientSocket } from "@/components/socket/socket-client";
import "@/components/ui/ui.css";
import "./lobby.css";
import { useErrorText } from "@/components/i18n/error-text";
import { FormError } from "@/components/ui/form-error";
import { timeControlText } from "@/components/match/time-control-text";
import { LobbySocial } from "./lobby-social";

/** The computer's levels as the lobby offers them (the engine's search depth in brackets). */
const COMPUTER_CHOICES = ["easy", "medium", "hard"] as const;

type Opponent = "person" | (typeof COMPUTER_CHOICES)[number];

function isComputer(opponent: string): opponent is (typeof COMPUTER_CHOICES)[number] {
  return COMPUTER_CHOICES.some((choice) => choice === opponent);
}

/**
 * The time controls offered: a reserve per point of the match's length plus a Bronstein delay per turn (2 minutes a
 * point and 12 s is the usual tournament control), or a custom reserve and delay in seconds.
 */
const CLOCK_CHOICES = [
  { value: "none" },
  { value: "1+8", perPointMs: 60_000, delayMs: 8_000 },
  { value: "2+12", perPointMs: 120_000, delayMs: 12_000 },
  { value: "3+15", perPointMs: 180_000, delayMs: 15_000 },
  { value: "custom" },
] as const;

type ClockChoice = (typeof CLOCK_CHOICES)[number]["value"];

/** The time control the form asks for, or null (untimed); a string is the message key (`lobby.<key>`) of what is
 * wrong with the custom fields. */
function timeControlOf(choice: string, matchLength: number, reserveSeconds: number, delaySeconds: number): TimeControl | null | string {
  const preset = CLOCK_CHOICES.find((c) => c.value === choice);
  if (preset && "perPointMs" in preset) return { reserveMs: preset.perPointMs * matchLength, delayMs: preset.delayMs };
  if (choice !== "custom") return null;
  if (!Number.isInteger(reserveSeconds) || reserveSeconds < 1 || reserveSeconds > 36_000) return "reserveRange";
  if (!Number.isInteger(delaySeconds) || delaySeconds < 0 || delaySeconds > 120) return "delayRange";
  return { reserveMs: reserveSeconds * 1000, delayMs: delaySeconds * 1000 };
}

type ListState = { status: "loading" } | { status: "ready"; challenges: readonly ChallengeSummary[] } | { status: "offline" };

function matchHref(matchId: string, invite: string | null): string {
  return `/match/${matchId}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
}

export function LobbyClient({ signedIn, isGuest = false, protocol, viewerId = null }: { signedIn: boolean; isGuest?: boolean; protocol: number; viewerId?: string | null }) {
  const t = useTranslations("lobby");
  const tc = useTranslations("clock");
  const errorText = useErrorText();
  const format = useFormatter();
  const socket = useRef<ClientSocket | null>(null);
  const [liveSocket, setLiveSocket] = useState<ClientSocket | null>(null);
  const clockChoiceText = (choice: (typeof CLOCK_CHOICES)[number]) =>
    t("clockChoice", {
      choice: choice.value === "none" ? "none" : choice.value === "custom" ? "custom" : "preset",
      minutes: "perPointMs" in choice ? choice.perPointMs / 60_000 : 0,
      delay: "delayMs" in choice ? choice.delayMs / 1000 : 0,
    });
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opponent, setOpponent] = useState<Opponent>("person");
  const [clock, setClock] = useState<ClockChoice>("none");
  const [queue, setQueue] = useState<{ status: "idle" } | { status: "waiting"; rating: number; rated: boolean; matchLength: number }>({ status: "idle" });
  const [queueError, setQueueError] = useState<string | null>(null);

  useEffect(() => {
    const connection = openSocket(protocol);
    socket.current = connection;
    setLiveSocket(connection);
    const refresh = async () => {
      const reply = await send(connection, "lobby:list", {});
      if (reply.ok) setList({ status: "ready", challenges: reply.challenges });
    };
    connection.on("connect", () => void refresh());
    connection.on("lobby:changed", () => void refresh());
    connection.on("queue:result", (result) => {
      if (result.ok) {
        window.location.assign(matchHref(result.matchId, null));
        return;
      }
      setQueue({ status: "idle" });
      // The paired match could not be started: the refusal's code and values, in the reader's language.
      setQueueError(errorText(result.code, result.values));
    });
    connection.on("disconnect", () => {
      setList({ status: "offline" });
      // The server drops a disconnected player from the queue.
      setQueue({ status: "idle" });
    });
    connection.on("connect_error", () => setList({ status: "offline" }));
    return () => {
      connection.close();
      socket.current = null;
      setLiveSocket(null);
    };
  }, [protocol]);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const connection = socket.current;
    if (!connection) return;
    const chosen = String(form.get("opponent") ?? "person");
    const matchLength = Number(form.get("length"));
    const timeControl = timeControlOf(clock, matchLength, Number(form.get("reserve")), Number(form.get("delay")));
    if (typeof timeControl === "string") {
      setError(t(timeControl));
      return;
    }
    setBusy(true);
    setError(null);
    const reply = await send(connection, "lobby:create", {
      matchLength,
      color: form.get("color") as "white" | "black" | "random",
      visibility: form.get("visibility") === "private" ? "private" : "public",
      ...(isComputer(chosen) ? { computer: chosen } : {}),
      ...(timeControl ? { timeControl } : {}),
      ...(!isComputer(chosen) && form.get("rated") === "on" ? { rated: true } : {}),
    });
    if (!reply.ok) {
      setError(errorText(reply.code, reply.values));
      setBusy(false);
      return;
    }
    window.location.assign(matchHref(reply.matchId, reply.inviteToken));
  };

  const joinQueue = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const connection = socket.current;
    if (!connection) return;
    setQueueError(null);
    const matchLength = Number(form.get("queue-length"));
    const rated = form.get("queue-rated") === "on";
    // Presets only: two players' custom clocks would hardly ever be equal, and only equal clocks are paired.
    const timeControl = timeControlOf(String(form.get("queue-clock") ?? "none"), matchLength, 0, 0);
    const reply = await send(connection, "queue:join", { matchLength, rated, ...(timeControl && typeof timeControl !== "string" ? { timeControl } : {}) });
    if (!reply.ok) {
      setQueueError(errorText(reply.code, reply.values));
      return;
    }
    setQueue({ status: "waiting", rating: reply.rating, rated, matchLength });
  };

  const leaveQueue = async () => {
    const connection = socket.current;
    if (connection) await send(connection, "queue:leave", {});
    setQueue({ status: "idle" });
  };

  return (
    <div className="lobby">
      {signedIn ? (
        <section className="panel" aria-labelledby="queue-title">
          <h2 id="queue-title">{t("queue.title")}</h2>
          {queue.status === "waiting" ? (
            <div role="status" data-testid="queue-waiting">
              <p>
                {t("queue.waiting", {
                  rating: format.number(queue.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                  length: queue.matchLength,
                  rated: queue.rated ? "yes" : "no",
                })}
              </p>
              <button type="button" onClick={() => void leaveQueue()}>
                {t("queue.leave")}
              </button>
            </div>
          ) : (
            <form className="create-form" onSubmit={(e) => void joinQueue(e)}>
              <label>
                {t("length")}
                <input name="queue-length" type="number" min={1} max={25} defaultValue={5} required />
              </label>
              <label>
                {t("clock")}
                <select name="queue-clock" defaultValue="none">
                  {CLOCK_CHOICES.filter((choice) => choice.value !== "custom").map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {clockChoiceText(choice)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="choice">
                <input type="checkbox" name="queue-rated" disabled={isGuest} data-testid="queue-rated" /> {t("queue.rated")}
                {isGuest ? <span className="muted"> — {t("registerForRated")}</span> : null}
              </label>
              <button type="submit" className="primary" disabled={list.status === "offline"}>
                {t("queue.join")}
              </button>
            </form>
          )}
          <FormError error={queueError} />
        </section>
      ) : null}
      {signedIn ? (
        <section className="panel" aria-labelledby="create-title">
          <h2 id="create-title">{t("newMatch")}</h2>
          <form className="create-form" onSubmit={(e) => void create(e)}>
            <label>
              {t("length")}
              <input name="length" type="number" min={1} max={25} defaultValue={5} required />
            </label>
            <fieldset>
              <legend>{t("yourColour")}</legend>
              {(["white", "black", "random"] as const).map((color) => (
                <label key={color} className="choice">
                  <input type="radio" name="color" value={color} defaultChecked={color === "random"} /> {t("colour", { color })}
                </label>
              ))}
            </fieldset>
            <label>
              {t("opponent")}
              <select name="opponent" value={opponent} onChange={(e) => setOpponent(e.target.value as Opponent)}>
                <option value="person">{t("person")}</option>
                {COMPUTER_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {t("computer", { level: choice })}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("clock")}
              <select name="clock" value={clock} onChange={(e) => setClock(e.target.value as ClockChoice)}>
                {CLOCK_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {clockChoiceText(choice)}
                  </option>
                ))}
              </select>
            </label>
            {clock === "custom" ? (
              <div className="clock-fields">
                <label>
                  {t("reserve")}
                  <input name="reserve" type="number" min={1} max={36000} defaultValue={300} required />
                </label>
                <label>
                  {t("delay")}
                  <input name="delay" type="number" min={0} max={120} defaultValue={10} required />
                </label>
              </div>
            ) : null}
            <fieldset>
              <legend>{opponent === "person" ? t("whoJoins") : t("whoWatches")}</legend>
              <label className="choice">
                <input type="radio" name="visibility" value="public" defaultChecked /> {opponent === "person" ? t("anyoneChallenge") : t("anyone")}
              </label>
              <label className="choice">
                <input type="radio" name="visibility" value="private" /> {t("linkOnly")}
              </label>
            </fieldset>
            {opponent === "person" ? (
              <label className="choice">
                <input type="checkbox" name="rated" disabled={isGuest} data-testid="create-rated" /> {t("rated")}
                {isGuest ? <span className="muted"> — {t("registerForRated")}</span> : null}
              </label>
            ) : null}
            <button type="submit" className="primary" disabled={busy || list.status === "offline"}>
              {busy ? t("creating") : opponent === "person" ? t("create") : t("playComputer")}
            </button>
            <FormError error={error} />
          </form>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="challenges-title">
        <h2 id="challenges-title">{t("challenges")}</h2>
        {list.status === "loading" ? <p className="muted">{t("loading")}</p> : null}
        {list.status === "offline" ? (
          <p className="form-error" role="status">
            {t("offline")}
          </p>
        ) : null}
        {list.status === "ready" && list.challenges.length === 0 ? <p className="muted">{t("noChallenges")}</p> : null}
        {list.status === "ready" && list.challenges.length > 0 ? (
          <ul className="match-list" data-testid="open-challenges">
            {list.challenges.map((c) => (
              <li key={c.matchId}>
                <a href={matchHref(c.matchId, null)}>
                  {t("challenge", { name: c.creator.name, length: c.matchLength, rated: c.rated ? "yes" : "no", clock: timeControlText(tc, c.timeControl), color: c.openColor })}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <LobbySocial socket={liveSocket} viewerId={viewerId} isGuest={isGuest} />
    </div>
  );
}
