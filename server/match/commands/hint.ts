import { checkHint } from "@/lib/play/hint-rule";
import type { Ack, CommandPayload, CommandReplies } from "@/lib/protocol";
import type { CommandContext } from "@/server/socket/context";
import { fail } from "@/server/socket/failure";
import { canView } from "../visibility";

/**
 * The engine's best plays for the asker's dice, in a match against the computer only (lib/play/hint-rule.ts decides
 * who and when). The view is read under the match's queue and the engine runs after it, in a worker, so a hint never
 * holds up the match; a match this actor may not see is "not found", as everywhere.
 */
export async function hintCommand(ctx: CommandContext, payload: CommandPayload<"match:hint">): Promise<Ack<CommandReplies["match:hint"]>> {
  const { actor, computer } = ctx;
  if (!actor) return fail("ERR_UNAUTHENTICATED", { reason: "spectator" });
  const view = await ctx.service.withMatch(payload.matchId, (live) => (live !== null && canView(live, actor, undefined) ? live.view : null));
  if (!view) return fail("ERR_NOT_FOUND");
  const allowed = checkHint(view, actor.id, (userId) => computer?.isComputer(userId) ?? false);
  if (!allowed.ok) return fail(allowed.code, allowed.values);
  if (!computer) return fail("ERR_FORBIDDEN", { reason: "hint" });
  return { ok: true, version: view.version, plays: await computer.hint(view, allowed.value) };
}
