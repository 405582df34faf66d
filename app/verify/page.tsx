import type { Metadata } from "next";
import { VerifyTool } from "@/components/fairness/verify-tool";

export const metadata: Metadata = { title: "Verify a match — Fairgammon" };

/** Verify any fair-dice-v1 audit bundle in the browser. */
export default function VerifyPage() {
  return (
    <section className="verify-page">
      <h1>Verify a match</h1>
      <p>
        Paste or upload a match&apos;s audit bundle (the &quot;Download the audit bundle&quot; link on a finished match). Your browser
        recomputes every roll from the revealed server seed and the players&apos; seeds and runs the five checks of{" "}
        <a href="/fairness/spec">fair-dice-v1</a>; nothing is sent anywhere. <a href="/fairness">How this works</a>
      </p>
      <VerifyTool />
    </section>
  );
}
