/**
 * A message cut into text and links for display. Only links to this site (a match to watch, a player's page) become
 * clickable; any other address stays plain text, so chat cannot send a player to a look-alike sign-in page with one
 * click. A link is rendered as its path alone, and only a path that cannot lead off the site: "//evil.example" on this
 * site's origin is a protocol-relative address of another (isSitePath). Nothing is ever turned into markup: the
 * segments are rendered as text nodes and anchors by React.
 *
 * @example
 *   chatSegments("watch https://fairgammon.example/match/abc123!", "https://fairgammon.example");
 *   // [{ kind: "text", text: "watch " }, { kind: "link", text: "https://fairgammon.example/match/abc123", href: "/match/abc123" }, { kind: "text", text: "!" }]
 */
export type ChatSegment = { readonly kind: "text"; readonly text: string } | { readonly kind: "link"; readonly text: string; readonly href: string };

const URL_LIKE = /https?:\/\/[^\s<>"']+/gi;
/** Sentence punctuation right after an address belongs to the sentence. */
const TRAILING = /[.,;:!?)\]]+$/;

/** Controls (the URL parser drops tabs and new lines silently: "/\t/evil" parses as "//evil") and backslashes (it reads them as slashes). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const SMUGGLED = /[\u0000-\u001F\u007F-\u009F\\]/;
/** In an address as written, white space too (an address found in a message never has any). */
const SPACE = /\s/;
/** Decoded this many times, an address that encodes "//" in layers is caught; one encoded deeper is refused anyway. */
const DECODINGS = 3;

/**
 * `href` when it is a path of this site and stays one however it is decoded: "/" and then a character that is no
 * slash or backslash. "//evil.example" (a protocol-relative address: another site), "/\evil.example" (the same to a
 * browser), their percent-encoded spellings ("/%2F%2Fevil.example", "/%5Cevil.example", which a server or a router
 * may decode into one) and "//" further on are refused rather than repaired: such a link is no ordinary one.
 */
export function isSitePath(href: string): boolean {
  let decoded = href;
  for (let i = 0; i <= DECODINGS; i++) {
    if (!decoded.startsWith("/") || decoded.includes("//") || SMUGGLED.test(decoded)) return false;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) return true;
    decoded = next;
  }
  return false;
}

/** The path of `candidate` when it is an address on `siteOrigin`; null for any other address or a malformed one. */
export function safeChatHref(candidate: string, siteOrigin: string): string | null {
  if (SMUGGLED.test(candidate) || SPACE.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.origin !== siteOrigin || url.username !== "" || url.password !== "") return null;
  // The path as the browser would resolve it ("/.//x" is "//x"): that, not what was typed, is what the link opens.
  const href = `${url.pathname}${url.search}${url.hash}`;
  return isSitePath(href) ? href : null;
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
