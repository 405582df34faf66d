"use client";
/**
 * The running log of what happened since the page opened (rolls, plays, cube, resignations, games), newest last.
 *
 * @example
 *   <MatchLog />   // inside a MatchProvider
 */
import { useMatch } from "./match-provider";

export function MatchLog() {
  const log = useMatch((s) => s.log);
  return (
    <section className="panel match-log" aria-labelledby="match-log-title">
      <h2 id="match-log-title">Moves</h2>
      {log.length === 0 ? (
        <p className="muted">Moves appear here as they are played.</p>
      ) : (
        // column-reverse keeps the box scrolled to the newest line as lines arrive
        <div className="log-box">
          <ol className="log-lines" data-testid="match-log">
            {log.map((line) => (
              <li key={line.version}>{line.text}</li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
