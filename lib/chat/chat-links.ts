/**
 * A message cut into text and links for display. Only links to this site (a match to watch, a player's page) become
 * clickable; any other address stays plain text, so chat cannot send a player to a look-alike sign-in page with one
 * click. Nothing is ever turned into markup: the segments are rendered as text nodes and anchors by React.
 *
 * @example
 *   chatSegments("watch https://fairgammon.example/match/abc123!", "https://fairgammon.example");
 *   // [{ kind: "text", text: "watch " }, { kind: "link", text: "https://fairgammon.example/match/abc123", href: "/match/abc123" }, { kind: "text", text: "!" }]
 */
export type ChatSegment = { readonly kind: "text"; readonly text: string } | { readonly kind: "link"; readonly text: string; readonly href: string };

const URL_LIKE = /https?:\/\/[^\s<>"']+/gi;
/** Sentence punctuation right after an address belongs to the sentence. */
const TRAILING = /[.,;:!?)\]]+$/;

/** The path of `candidate` when it is an address on `siteOrigin`; null for any other address or a malformed one. */
export function safeChatHref(candidate: string, siteOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.origin !== siteOrigin || url.username !== "" || url.password !== "") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function chatSegments(text: string, siteOrigin: string): ChatSegment[] {
  const segments: ChatSegment[] = [];
  let plain = "";
  let last = 0;
  for (const found of text.matchAll(URL_LIKE)) {
    const address = found[0].replace(TRAILING, "");
    const start = found.index;
    const href = safeChatHref(address, siteOrigin);
    plain += text.slice(last, start);
    last = start;
    if (href === null) continue;
    if (plain) segments.push({ kind: "text", text: plain });
    plain = "";
    segments.push({ kind: "link", text: address, href });
    last = start + address.length;
  }
  plain += text.slice(last);
  if (plain) segments.push({ kind: "text", text: plain });
  return segments;
}
