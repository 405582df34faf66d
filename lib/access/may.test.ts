import { describe, expect, it } from "vitest";
import { ACCOUNT_KINDS, accountKind, may, type AccountAction } from "./may";

const ACTIONS: AccountAction[] = ["play-rated", "challenge", "be-challenged", "enter-tournament", "create-tournament", "chat-publicly", "follow", "be-followed", "have-profile"];

describe("may", () => {
  it("gives a registered person everything, a guest nothing that needs a name, a computer only a profile", () => {
    for (const action of ACTIONS) {
      expect(may("registered", action), action).toBe(true);
      expect(may("guest", action), action).toBe(false);
      expect(may("computer", action), action).toBe(action === "have-profile");
    }
    expect(ACCOUNT_KINDS).toEqual(["registered", "guest", "computer"]);
  });

  it("tells a computer by its level, not its name", () => {
    expect(accountKind({ isGuest: false, computerLevel: "hard" })).toBe("computer");
    expect(accountKind({ isGuest: false, computerLevel: null })).toBe("registered");
    expect(accountKind({ isGuest: true })).toBe("guest");
  });
});
