/**
 * Who may do what, by the kind of account: the one rule every handler and page asks. A computer is a kind of account,
 * not a name; a guest plays casual matches with anyone who has their link but keeps nothing that needs a name behind
 * it (a rating, a tournament place, followers, a challenge by name). Per-object rules (is it your match, your turn,
 * your tournament) stay with their aggregate — `decide` in lib/match, lib/tournament — and `allowedCommands` shows them
 * to pages; this file only says what an account of a kind can ever do.
 *
 * @example
 *   may("guest", "play-rated");          // false
 *   may(kindOf(player), "be-challenged"); // a registered person: true
 */

/** The kinds of account: people who registered, people who did not (a guest session), and the site's computers. */
export type AccountKind = "registered" | "guest" | "computer";

export const ACCOUNT_KINDS: readonly AccountKind[] = ["registered", "guest", "computer"];

/** What an account can do by its kind alone. */
export type AccountAction =
  /** Sit at a rated match (create one, join one, queue for one). */
  | "play-rated"
  /** Send a direct challenge by username. */
  | "challenge"
  /** Be found by username for a challenge. */
  | "be-challenged"
  /** Register for a tournament. */
  | "enter-tournament"
  /** Create a tournament — when the site allows players to (administrators always may). */
  | "create-tournament"
  /** Write in the lobby's and spectators' chat (a guest may talk to their opponent only). */
  | "chat-publicly"
  /** Follow another player, and be followed. */
  | "follow"
  | "be-followed"
  /** Have a public profile page and a place on the leaderboard. */
  | "have-profile";

const REGISTERED_ONLY: ReadonlySet<AccountAction> = new Set<AccountAction>(["play-rated", "challenge", "be-challenged", "enter-tournament", "create-tournament", "chat-publicly", "follow", "be-followed"]);

export function may(kind: AccountKind, action: AccountAction): boolean {
  if (action === "have-profile") return kind !== "guest";
  return kind === "registered" && REGISTERED_ONLY.has(action);
}

/** The kind of an account as the database describes it: its computer level (computers) and its guest flag. */
export function accountKind(account: { readonly isGuest: boolean; readonly computerLevel?: string | null }): AccountKind {
  if (account.computerLevel !== null && account.computerLevel !== undefined) return "computer";
  return account.isGuest ? "guest" : "registered";
}
