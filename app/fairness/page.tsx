import { readFileSync } from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import { Markdown } from "./markdown";
import "./markdown.css";

export const metadata: Metadata = { title: "How the dice are fair — Fairgammon" };

/** docs/provably-fair.md, the player's guide, rendered at build time. */
export default function FairnessPage() {
  const source = readFileSync(path.join(process.cwd(), "docs", "provably-fair.md"), "utf8");
  return (
    <article className="doc-page">
      <Markdown source={source} />
      <p>
        <a href="/verify">Verify a match in your browser</a> · <a href="/">Back to the lobby</a>
      </p>
    </article>
  );
}
