import { describe, expect, it } from "vitest";
import { choicesAfter, DEFAULT_PLAY_PREFERENCES, parsePreferenceChange, storedChoices, storedPreferences } from "./preferences";

describe("play preferences", () => {
  it("reads stored text leniently: defaults where it says nothing, unknown or wrongly typed settings dropped", () => {
    expect(storedPreferences(null)).toEqual(DEFAULT_PLAY_PREFERENCES);
    expect(storedPreferences("not json")).toEqual(DEFAULT_PLAY_PREFERENCES);
    expect(storedPreferences("[true]")).toEqual(DEFAULT_PLAY_PREFERENCES);
    expect(storedPreferences('{"autoRoll":true,"sound":"yes","gone":true,"__proto__":{"notify":true}}')).toEqual({ ...DEFAULT_PLAY_PREFERENCES, autoRoll: true });
    expect(storedChoices('{"confirmPlays":false}')).toEqual({ confirmPlays: false });
  });

  it("refuses a change whole unless every entry is a known setting set to true or false", () => {
    expect(parsePreferenceChange({ autoRoll: true, confirmPlays: false })).toEqual({ ok: true, value: { autoRoll: true, confirmPlays: false } });
    for (const bad of [null, [], "autoRoll", {}, { autoRoll: 1 }, { autoRoll: true, isAdmin: true }, { "<script>": true }, JSON.parse('{"__proto__":{"autoRoll":true}}')]) {
      expect(parsePreferenceChange(bad), JSON.stringify(bad)).toEqual({ ok: false, code: "ERR_BAD_REQUEST", values: { reason: "preferences" } });
    }
  });

  it("stores only the player's choices, the change over the earlier ones", () => {
    const first = choicesAfter(null, { sound: true });
    expect(first).toBe('{"sound":true}');
    const second = choicesAfter(first, { autoRoll: true, sound: false });
    expect(JSON.parse(second)).toEqual({ autoRoll: true, sound: false });
    expect(storedPreferences(second)).toEqual({ ...DEFAULT_PLAY_PREFERENCES, autoRoll: true, sound: false });
  });
});
