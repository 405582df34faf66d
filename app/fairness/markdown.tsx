/**
 * A small Markdown renderer for the project's own docs (docs/provably-fair.md, docs/fair-dice-v1.md), on the server
 * only: headings, paragraphs, lists, block quotes, tables, fenced code, and inline code, bold, italics and links. It
 * renders React elements (never raw HTML), so nothing in a document can inject markup. Links to the two docs become
 * links to their pages; other relative links are shown as plain text.
 *
 * @example
 *   <Markdown source={readFileSync("docs/provably-fair.md", "utf8")} />
 */
import type { ReactNode } from "react";

const DOC_LINKS: Record<string, string> = { "fair-dice-v1.md": "/fairness/spec", "provably-fair.md": "/fairness" };

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "quote"; text: string }
  | { kind: "code"; text: string }
  | { kind: "table"; rows: string[][] };

function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  const isSpecial = (line: string) => /^(#{1,6} |```|> |\||\s*([-*]|\d+\.) )/.test(line);
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (line.trim() === "") {
      i++;
      continue;
    }
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1]?.length ?? 1, text: heading[2] ?? "" });
      i++;
    } else if (line.startsWith("```")) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? "").startsWith("```")) code.push(lines[i++] ?? "");
      i++;
      blocks.push({ kind: "code", text: code.join("\n") });
    } else if (line.startsWith(">")) {
      const quote: string[] = [];
      while (i < lines.length && (lines[i] ?? "").startsWith(">")) quote.push((lines[i++] ?? "").replace(/^>\s?/, ""));
      blocks.push({ kind: "quote", text: quote.join(" ") });
    } else if (line.startsWith("|")) {
      const rows: string[][] = [];
      while (i < lines.length && (lines[i] ?? "").startsWith("|")) {
        const cells = (lines[i++] ?? "").replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
      }
      blocks.push({ kind: "table", rows });
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? "";
        if (/^\s*([-*]|\d+\.) /.test(current)) items.push(current.replace(/^\s*([-*]|\d+\.) /, ""));
        else if (/^\s+\S/.test(current) && items.length > 0) items[items.length - 1] += ` ${current.trim()}`;
        else break;
        i++;
      }
      blocks.push({ kind: "list", ordered, items });
    } else {
      const text: string[] = [];
      while (i < lines.length && (lines[i] ?? "").trim() !== "" && !isSpecial(lines[i] ?? "")) text.push((lines[i++] ?? "").trim());
      blocks.push({ kind: "paragraph", text: text.join(" ") });
    }
  }
  return blocks;
}

/** Inline Markdown: `code`, **bold**, *italics*, [text](url). */
function inline(text: string, keyPrefix = "i"): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)]+)\)/g;
  let last = 0;
  let k = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const key = `${keyPrefix}${k++}`;
    if (match[1] !== undefined) out.push(<code key={key}>{match[1]}</code>);
    else if (match[2] !== undefined) out.push(<strong key={key}>{inline(match[2], key)}</strong>);
    else if (match[3] !== undefined) out.push(<em key={key}>{inline(match[3], key)}</em>);
    else if (match[4] !== undefined) {
      const target = match[5] ?? "";
      const href = DOC_LINKS[target] ?? (/^https?:\/\//.test(target) ? target : null);
      out.push(href ? <a key={key} href={href}>{inline(match[4], key)}</a> : <span key={key}>{inline(match[4], key)}</span>);
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ source }: { source: string }) {
  return (
    <div className="markdown">
      {parseBlocks(source).map((block, n) => {
        switch (block.kind) {
          case "heading": {
            const Tag = `h${Math.min(block.level, 4)}` as "h1" | "h2" | "h3" | "h4";
            return <Tag key={n}>{inline(block.text)}</Tag>;
          }
          case "paragraph":
            return <p key={n}>{inline(block.text)}</p>;
          case "quote":
            return <blockquote key={n}>{inline(block.text)}</blockquote>;
          case "code":
            return (
              <pre key={n}>
                <code>{block.text}</code>
              </pre>
            );
          case "list": {
            const items = block.items.map((item, k) => <li key={k}>{inline(item)}</li>);
            return block.ordered ? <ol key={n}>{items}</ol> : <ul key={n}>{items}</ul>;
          }
          case "table": {
            const [head, ...body] = block.rows;
            return (
              <table key={n}>
                <thead>
                  <tr>{head?.map((cell, k) => <th key={k}>{inline(cell)}</th>)}</tr>
                </thead>
                <tbody>
                  {body.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, k) => (
                        <td key={k}>{inline(cell)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            );
          }
        }
      })}
    </div>
  );
}
