/**
 * The command table: one handler per client→server command of lib/protocol, each in its own file.
 */
import type { Ack, CommandName, CommandPayload, CommandReplies } from "@/lib/protocol";
import { chatJoinCommand, chatLeaveCommand, chatMuteCommand, chatReportCommand, chatSendCommand } from "@/server/chat/chat-commands";
import { challengeAnswerCommand, challengeListCommand, challengeSendCommand, onlineCommand } from "@/server/meet/meet-commands";
import { tournamentCreateCommand, tournamentLeaveCommand, tournamentRegisterCommand } from "@/server/tournaments/tournament-commands";
import type { CommandContext } from "../context";
import { cancelCommand } from "./cancel";
import { checkClockCommand } from "./check-clock";
import { claimAbandonedCommand } from "./claim-abandoned";
import { createCommand } from "./create";
import { doubleCommand, dropCommand, takeCommand } from "./cube";
import { hintCommand } from "./hint";
import { joinCommand } from "./join";
import { listCommand } from "./list";
import { moveCommand } from "./move";
import { rematchAnswerCommand, rematchCommand } from "./rematch";
import { resignAcceptCommand, resignCommand, resignDeclineCommand } from "./resign";
import { rollCommand } from "./roll";
import { queueJoinCommand, queueLeaveCommand } from "./queue";
import { seedCommand } from "./seed";
import { snapshotCommand, unwatchCommand, watchCommand } from "./watch";

export type CommandHandler<C extends CommandName> = (ctx: CommandContext, payload: CommandPayload<C>) => Promise<Ack<CommandReplies[C]>>;

export const commandHandlers: { readonly [C in CommandName]: CommandHandler<C> } = {
  "lobby:create": createCommand,
  "lobby:list": listCommand,
  "match:join": joinCommand,
  "match:watch": watchCommand,
  "match:unwatch": unwatchCommand,
  "match:snapshot": snapshotCommand,
  "match:cancel": cancelCommand,
  "match:seed": seedCommand,
  "match:roll": rollCommand,
  "match:double": doubleCommand,
  "match:take": takeCommand,
  "match:drop": dropCommand,
  "match:move": moveCommand,
  "match:resign": resignCommand,
  "match:resign-accept": resignAcceptCommand,
  "match:resign-decline": resignDeclineCommand,
  "match:claim-abandoned": claimAbandonedCommand,
  "match:check-clock": checkClockCommand,
  "match:hint": hintCommand,
  "match:rematch": rematchCommand,
  "match:rematch-answer": rematchAnswerCommand,
  "queue:join": queueJoinCommand,
  "queue:leave": queueLeaveCommand,
  "chat:join": chatJoinCommand,
  "chat:leave": chatLeaveCommand,
  "chat:send": chatSendCommand,
  "chat:mute": chatMuteCommand,
  "chat:report": chatReportCommand,
  "lobby:online": onlineCommand,
  "challenge:send": challengeSendCommand,
  "challenge:list": challengeListCommand,
  "challenge:answer": challengeAnswerCommand,
  "tournament:create": tournamentCreateCommand,
  "tournament:register": tournamentRegisterCommand,
  "tournament:leave": tournamentLeaveCommand,
};
