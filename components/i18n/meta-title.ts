/**
 * A page's `generateMetadata` when all it sets is the title, in the reader's language: `namespace.key` of
 * messages/<locale>.json ("metaTitle" unless the namespace names it otherwise).
 *
 * @example
 *   export const generateMetadata = metaTitle("leaderboard");      // title: leaderboard.metaTitle
 *   export const generateMetadata = metaTitle("auth", "signInTitle");
 */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

export function metaTitle(namespace: string, key = "metaTitle"): () => Promise<Metadata> {
  return async () => {
    const t = await getTranslations(namespace);
    return { title: t(key) };
  };
}
