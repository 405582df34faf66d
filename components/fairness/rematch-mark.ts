/**
 * A rematch opened from this tab: the page that saw the rematch made marks the new match (sessionStorage, this tab
 * only) before it opens it, and the new match's seed form, finding the mark, proposes its seed on its own. A match
 * opened any other way (a link, a reload later) asks as usual.
 *
 * @example
 *   markRematch(newMatchId); window.location.assign(`/match/${newMatchId}`);
 *   takeRematchMark(matchId); // true once, then false
 */
const key = (matchId: string) => `fairgammon:rematch:${matchId}`;

export function markRematch(matchId: string): void {
  try {
    window.sessionStorage.setItem(key(matchId), "1");
  } catch {
    // Storage refused (private mode): the seed form simply asks, as for any match.
  }
}

export function takeRematchMark(matchId: string): boolean {
  try {
    const marked = window.sessionStorage.getItem(key(matchId)) !== null;
    window.sessionStorage.removeItem(key(matchId));
    return marked;
  } catch {
    return false;
  }
}
