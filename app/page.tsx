export default function HomePage() {
  return (
    <section>
      <h1>Fairgammon</h1>
      <p>
        Backgammon matches between two people, in real time, with dice anyone can check: before play the server
        commits to a secret seed, each player adds a seed of their own, and at the end the secret is revealed so
        every roll can be recomputed.
      </p>
      <p>The lobby opens here soon.</p>
    </section>
  );
}
