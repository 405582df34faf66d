/**
 * The engine the strength scripts measure: the committed networks (the evaluator the site plays with), or the weights
 * files given (`--weights` for the contact network, `--race-weights` for the race network, `--crashed-weights` for the
 * crashed network; "none" for either to leave its positions to the contact network), always with the exact bear-off
 * database once both sides are home.
 *
 * @example
 *   const evaluator = strengthEvaluator({ weights: "/work/logs/network.json", raceWeights: undefined });
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { networkEvaluator, type NetworkEvaluator } from "@/lib/analysis/evaluator";
import { Network, type NetworkJson, type NetworkOptions } from "@/lib/analysis/network";
import { loadBearoffDatabase } from "@/server/analysis/bearoff-file";

const WEIGHTS_DIR = path.join(import.meta.dirname, "..", "..", "lib", "analysis", "weights");
export const COMMITTED_WEIGHTS = path.join(WEIGHTS_DIR, "network.json");
export const COMMITTED_RACE_WEIGHTS = path.join(WEIGHTS_DIR, "race-network.json");
export const COMMITTED_CRASHED_WEIGHTS = path.join(WEIGHTS_DIR, "crashed-network.json");

/** The network whose weights file is `file`. */
export function loadNetwork(file: string, options?: NetworkOptions): Network {
  return Network.fromJson(JSON.parse(readFileSync(file, "utf8")) as NetworkJson, options);
}

export function strengthEvaluator(files: {
  readonly weights?: string | undefined;
  readonly raceWeights?: string | undefined;
  readonly crashedWeights?: string | undefined;
}): NetworkEvaluator {
  const race = files.raceWeights === "none" ? null : loadNetwork(files.raceWeights ?? COMMITTED_RACE_WEIGHTS);
  const crashedFile = files.crashedWeights ?? (existsSync(COMMITTED_CRASHED_WEIGHTS) ? COMMITTED_CRASHED_WEIGHTS : "none");
  const crashed = crashedFile === "none" ? null : loadNetwork(crashedFile);
  return networkEvaluator(loadNetwork(files.weights ?? COMMITTED_WEIGHTS), loadBearoffDatabase(), race, crashed);
}
