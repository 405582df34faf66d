"use client";
/**
 * Several fields of the match page's store at once, for a component that reads more than one: the component renders
 * again when any of them changes (compared one by one, as separate useMatch calls would), not for the others.
 *
 * @example
 *   const { view, you, busy } = useMatchFields("view", "you", "busy");   // inside a MatchProvider
 */
import { useShallow } from "zustand/react/shallow";
import type { MatchPageState } from "./match-page-state";
import { useMatch } from "./match-provider";

export function useMatchFields<K extends keyof MatchPageState>(...keys: readonly K[]): Pick<MatchPageState, K> {
  return useMatch(
    useShallow((state) => {
      const picked = {} as Pick<MatchPageState, K>;
      for (const key of keys) picked[key] = state[key];
      return picked;
    }),
  );
}
