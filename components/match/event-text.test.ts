import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/i18n/messages";
import type { Locale } from "@/i18n/locales";
import { applyAll } from "@/lib/engine/test-support";
import { newMatch, type GameRecord } from "@/lib/engine/match-state";
import { initialPosition } from "@/lib/engine/position";
import type { MatchEvent } from "@/lib/match/events";
import { evolve, emptyMatchView, type MatchView } from "@/lib/match/view";
import { describeEvent, gameRecordText, type MatchT } from "./event-text";
import { stateText } from "./status-text";

/** Folds the events and describes each one, as the match store does. */
function lines(events: readonly MatchEvent[], locale: Locale = "en"): string[] {
  const translate = createTranslator({ locale, messages: MESSAGES[locale], namespace: "match" });
  const t: MatchT = (key, values) => translate(key as never, values as never);
  let view: MatchView = emptyMatchView("m1");
  return events.map((event) => {
    const after = evolve(view, event);
    const text = describeEvent(t, view, event, after);
    view = after;
    return text;
  });
}

const alice = { id: "u1", name: "alice", isGuest: false };
const bob = { id: "u2", name: "bob", isGuest: true };
const COMMITMENT = "a".repeat(64);

describe("describeEvent", () => {
  it("tells a short match in words", () => {
    const text = lines([
      { type: "created", matchLength: 1, visibility: "public", commitment: COMMITMENT, creator: alice, creatorColor: "white" },
      { type: "joined", color: "black", player: bob },
      { type: "seed", color: "white", clientSeed: "w1" },
      { type: "seed", color: "black", clientSeed: "b1" },
      { type: "action", action: { type: "opening-roll", dice: [4, 4] } },
      { type: "action", action: { type: "opening-roll", dice: [3, 1] } },
      // Played in the order 6/5 then 8/5; gnubg writes "8/5 6/5" (lib/engine/notation.ts's example).
      { type: "action", action: { type: "move", player: "white", moves: [{ from: 6, to: 5 }, { from: 8, to: 5 }] } },
      { type: "action", action: { type: "roll", player: "black", dice: [6, 5] } },
      { type: "action", action: { type: "resign-offer", player: "black", level: 2 } },
      { type: "action", action: { type: "resign-accept", player: "white" } },
      { type: "ended", reason: "finished", winner: "white", serverSeed: "b".repeat(64) },
    ]);
    expect(text).toEqual([
      "alice created a 1-point match, playing white.",
      "bob joined as black.",
      "White's client seed is in.",
      "Black's client seed is in.",
      "Opening roll: white 4, black 4 — a tie, rolled again.",
      "Opening roll: white 3, black 1 — White starts.",
      "White plays 8/5 6/5.",
      "Black rolls 6-5.",
      "Black offers to resign a gammon.",
      // A gammon resigned in a 1-point match: 2 points, cube 1.
      "White accepts the resignation. Game 1: white wins 2 points (gammon resigned, cube 1).",
      "White won the match 2–0. The server seed is revealed.",
    ]);
  });

  it("speaks the reader's language, with each language's colour words and plurals", () => {
    const events: MatchEvent[] = [
      { type: "created", matchLength: 3, visibility: "public", commitment: COMMITMENT, creator: alice, creatorColor: "black" },
      { type: "joined", color: "white", player: bob },
      { type: "seed", color: "white", clientSeed: "w1" },
      { type: "seed", color: "black", clientSeed: "b1" },
      { type: "action", action: { type: "opening-roll", dice: [3, 1] } },
      { type: "action", action: { type: "move", player: "white", moves: [{ from: 6, to: 5 }, { from: 8, to: 5 }] } },
    ];
    expect(lines(events, "pt-BR")).toEqual([
      "alice criou uma partida de 3 pontos, jogando com as pretas.",
      "bob entrou com as brancas.",
      "A semente de cliente das brancas chegou.",
      "A semente de cliente das pretas chegou.",
      "Lance inicial: brancas 3, pretas 1 — as brancas começam.",
      "As brancas jogam 8/5 6/5.",
    ]);
    expect(lines(events, "fr").at(-1)).toBe("Les blancs jouent 8/5 6/5.");
  });

  it("tells a loss on time in each language, naming who ran out and who wins", () => {
    const events: MatchEvent[] = [
      { type: "created", matchLength: 1, visibility: "public", commitment: COMMITMENT, creator: alice, creatorColor: "white", timeControl: { reserveMs: 5000, delayMs: 1000 } },
      { type: "joined", color: "black", player: bob },
      { type: "seed", color: "white", clientSeed: "w1" },
      { type: "seed", color: "black", clientSeed: "b1" },
      { type: "action", action: { type: "opening-roll", dice: [3, 1] }, at: 1000 },
      { type: "ended", reason: "timeout", winner: "black", serverSeed: "b".repeat(64), at: 7000 },
    ];
    expect(lines(events).at(-1)).toBe("alice ran out of time; bob wins the match. The server seed is revealed.");
    expect(lines(events, "pt-BR").at(-1)).toMatch(/^O tempo de alice acabou; bob vence a partida\./);
    expect(lines(events, "fr").at(-1)).toMatch(/^alice a dépassé son temps ; bob gagne le match\./);
  });
});

describe("stateText and gameRecordText", () => {
  const translate = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "match" });
  const t: MatchT = (key, values) => translate(key as never, values as never);
  const run = applyAll;
  const start = newMatch({ matchLength: 5 });
  const opened = run(start, { type: "opening-roll", dice: [3, 1] });
  const blackTurn = run(opened, { type: "move", player: "white", moves: [{ from: 8, to: 5 }, { from: 6, to: 5 }] });
  const over = run(opened, { type: "resign-offer", player: "black", level: 3 }, { type: "resign-accept", player: "white" },
    { type: "opening-roll", dice: [5, 2] }, { type: "resign-offer", player: "black", level: 2 }, { type: "resign-accept", player: "white" });

  it.each([
    { s: start, text: "Game 1: waiting for the opening roll." },
    { s: opened, text: "White to play 3-1." },
    { s: blackTurn, text: "Black to roll or double." },
    { s: { ...blackTurn, crawford: true }, text: "Black to roll." },
    { s: run(blackTurn, { type: "double", player: "black" }), text: "Black doubles to 2; white to take or drop." },
    { s: run(opened, { type: "resign-offer", player: "black", level: 2 }), text: "Black offers to resign a gammon (2 points); white to accept or decline." },
    { s: over, text: "White wins the match 5–0." },
    { s: { ...start, crawford: true, gameNumber: 3 }, text: "Game 3 (Crawford game): waiting for the opening roll." },
  ])("the state: $text", ({ s, text }) => {
    expect(stateText(t, { ...emptyMatchView("m1"), state: s })).toBe(text);
  });

  const game: GameRecord = {
    number: 2, winner: "black", points: 4, resultKind: "gammon", ending: "played", cubeValue: 2, crawford: false,
    finalPosition: initialPosition("white"), scoreAfter: { white: 0, black: 4 },
  };
  it.each([
    { game, text: "Game 2: black wins 4 points (gammon, cube 2)." },
    { game: { ...game, ending: "dropped", resultKind: "single", points: 1, cubeValue: 1 }, text: "Game 2: black wins 1 point (double dropped, cube 1)." },
    { game: { ...game, ending: "resigned", crawford: true }, text: "Game 2: black wins 4 points (gammon resigned, cube 2, Crawford game)." },
  ] as { game: GameRecord; text: string }[])("a game: $text", ({ game, text }) => {
    expect(gameRecordText(t, game)).toBe(text);
  });
});
