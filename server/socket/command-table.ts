/**
 * Every command the gateway answers, by area. Each area's table is its own (server/match/commands, server/chat,
 * server/meet, server/tournaments); the type below fails to compile when a protocol command has no handler, and
 * command-table.test.ts when two areas claim one.
 */
import type { CommandName } from "@/lib/protocol";
import { chatCommands } from "@/server/chat/chat-commands";
import { matchCommands } from "@/server/match/commands";
import { meetCommands } from "@/server/meet/meet-commands";
import { tournamentCommands } from "@/server/tournaments/tournament-commands";
import type { CommandHandler } from "./command-handler";

export const areaTables = { match: matchCommands, chat: chatCommands, meet: meetCommands, tournaments: tournamentCommands } as const;

export const commandHandlers: { readonly [C in CommandName]: CommandHandler<C> } = { ...matchCommands, ...chatCommands, ...meetCommands, ...tournamentCommands };
