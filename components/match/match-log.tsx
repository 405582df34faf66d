"use client";
/**
 * The running log of what happened since the page opened (rolls, plays, cube, resignations, games), newest last.
 *
 * @example
 *   <MatchLog />   // inside a MatchProvider
 */
import { useTranslations } from "next-intl";
import { describeEvent } from "./event-text";
import { useMatch } from "./match-provider";

export function MatchLog() {
  const t = useTranslations("match");
  const log = useMatch((s) => s.log);
  return (
    <section className="panel match-log" aria-labelledby="match-log-title">
      <h2 id="match-log-title">{t("logTitle")}</h2>
      {log.length === 0 ? (
        <p className="muted">{t("logEmpty")}</p>
      ) : (
        // column-reverse keeps the box scrolled to the newest line as lines arrive
        <div className="log-box" tabIndex={0} role="region" aria-labelledby="match-log-title">
          <ol className="log-lines" data-testid="match-log">
            {log.map((line) => (
              <li key={line.version}>{describeEvent(t, line.before, line.event, line.after)}</li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
