/**
 * The project's own docs (docs/provably-fair.md, docs/fair-dice-v1.md, docs/fair-dice-v2.md) as React elements, rendered by react-markdown
 * with GitHub-flavoured tables (remark-gfm) in a server component — the pages using it are static, so this runs at
 * `next build` and no Markdown code reaches the browser. Raw HTML in a document is dropped (`skipHtml`), so nothing
 * in it can inject markup. Links to these docs become links to their pages; other relative links are plain text.
 *
 * @example
 *   <Markdown source={readFileSync("docs/provably-fair.md", "utf8")} />
 */
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

const DOC_LINKS: Record<string, string> = {
  "fair-dice-v1.md": "/fairness/spec",
  "fair-dice-v2.md": "/fairness/spec/v2",
  "fair-dice-v3.md": "/fairness/spec/v3",
  "transparency-log.md": "/fairness/spec/log",
  "tournaments.md": "/fairness/spec/tournaments",
  "provably-fair.md": "/fairness",
  "provably-fair.pt-BR.md": "/fairness",
  "provably-fair.fr.md": "/fairness",
};

/** Where a link in a doc goes on the site, or null when it has no page here (it is shown as plain text). */
function siteHref(target: string): string | null {
  return DOC_LINKS[target] ?? (/^https?:\/\//.test(target) ? target : null);
}

// The page styles stop at h4 (markdown.css), so deeper headings render as h4, as they did before.
const components: Components = {
  h5: ({ children }) => <h4>{children}</h4>,
  h6: ({ children }) => <h4>{children}</h4>,
  // A code block scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
  pre: ({ children }) => <pre tabIndex={0}>{children}</pre>,
  a: ({ href, children }) => {
    const to = href === undefined ? null : siteHref(href);
    return to ? <a href={to}>{children}</a> : <span>{children}</span>;
  },
};

export function Markdown({ source }: { source: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {source}
      </ReactMarkdown>
    </div>
  );
}
