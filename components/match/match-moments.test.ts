/**
 * The moments a game and a match end (issue 47: the page showed neither), rendered to HTML in every language: the
 * game's winner, points and score with "Next game" while this page holds the next opening roll; the match's result as
 * its player sees it, both rating changes of a rated match, and the links to analyse and review it.
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";
import { handMatch } from "@/lib/match/fixtures/hand-match";
import { emptyMatchView, evolve, type MatchView } from "@/lib/match/view";
import { endedGame } from "@/lib/play/game-break";
import { GameBreakNotice } from "./game-break";
import { MatchEndNotice, reviewHref } from "./match-end";

function render(element: ReactElement, locale: (typeof LOCALES)[number] = "en"): string {
  return renderToStaticMarkup(createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: "UTC", children: element }));
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

const views: MatchView[] = [];
handMatch.reduce((view, event) => {
  const next = evolve(view, event);
  views.push(next);
  return next;
}, emptyMatchView("m1"));
const names = { white: "alice", black: "bob" };

describe("the end of a game", () => {
  const game = endedGame(views.find((view) => endedGame(view) !== null)!)!;

  it("says who won, how many points and how, and the score, with Next game while the opening roll is held", () => {
    const held = render(createElement(GameBreakNotice, { game, names, matchLength: 3, held: true, onNext: () => undefined }));
    expect(text(held)).toBe("Game 1 is over alice wins 2 points (double dropped). Score: alice 2, bob 0 — 3-point match. Next game");
    expect(held).toContain('role="status"');
    const waiting = render(createElement(GameBreakNotice, { game, names, matchLength: 3, held: false, onNext: () => undefined }));
    expect(waiting).not.toContain("<button");
    expect(text(waiting)).toContain("Game 2 starts with the opening roll in a moment.");
  });

  it("is worded in every language", () => {
    for (const locale of LOCALES) {
      const html = render(createElement(GameBreakNotice, { game, names, matchLength: 3, held: true, onNext: () => undefined }), locale);
      expect(text(html)).toContain(MESSAGES[locale].match.break.next);
      expect(text(html)).toContain("alice");
    }
  });
});

describe("the end of the match", () => {
  // The hand match ends at 5–2 for white (alice); the server's `ended` event makes it finished.
  const over = evolve(views.at(-1)!, { type: "ended", reason: "finished", winner: "white", serverSeed: "s" });
  const ratings = [
    { color: "white" as const, before: 1500, after: 1510, delta: 10 },
    { color: "black" as const, before: 1500, after: 1490, delta: -10 },
  ];

  it("tells the winner, the loser and a spectator the result, the ratings, and links to analyse and review", () => {
    const won = render(createElement(MatchEndNotice, { view: over, you: "white", ratings, invite: null }));
    expect(text(won)).toBe("You won the match Final score: alice 5, bob 2. alice: rating 1500.0 → 1510.0 +10.0 bob: rating 1500.0 → 1490.0 −10.0 Analyse the match Review it move by move");
    expect(won).toContain('href="/matches/m1?analyse=1"');
    expect(won).toContain('href="/matches/m1"');
    expect(text(render(createElement(MatchEndNotice, { view: over, you: "black", ratings: null, invite: null })))).toMatch(/^You lost the match Final score: alice 5, bob 2\. Analyse/);
    expect(text(render(createElement(MatchEndNotice, { view: over, you: null, ratings: [], invite: null })))).toMatch(/^alice wins the match/);
  });

  it("keeps a private match's invite in its links, and is worded in every language", () => {
    expect(reviewHref("m1", "tok", true)).toBe("/matches/m1?analyse=1&invite=tok");
    expect(reviewHref("m1", "tok", false)).toBe("/matches/m1?invite=tok");
    for (const locale of LOCALES) {
      const html = render(createElement(MatchEndNotice, { view: over, you: "white", ratings, invite: null }), locale);
      expect(text(html)).toContain(MESSAGES[locale].match.end.analyse);
    }
  });
});
