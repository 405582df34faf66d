/**
 * The browser side of "it is your turn": a tab icon with a mark, and a short chime. Both are made here, not loaded
 * (a data: URL and the Web Audio API), so they work offline and cost no request. Each returns nothing to wait for and
 * fails silently where the browser does not allow it (audio before any click on the page, for one).
 *
 * @example
 *   const restore = markTabIcon(); … restore();   // the icon as it was
 *   playChime();
 */

/** The site's mark with an orange dot in the corner: "something waits for you here". */
const MARKED_ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="6" fill="#1f5f3a"/>' +
      '<circle cx="11" cy="11" r="3" fill="#fff"/><circle cx="21" cy="21" r="3" fill="#fff"/><circle cx="25" cy="7" r="7" fill="#f08a24" stroke="#fff" stroke-width="2"/></svg>',
  );

/** Puts the marked icon on the tab; the function returned puts back the icons the page had. */
export function markTabIcon(): () => void {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
  if (links.length === 0) {
    const added = document.createElement("link");
    added.rel = "icon";
    added.href = MARKED_ICON;
    document.head.append(added);
    return () => added.remove();
  }
  const before = links.map((link) => [link, link.href, link.type] as const);
  for (const link of links) {
    link.href = MARKED_ICON;
    link.type = "image/svg+xml";
  }
  return () => {
    for (const [link, href, type] of before) {
      link.href = href;
      link.type = type;
    }
  };
}

let audio: AudioContext | null = null;

/** Two soft rising notes, a quarter of a second in all. */
export function playChime(): void {
  try {
    audio ??= new AudioContext();
    const context = audio;
    void context.resume().catch(() => {});
    const start = context.currentTime + 0.01;
    for (const [index, frequency] of [660, 880].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      const at = start + index * 0.12;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.13);
    }
  } catch {
    // No audio here (no Web Audio, or not allowed yet): the title and the icon still say it.
  }
}
