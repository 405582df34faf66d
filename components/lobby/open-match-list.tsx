/**
 * The lobby's open matches: public matches waiting for any opponent (not a direct challenge, which names its player), each a link to its match page, as `lobby:list` last
 * gave them — or that they are loading, or that the lobby is offline.
 *
 * @example
 *   <OpenMatchList list={{ status: "ready", matches }} />
 */
import { useTranslations } from "next-intl";
import { timeControlText } from "@/components/match/time-control-text";
import { matchHref } from "./lobby-choices";
import type { ListState } from "./use-lobby-socket";

export function OpenMatchList({ list }: { list: ListState }) {
  const t = useTranslations("lobby");
  const tc = useTranslations("clock");
  return (
    <section className="panel" aria-labelledby="open-matches-title">
      <h2 id="open-matches-title">{t("openMatches")}</h2>
      {list.status === "loading" ? <p className="muted">{t("loading")}</p> : null}
      {list.status === "offline" ? (
        <p className="form-error" role="status">
          {t("offline")}
        </p>
      ) : null}
      {list.status === "ready" && list.matches.length === 0 ? <p className="muted">{t("noOpenMatches")}</p> : null}
      {list.status === "ready" && list.matches.length > 0 ? (
        <ul className="match-list" data-testid="open-matches">
          {list.matches.map((c) => (
            <li key={c.matchId}>
              <a href={matchHref(c.matchId, null)}>
                {t("openMatch", { name: c.creator.name, length: c.matchLength, rated: c.rated ? "yes" : "no", clock: timeControlText(tc, c.timeControl), color: c.openColor })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
