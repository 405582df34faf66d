/**
 * Presence on one node and across nodes: who counts as connected, and when the abandonment clock started. Each case
 * is a sequence of what the node saw (its own sockets, other nodes' reports and changes, a silent node expiring) and
 * the answers expected after it; the expected times follow from the rule "away since the moment the user's last socket
 * anywhere closed (or, for a crashed node, since it was given up)".
 */
import { describe, expect, it } from "vitest";
import { Presence } from "./presence";

const START = 1_000;

describe("Presence", () => {
  it("lists everyone online in the cluster, once, for the lobby: this node's users and the other nodes' reports", () => {
    const presence = new Presence(START);
    presence.connect("ada", "s1", START);
    presence.connect("ada", "s2", START);
    presence.remoteReport("node-b", ["bob", "ada"], START);
    presence.remoteChange("node-c", "cyd", true, START, START);
    expect(presence.onlineUsers().sort()).toEqual(["ada", "bob", "cyd"]);
    presence.remoteChange("node-c", "cyd", false, START + 5, START + 5);
    presence.expireNodes(START + 10, START + 20); // node-b stopped reporting
    expect(presence.onlineUsers()).toEqual(["ada"]);
  });

  it("counts a user connected while any socket of theirs is open on this node", () => {
    const presence = new Presence(START);
    expect(presence.awaySince("ada")).toBe(START); // never seen since the start: away since the start
    expect(presence.connect("ada", "s1", 2_000)).toBe(true);
    expect(presence.connect("ada", "s2", 2_100)).toBe(false);
    expect(presence.disconnect("ada", "s1", 2_200)).toBe(false);
    expect(presence.isConnected("ada")).toBe(true);
    expect(presence.disconnect("ada", "s2", 2_300)).toBe(true);
    expect([presence.isConnected("ada"), presence.awaySince("ada")]).toEqual([false, 2_300]);
    expect(presence.localUsers()).toEqual([]);
  });

  it("tells listeners about a user's first and last socket on this node only", () => {
    const presence = new Presence(START);
    const heard: [string, boolean, number][] = [];
    presence.onLocalChange((user, connected, at) => heard.push([user, connected, at]));
    presence.connect("ada", "s1", 10);
    presence.connect("ada", "s2", 11);
    presence.disconnect("ada", "s1", 12);
    presence.disconnect("ada", "s2", 13);
    expect(heard).toEqual([
      ["ada", true, 10],
      ["ada", false, 13],
    ]);
  });

  it("counts a user connected on another node, and starts the clock when that node reports them gone", () => {
    const presence = new Presence(START);
    presence.remoteChange("node-b", "bob", true, 2_000, 2_001);
    expect([presence.isConnected("bob"), presence.awaySince("bob")]).toEqual([true, null]);
    presence.remoteChange("node-b", "bob", false, 3_000, 3_005);
    // The time is the other node's, when the socket closed there.
    expect([presence.isConnected("bob"), presence.awaySince("bob")]).toEqual([false, 3_000]);
  });

  it("keeps a user connected while a socket is open on either node", () => {
    const presence = new Presence(START);
    presence.connect("ada", "local", 2_000);
    presence.remoteChange("node-b", "ada", true, 2_100, 2_100);
    presence.disconnect("ada", "local", 2_200);
    expect(presence.isConnected("ada")).toBe(true);
    presence.remoteChange("node-b", "ada", false, 2_500, 2_500);
    expect(presence.awaySince("ada")).toBe(2_500);
  });

  it("takes a full report as the truth about a node: users missing from it are away from the report", () => {
    const presence = new Presence(START);
    presence.remoteReport("node-b", ["bob", "cy"], 2_000);
    presence.remoteReport("node-b", ["cy"], 7_000); // bob's close was missed; the report shows it
    expect([presence.isConnected("bob"), presence.awaySince("bob"), presence.isConnected("cy")]).toEqual([false, 7_000, true]);
    // A change already started dan's clock: a later report does not move it.
    presence.remoteChange("node-b", "dan", true, 7_100, 7_100);
    presence.remoteChange("node-b", "dan", false, 7_200, 7_200);
    presence.remoteReport("node-b", ["cy"], 12_000);
    expect(presence.awaySince("dan")).toBe(7_200);
  });

  it("gives up a node that stopped reporting: its users are away from then", () => {
    const presence = new Presence(START);
    presence.remoteReport("node-b", ["bob"], 2_000);
    presence.remoteReport("node-c", ["cy"], 9_000);
    presence.expireNodes(5_000, 17_000); // node-b last reported at 2,000 < 5,000
    expect([presence.isConnected("bob"), presence.awaySince("bob")]).toEqual([false, 17_000]);
    expect(presence.isConnected("cy")).toBe(true);
  });

  it("stops the clock when the user comes back anywhere", () => {
    const presence = new Presence(START);
    presence.connect("ada", "s1", 2_000);
    presence.disconnect("ada", "s1", 3_000);
    presence.remoteChange("node-b", "ada", true, 4_000, 4_000);
    expect(presence.awaySince("ada")).toBeNull();
    presence.remoteChange("node-b", "ada", false, 6_000, 6_000);
    expect(presence.awaySince("ada")).toBe(6_000);
  });

  it("keeps its away clocks across a restart: told to a listener, restored for whoever is still away", () => {
    const before = new Presence(START);
    const kept = new Map<string, number>();
    before.onAwayChange((user, since) => (since === null ? kept.delete(user) : kept.set(user, since)));
    before.connect("ada", "s1", 2_000);
    before.disconnect("ada", "s1", 2_500);
    before.connect("bob", "s2", 2_000);
    before.disconnect("bob", "s2", 2_600);
    before.connect("bob", "s3", 2_700); // back: no clock runs for bob
    expect([...kept]).toEqual([["ada", 2_500]]);
    const after = new Presence(9_000);
    after.remoteReport("node-b", ["cyd"], 9_000);
    after.restoreAway([...kept, ["cyd", 1_500]]);
    expect(after.awaySince("ada")).toBe(2_500); // not the restart's 9_000
    expect(after.awaySince("cyd")).toBeNull(); // connected on another node: the kept clock does not count
    expect(after.awaySince("dan")).toBe(9_000); // never kept: away since the start, as before
  });
});
