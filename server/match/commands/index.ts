/**
 * The match area's commands: one handler per command of a match, the lobby's match list and the queue, each in its own
 * file. server/socket/command-table.ts puts the areas' tables together.
 */
import type { CommandTable } from "@/server/socket/command-handler";
import { cancelCommand } from "./cancel";
import { checkClockCommand } from "./check-clock";
import { claimAbandonedCommand } from "./claim-abandoned";
import { chainCommand, revealCommand } from "./contribute";
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

export const matchCommands = {
  "lobby:create": createCommand,
  "lobby:list": listCommand,
  "match:join": joinCommand,
  "match:watch": watchCommand,
  "match:unwatch": unwatchCommand,
  "match:snapshot": snapshotCommand,
  "match:cancel": cancelCommand,
  "match:seed": seedCommand,
  "match:roll": rollCommand,
  "match:chain": chainCommand,
  "match:reveal": revealCommand,
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
} satisfies CommandTable;
