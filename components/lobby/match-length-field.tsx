/**
 * The match length of every form that starts a match — the lobby's new match, the queue, a direct challenge: a
 * number of points from 1 to the rules' longest match (lib/engine/match-state.ts), 5 unless the player changes it.
 *
 * @example
 *   <MatchLengthField name="queue-length" label={t("length")} />
 */
import { NumberField } from "@/components/ui/number-field";
import { MAX_MATCH_LENGTH } from "@/lib/engine/match-state";

export function MatchLengthField({ name, label }: { readonly name: string; readonly label: string }) {
  return <NumberField name={name} label={label} min={1} max={MAX_MATCH_LENGTH} defaultValue={5} />;
}
