import { describe, expect, it } from "vitest";
import { listen } from "./listen";

describe("listen", () => {
  it("adds each handler for its event, and the returned function removes them all", () => {
    // Node's EventTarget stands in for an element: listen only adds and removes listeners.
    const target = new EventTarget() as unknown as HTMLElement;
    const heard: string[] = [];
    const stop = listen(target, { focusin: () => heard.push("in"), focusout: () => heard.push("out"), keydown: undefined });
    target.dispatchEvent(new Event("focusin"));
    target.dispatchEvent(new Event("focusout"));
    target.dispatchEvent(new Event("keydown"));
    expect(heard).toEqual(["in", "out"]);
    stop();
    target.dispatchEvent(new Event("focusin"));
    expect(heard).toEqual(["in", "out"]);
  });
});
