/**
 * The lobby's matchmaking queue: a match length, a preset clock and rated or not, then waiting — with the rating the
 * queue pairs by — until a pairing opens the match, or the player leaves the queue. A rated queue is only for those
 * whose account may play rated matches (lib/access/may.ts).
 *
 * @example
 *   <QueuePanel lobby={useLobbySocket(PROTOCOL_VERSION)} mayPlayRated />
 */
import { useFormatter, useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { useErrorText } from "@/components/i18n/error-text";
import { send } from "@/components/socket/socket-client";
import { FormError } from "@/components/ui/form-error";
import { CLOCK_CHOICES, clockChoiceValues, timeControlOf } from "./lobby-choices";
import type { useLobbySocket } from "./use-lobby-socket";
import { MatchLengthField } from "./match-length-field";

export function QueuePanel({ lobby, mayPlayRated }: { lobby: ReturnType<typeof useLobbySocket>; mayPlayRated: boolean }) {
  const t = useTranslations("lobby");
  const format = useFormatter();
  const errorText = useErrorText();
  const { socket, list, queue, setQueue, queueError, setQueueError } = lobby;

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
          <MatchLengthField name="queue-length" label={t("length")} />
          <label>
            {t("clock")}
            <select name="queue-clock" defaultValue="none">
              {CLOCK_CHOICES.filter((choice) => choice.value !== "custom").map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {t("clockChoice", clockChoiceValues(choice))}
                </option>
              ))}
            </select>
          </label>
          <label className="choice">
            <input type="checkbox" name="queue-rated" disabled={!mayPlayRated} data-testid="queue-rated" /> {t("queue.rated")}
            {mayPlayRated ? null : <span className="muted"> — {t("registerForRated")}</span>}
          </label>
          <button type="submit" className="primary" disabled={list.status === "offline"}>
            {t("queue.join")}
          </button>
        </form>
      )}
      <FormError error={queueError} />
    </section>
  );
}
