import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

const render = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }));

describe("Markdown", () => {
  it("renders the block kinds the docs use inside the .markdown container", () => {
    const html = render(["# Title", "", "A *b* **c** `d`.", "", "- one", "- two", "", "1. first", "", "> quoted", "", "```", "x < y", "```"].join("\n"));
    expect(html).toBe(
      '<div class="markdown"><h1>Title</h1>\n<p>A <em>b</em> <strong>c</strong> <code>d</code>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n' +
        "<ol>\n<li>first</li>\n</ol>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n<pre tabindex=\"0\"><code>x &lt; y\n</code></pre></div>",
    );
  });

  it("renders GitHub tables with a head and a body", () => {
    const html = render("| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain("<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>");
  });

  it("links the two docs to their pages and web links as they are; other relative links are plain text", () => {
    const html = render("[spec](fair-dice-v1.md), [guide](provably-fair.md), [web](https://example.org/x), [file](../lib/dice/roll.ts)");
    expect(html).toContain('<a href="/fairness/spec">spec</a>');
    expect(html).toContain('<a href="/fairness">guide</a>');
    expect(html).toContain('<a href="https://example.org/x">web</a>');
    expect(html).toContain("<span>file</span>");
  });

  it("drops raw HTML and renders headings deeper than h4 as h4", () => {
    const html = render('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n##### Deep');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("<h4>Deep</h4>");
  });

  it("renders the guide and the specifications with every link pointing at a page or the web", () => {
    for (const doc of ["provably-fair.md", "fair-dice-v1.md", "fair-dice-v2.md", "fair-dice-v3.md", "transparency-log.md"]) {
      const html = render(readFileSync(path.join(process.cwd(), "docs", doc), "utf8"));
      expect(html.startsWith('<div class="markdown"><h1>')).toBe(true);
      for (const [, href] of html.matchAll(/<a href="([^"]*)"/g)) expect(href).toMatch(/^(\/fairness(\/spec(\/(v2|v3|log|tournaments))?)?|https?:\/\/.+)$/);
    }
  });
});
