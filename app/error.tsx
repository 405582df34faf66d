"use client";
import "@/components/ui/ui.css";

/** A page that failed on the server (the database unreachable, say): say so, offer a retry and a way back. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section className="panel failure-panel" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. The server may be restarting; your matches are kept and will be here again.</p>
      {error.digest ? <p className="muted">Reference: {error.digest}</p> : null}
      <p>
        <button type="button" onClick={reset}>
          Try again
        </button>{" "}
        <a href="/">Back to the lobby</a>
      </p>
    </section>
  );
}
