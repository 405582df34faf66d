/**
 * The rules engine's public API: positions, single checker steps, legal plays and their step tree, notation, gnubg IDs
 * and pip counts.
 *
 * @example
 *   import { initialPosition, legalPlays } from "@/lib/engine";
 *   legalPlays(initialPosition("white"), [6, 5])[0]?.notation;
 */

export * from "./types";
export * from "./position";
export * from "./moves";
export { applyStep, canStep, diceToPlay, type AppliedStep } from "./steps";
export * from "./play-tree";
export * from "./notation";
export * from "./gnubg-id";
export * from "./pips";
export * from "./match-state";
export * from "./cube";
export * from "./match";
export * from "./match-queries";
