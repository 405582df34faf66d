/**
 * The challenge aggregate: one offer, one answer — by the right player, before it expires — and every stored event
 * passing its schema; the kinds that may challenge and be challenged come from lib/access.
 */
import { describe, expect, it } from "vitest";
import type { AccountKind } from "../access/may";
import { CHALLENGE_TTL_MS, decideChallenge, emptyChallenge, evolveChallenge, isOpen, type ChallengeCommand, type ChallengeView } from "./challenge";
import { challengeEventSchema } from "./event-schemas";

const ctx = (now: number, id: string | null, kind: AccountKind = "registered") => ({ now, actor: id === null ? null : { player: { id, name: `n-${id}` }, kind } });
const offer = (to: { id: string; kind?: AccountKind } = { id: "bob" }): ChallengeCommand => ({ type: "offer", to: { id: to.id, name: `n-${to.id}`, kind: to.kind ?? "registered" }, matchId: "k1-m-match", matchLength: 3, timeControl: null, rated: true, color: "white" });

function run(view: ChallengeView, command: ChallengeCommand, context: ReturnType<typeof ctx>): ChallengeView {
  const decision = decideChallenge(view, command, context);
  if (!decision.ok) throw new Error(`${decision.code} ${JSON.stringify(decision.values)}`);
  for (const event of decision.events) expect(challengeEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
  return decision.events.reduce(evolveChallenge, view);
}

const offered = () => run(emptyChallenge("k1"), offer(), ctx(1000, "ada"));

describe("decideChallenge", () => {
  it("offers, then lets only the challenged player accept or decline, once", () => {
    const view = offered();
    expect(view).toMatchObject({ status: "pending", offer: { from: { id: "ada" }, to: { id: "bob" }, expiresAt: 1000 + CHALLENGE_TTL_MS } });
    for (const command of ["accept", "decline"] as const) {
      expect(decideChallenge(view, { type: command }, ctx(2000, "eve"))).toMatchObject({ ok: false, code: "ERR_CHALLENGE", values: { reason: "noChallenge" } });
      expect(decideChallenge(view, { type: command }, ctx(2000, "ada"))).toMatchObject({ ok: false, values: { reason: "noChallenge" } });
    }
    const accepted = run(view, { type: "accept" }, ctx(2000, "bob"));
    expect(accepted).toMatchObject({ status: "accepted", answeredAt: 2000 });
    expect(decideChallenge(accepted, { type: "decline" }, ctx(2001, "bob"))).toMatchObject({ ok: false, values: { reason: "noChallenge" } });
    expect(decideChallenge(accepted, { type: "withdraw" }, ctx(2001, "ada"))).toMatchObject({ ok: false });
    expect(run(view, { type: "decline" }, ctx(2000, "bob")).status).toBe("declined");
  });

  it("lets only the sender withdraw, and then says it was withdrawn", () => {
    const view = offered();
    expect(decideChallenge(view, { type: "withdraw" }, ctx(2000, "bob"))).toMatchObject({ ok: false });
    const withdrawn = run(view, { type: "withdraw" }, ctx(2000, "ada"));
    expect(decideChallenge(withdrawn, { type: "accept" }, ctx(2001, "bob"))).toMatchObject({ ok: false, values: { reason: "gone" } });
  });

  it("expires: refused from its expiry on, and settle stores the expiry once", () => {
    const view = offered();
    const at = view.offer!.expiresAt;
    expect(isOpen(view, at - 1)).toBe(true);
    expect(decideChallenge(view, { type: "settle" }, ctx(at - 1, null))).toEqual({ ok: true, events: [] });
    expect(decideChallenge(view, { type: "accept" }, ctx(at, "bob"))).toMatchObject({ ok: false, values: { reason: "noChallenge" } });
    const expired = run(view, { type: "settle" }, ctx(at, null));
    expect(expired.status).toBe("expired");
    expect(decideChallenge(expired, { type: "settle" }, ctx(at + 1, null))).toEqual({ ok: true, events: [] });
  });

  it("refuses a guest sender, a target that is not a registered person, yourself, and a second offer", () => {
    expect(decideChallenge(emptyChallenge("k"), offer(), ctx(0, "g", "guest"))).toMatchObject({ ok: false, values: { reason: "guest" } });
    expect(decideChallenge(emptyChallenge("k"), offer(), ctx(0, null))).toMatchObject({ ok: false, code: "ERR_UNAUTHENTICATED" });
    for (const kind of ["guest", "computer"] as const) expect(decideChallenge(emptyChallenge("k"), offer({ id: "x", kind }), ctx(0, "ada"))).toMatchObject({ ok: false, values: { reason: "noPlayer" } });
    expect(decideChallenge(emptyChallenge("k"), offer({ id: "ada" }), ctx(0, "ada"))).toMatchObject({ ok: false, values: { reason: "self" } });
    expect(decideChallenge(offered(), offer(), ctx(0, "ada"))).toMatchObject({ ok: false });
  });
});
