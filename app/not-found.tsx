import "@/components/ui/ui.css";

/** Any unknown page, and a match id that does not exist. */
export default function NotFound() {
  return (
    <section className="panel failure-panel">
      <h1>Not found</h1>
      <p>There is no such page or match. A private match also needs the invite link it was shared with.</p>
      <p>
        <a href="/">Back to the lobby</a>
      </p>
    </section>
  );
}
