/**
 * The moderation desk's buttons (/admin/chat), rendered to HTML in every language: what a message offers depends on
 * what was done to it already, a user's on their sanction; and the site-wide mute is worded apart from the chat
 * panel's personal "Mute for me". The actions themselves are tested through the route
 * (server/http/chat-moderation-response.test.ts).
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it, vi } from "vitest";
import { LOCALES } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const { MessageActions, UserActions } = await import("./chat-moderation");

function render(element: ReactElement, locale: (typeof LOCALES)[number] = "en"): string {
  return renderToStaticMarkup(createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: "UTC", children: element }));
}

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

describe("a reported message's actions", () => {
  it("offers hide, delete, resolve and dismiss on a shown message with open reports", () => {
    expect(buttons(render(createElement(MessageActions, { messageId: "m1", author: "rude", hidden: false, deleted: false, open: 2 })))).toEqual(["Hide", "Delete", "Resolve", "Dismiss"]);
  });

  it("offers only what is left: delete once hidden, nothing once deleted and its reports closed", () => {
    expect(buttons(render(createElement(MessageActions, { messageId: "m1", author: "rude", hidden: true, deleted: false, open: 0 })))).toEqual(["Delete"]);
    expect(buttons(render(createElement(MessageActions, { messageId: "m1", author: "rude", hidden: true, deleted: true, open: 0 })))).toEqual([]);
  });

  it("names the author in each button's accessible name", () => {
    const html = render(createElement(MessageActions, { messageId: "m1", author: "rude", hidden: false, deleted: false, open: 1 }));
    expect(html).toContain('aria-label="Hide this message by rude for everyone"');
  });
});

describe("a user's actions", () => {
  it("mutes site-wide for a chosen while, or bans; lifts what is set", () => {
    const free = render(createElement(UserActions, { userId: "u1", name: "rude", muted: false, banned: false }));
    expect(buttons(free)).toEqual(["Mute site-wide", "Ban from chat"]);
    expect([...free.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1])).toEqual(["1 hour", "1 day", "7 days", "30 days"]);
    const sanctioned = render(createElement(UserActions, { userId: "u1", name: "rude", muted: true, banned: true }));
    expect(buttons(sanctioned)).toEqual(["Mute site-wide", "Lift mute", "Lift ban"]);
  });

  it("is worded apart from the chat's personal mute, in every language", () => {
    for (const locale of LOCALES) {
      const html = render(createElement(UserActions, { userId: "u1", name: "rude", muted: false, banned: false }), locale);
      const personal = MESSAGES[locale].chat.mute;
      expect(MESSAGES[locale].admin.chat.mute).not.toBe(personal);
      expect(buttons(html)).toContain(MESSAGES[locale].admin.chat.mute);
      expect(buttons(html)).not.toContain(personal);
    }
  });
});
