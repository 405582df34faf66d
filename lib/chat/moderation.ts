/**
 * The administrators' chat moderation, as pure rules: what an action request may say (POST /api/admin/chat), and what
 * a user's site-wide sanction means for a message they send. A sanction is the site's: it is not the personal mute a
 * player (an administrator too) sets for themselves in the chat panel, which only hides someone from that one reader.
 *
 * @example
 *   parseModeration({ action: "mute", userId: "u1", minutes: 60 });  // ok({ action: "mute", userId: "u1", minutes: 60 })
 *   sanctionRefusal({ mutedUntil: new Date(now + 90_000), bannedAt: null }, now); // ERR_CHAT { reason: "muted", minutes: 2 }
 */
import { z } from "zod";
import { err, ok, type Failed, type Result } from "../engine/types";

/** The durations the admin page offers, in minutes: an hour, a day, a week, thirty days. */
export const MUTE_CHOICES: readonly number[] = [60, 24 * 60, 7 * 24 * 60, 30 * 24 * 60];
/** The longest site-wide mute, in minutes (a year): anything longer is a ban, which says so. */
export const MAX_MUTE_MINUTES = 365 * 24 * 60;

/** A stored row's id (cuid) or a user's id, as the socket protocol reads them. */
const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

const schema = z.discriminatedUnion("action", [
  /** Hidden for everyone, live; the text is kept for the administrators. */
  z.strictObject({ action: z.literal("hide"), messageId: id }),
  /** Hidden and its text erased, for good. */
  z.strictObject({ action: z.literal("delete"), messageId: id }),
  /** The message's open reports closed: acted on ("resolve") or not worth acting on ("dismiss"). */
  z.strictObject({ action: z.literal("resolve"), messageId: id }),
  z.strictObject({ action: z.literal("dismiss"), messageId: id }),
  z.strictObject({ action: z.literal("mute"), userId: id, minutes: z.number().int().min(1).max(MAX_MUTE_MINUTES) }),
  z.strictObject({ action: z.literal("unmute"), userId: id }),
  z.strictObject({ action: z.literal("ban"), userId: id }),
  z.strictObject({ action: z.literal("unban"), userId: id }),
]);

export type ModerationRequest = z.infer<typeof schema>;
/** Every action, as the audit trail names them after "chat-". */
export const MODERATION_ACTIONS = ["hide", "delete", "resolve", "dismiss", "mute", "unmute", "ban", "unban"] as const satisfies readonly ModerationRequest["action"][];
export type ModerationAction = ModerationRequest["action"];
export type MessageAction = Extract<ModerationRequest, { messageId: string }>["action"];

/** The request, or ERR_BAD_REQUEST { reason: "moderation" } for anything else (unknown keys included). */
export function parseModeration(body: unknown): Result<ModerationRequest, "ERR_BAD_REQUEST"> {
  const parsed = schema.safeParse(body);
  return parsed.success ? ok(parsed.data) : err("ERR_BAD_REQUEST", { reason: "moderation" });
}

export interface ChatSanctionState {
  readonly mutedUntil: Date | null;
  readonly bannedAt: Date | null;
}

/** Whether the sanction keeps its user from writing at `now`: a ban until lifted, a mute until it runs out. */
export function sanctionActive(sanction: ChatSanctionState | null, now: number): boolean {
  return sanction !== null && (sanction.bannedAt !== null || (sanction.mutedUntil !== null && sanction.mutedUntil.getTime() > now));
}

/** Why a sanctioned user's message is refused (a mute says how many minutes are left), or null when they may write. */
export function sanctionRefusal(sanction: ChatSanctionState | null, now: number): Failed<"ERR_CHAT"> | null {
  if (sanction === null || !sanctionActive(sanction, now)) return null;
  if (sanction.bannedAt !== null) return err("ERR_CHAT", { reason: "banned" });
  return err("ERR_CHAT", { reason: "muted", minutes: Math.ceil((sanction.mutedUntil!.getTime() - now) / 60_000) });
}
