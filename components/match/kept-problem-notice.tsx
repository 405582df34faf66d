"use client";
/**
 * What this browser found the match to show against what it kept (kept-chains.ts `KeptProblem`), said to its player
 * at the top of the match page: a salt forwarded for a roll it had answered other than the one it was shown (the
 * server, or someone with it, tried the roll twice), a head other than the one it was shown or made, or a head of
 * its player made by another browser (this one then cannot answer for it).
 *
 * @example
 *   <KeptProblemNotice problem={{ kind: "forwardedSalt", nonce: 7, kept: "0f…", shown: "9a…" }} />
 */
import { useTranslations } from "next-intl";
import type { KeptProblem } from "./kept-chains";

const short = (text: string | null) => (text === null ? "—" : `${text.slice(0, 8)}…`);

export function KeptProblemNotice({ problem }: { readonly problem: KeptProblem | null }) {
  const t = useTranslations("match.keptProblem");
  if (!problem) return null;
  const text =
    problem.kind === "forwardedSalt"
      ? t("forwardedSalt", { nonce: problem.nonce, kept: short(problem.kept), shown: short(problem.shown) })
      : problem.kind === "head"
        ? t("head", { game: problem.game, player: problem.player })
        : problem.kind === "opponentValue"
          ? t("opponentValue", { game: problem.game, nonce: problem.nonce })
          : t("notThisBrowser", { game: problem.game });
  return (
    <p className="notice kept-problem" role="alert" data-testid="kept-problem" data-problem={problem.kind}>
      {text}
    </p>
  );
}
