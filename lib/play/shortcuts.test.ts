import { describe, expect, it } from "vitest";
import { ariaKeyShortcuts, shortcutFor, SHORTCUT_KEYS } from "./shortcuts";

const on = (tagName: string, extra: { isContentEditable?: boolean; role?: string } = {}) => ({ tagName, ...extra });

describe("the match page's shortcuts", () => {
  it("map one key per action, in either case, from the page or the board", () => {
    const keys = { r: "roll", D: "double", t: "take", p: "drop", c: "confirm", u: "undo", Backspace: "undo", b: "board", n: "next", "?": "help" };
    for (const [key, shortcut] of Object.entries(keys)) expect(shortcutFor({ key, target: on("BODY") }), key).toBe(shortcut);
    expect(shortcutFor({ key: "r", target: on("svg") })).toBe("roll");
    expect(shortcutFor({ key: "x", target: on("BODY") })).toBeNull();
  });

  it("never fire while typing (the chat, any field) or with Ctrl, Alt or Meta held", () => {
    for (const tag of ["INPUT", "TEXTAREA", "SELECT", "input"]) expect(shortcutFor({ key: "r", target: on(tag) })).toBeNull();
    expect(shortcutFor({ key: "Backspace", target: on("DIV", { isContentEditable: true }) })).toBeNull();
    expect(shortcutFor({ key: "r", ctrlKey: true, target: on("BODY") })).toBeNull();
    expect(shortcutFor({ key: "d", metaKey: true, target: on("BODY") })).toBeNull();
    expect(shortcutFor({ key: "c", altKey: true, target: on("BODY") })).toBeNull();
  });

  it("confirm with Enter only where Enter does nothing else (not on a button, a link or a checker)", () => {
    expect(shortcutFor({ key: "Enter", target: on("BODY") })).toBe("confirm");
    expect(shortcutFor({ key: "Enter", target: on("svg") })).toBe("confirm");
    expect(shortcutFor({ key: "Enter", target: on("BUTTON") })).toBeNull();
    expect(shortcutFor({ key: "Enter", target: on("A") })).toBeNull();
    expect(shortcutFor({ key: "Enter", target: on("rect", { role: "button" }) })).toBeNull();
    // C confirms from anywhere but a field, a checker included.
    expect(shortcutFor({ key: "c", target: on("rect", { role: "button" }) })).toBe("confirm");
  });

  it("say their keys as aria-keyshortcuts does, and give every key to one action only", () => {
    expect(ariaKeyShortcuts("confirm")).toBe("C Enter");
    expect(ariaKeyShortcuts("roll")).toBe("R");
    const all = Object.values(SHORTCUT_KEYS).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
