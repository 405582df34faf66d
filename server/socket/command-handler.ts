/**
 * The shape of a command handler and of an area's table of them. Each area (match, chat, meet, tournaments) exports
 * its own table; command-table.ts puts them together, and the gateway knows only that.
 */
import type { Ack, CommandName, CommandPayload, CommandReplies } from "@/lib/protocol";
import type { CommandContext } from "./context";

export type CommandHandler<C extends CommandName> = (ctx: CommandContext, payload: CommandPayload<C>) => Promise<Ack<CommandReplies[C]>>;

/** An area's handlers: some of the protocol's commands, each with its own payload and reply types. */
export type CommandTable = { readonly [C in CommandName]?: CommandHandler<C> };
