/**
 * The match page's seat panel for a fair-dice-v1 match still waiting (issue 46, item 4): the server seats nobody in
 * it (ERR_OUTDATED_PROTOCOL), so the panel offers no "Join" button — nor sign-in to join, nor an invite link to its
 * creator — and says why in words, in every language; a fair-dice-v2 match keeps its seat. Rendered to HTML with the
 * match store stubbed (no socket).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it, vi } from "vitest";
import { LOCALES } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";
import { emptyMatchView, evolve, type MatchEvent, type MatchView } from "@/lib/match";
import type { Color } from "@/lib/engine/types";

const state: { view: MatchView | null; you: Color | null } = { view: null, you: null };

const store = () => ({ ...state, invite: null, inviteToken: null, awaySince: { white: null, black: null }, abandonAfterMs: 300_000, busy: false, adopt: () => undefined });

vi.mock("./match-provider", () => ({
  useMatch: <T>(select: (s: Record<string, unknown>) => T): T => select(store()),
  useRun: () => async () => ({ ok: false, code: "ERR_NO_ANSWER" }),
}));
// Mocked too, not only through the provider: a fork keeps modules across test files (isolate: false), and a
// use-match-fields loaded by an earlier file would still hold the real provider's useMatch.
vi.mock("./use-match-fields", () => ({
  useMatchFields: (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, (store() as Record<string, unknown>)[key]])),
}));

const { SeatPanel } = await import("./seat-panel");

const v1Created: MatchEvent = { type: "created", matchLength: 3, visibility: "public", commitment: "c", creator: { id: "a", name: "alice", isGuest: false }, creatorColor: "white" };
const v2Created: MatchEvent = { ...v1Created, dice: { protocol: "fair-dice-v2", chainLength: 5 } };

function render(created: MatchEvent, you: Color | null, signedIn: boolean, locale: (typeof LOCALES)[number] = "en"): string {
  state.view = evolve(emptyMatchView("m1"), created);
  state.you = you;
  return renderToStaticMarkup(createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: "UTC", children: createElement(SeatPanel, { signedIn }) }));
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

describe("the seat panel of a waiting match", () => {
  it("offers a fair-dice-v2 match's seat", () => {
    const html = render(v2Created, null, true);
    expect(text(html)).toContain("Join as black");
    expect(html).not.toContain("outdated-protocol");
  });

  it("offers no seat in a fair-dice-v1 match, and says why", () => {
    for (const signedIn of [true, false]) {
      const html = render(v1Created, null, signedIn);
      expect(text(html)).toContain(
        "This match uses fair-dice-v1, an older dice protocol without your browser's salt; the site seats players only in fair-dice-v2 and fair-dice-v3 matches. You can still watch it and check its dice.",
      );
      expect(html).toContain('data-testid="outdated-protocol"');
      expect(text(html)).not.toContain("Join as");
      expect(text(html)).not.toContain("Sign in");
    }
  });

  it("tells the creator of a fair-dice-v1 match that nobody can join it, instead of the invite link", () => {
    const html = render(v1Created, "white", true);
    expect(text(html)).toContain("so nobody can join it. Cancel it and create a new match.");
    expect(text(html)).toContain("Cancel match");
    expect(html).not.toContain("<input");
  });

  it.each(LOCALES)("says it in %s", (locale) => {
    const notice = text(render(v1Created, null, true, locale));
    expect(notice).toContain("fair-dice-v1");
    expect(notice).toContain("fair-dice-v2");
    expect(notice).not.toContain("seats.");
  });
});
