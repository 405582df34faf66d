import { readFileSync } from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import { Markdown } from "../markdown";
import "../markdown.css";

export const metadata: Metadata = { title: "fair-dice-v1 — Fairgammon" };

/** docs/fair-dice-v1.md, the protocol, rendered at build time. */
export default function FairDiceSpecPage() {
  const source = readFileSync(path.join(process.cwd(), "docs", "fair-dice-v1.md"), "utf8");
  return (
    <article className="doc-page">
      <Markdown source={source} />
      <p>
        <a href="/fairness">The player&apos;s guide</a> · <a href="/verify">Verify a match</a> · <a href="/">Back to the lobby</a>
      </p>
    </article>
  );
}
