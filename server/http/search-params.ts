/**
 * A page's query string as Next.js hands it to a server component (`searchParams`), parsed by the pages' own
 * readers: the admin roll filters (server/admin/roll-filters.ts) and the match history (server/record/match-history.ts).
 */
export type SearchParams = Readonly<Record<string, string | readonly string[] | undefined>>;
