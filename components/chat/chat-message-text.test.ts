import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatMessageText } from "./chat-message-text";

const render = (text: string, origin: string) => renderToStaticMarkup(createElement(ChatMessageText, { text, origin }));

describe("a chat message on the page", () => {
  it("links this site's pages as paths and shows markup as text", () => {
    const html = render("watch https://fairgammon.example/match/abc123 <b>now</b>", "https://fairgammon.example");
    expect(html).toBe('<span class="chat-text"><span>watch </span><a href="/match/abc123">https://fairgammon.example/match/abc123</a><span> &lt;b&gt;now&lt;/b&gt;</span></span>');
  });

  it("never renders a link that leaves the site, however the address is spelled", () => {
    for (const origin of ["https://fairgammon.example", "http://localhost:3000"]) {
      for (const tail of ["//evil.example/login", "/\\evil.example/x", "/%2F%2Fevil.example/x", "/%5Cevil.example", "/.//evil.example", "/%252F%252Fevil.example"]) {
        const text = `${origin}${tail}`;
        const html = render(`go ${text} now`, origin);
        expect(html, text).not.toContain("<a");
        expect(html, text).toContain(`<span>go ${text.replaceAll("&", "&amp;")} now</span>`);
      }
    }
  });
});
