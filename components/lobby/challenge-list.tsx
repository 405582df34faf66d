/**
 * The lobby's open challenges: matches waiting for an opponent, each a link to its match page, as `lobby:list` last
 * gave them — or that they are loading, or that the lobby is offline.
 *
 * @example
 *   <ChallengeList list={{ status: "ready", challenges }} />
 */
import { useTranslations } from "next-intl";
import { timeControlText } from "@/components/match/time-control-text";
import { matchHref } from "./lobby-choices";
import type { ListState } from "./use-lobby-socket";

export function ChallengeList({ list }: { list: ListState }) {
  const t = useTranslations("lobby");
  const tc = useTranslations("clock");
  return (
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
  );
}
