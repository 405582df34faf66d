import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/server/db/test-databases";
import { findUserById, findUserByUsername } from "@/server/db/users";
import { claimGuestAccount, createAdminAccount, createGuestAccount, grantAdmin, registerAccount, verifyCredentials, type AccountDeps } from "./accounts";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { authorizeCredentials, authorizeGuest } from "./options";
import { passwordCost, verifyPassword } from "./password";
import { AuthRateLimiter } from "./rate-limit";

const PASSWORD = "correct horse battery";

describe.each(testDatabaseKinds())("accounts on %s", (kind) => {
  let handle: TestDatabase;
  let counter = 0;
  /**
   * Fresh limiter and a distinct address per call, so tests never trip each other's rate limits. bcrypt at its
   * lowest cost (4): what these tests check does not depend on the cost, and each hash or check at the test cost (10)
   * took ~0.1 s of CPU — most of this file's time. The first test stores at the NODE_ENV=test cost and checks it.
   */
  const deps = (overrides: Partial<AccountDeps> = {}): AccountDeps => ({
    db: handle.db,
    limiter: new AuthRateLimiter(),
    passwordCost: 4,
    ...overrides,
  });
  const ip = () => `198.51.100.${(counter += 1)}`;
  const unique = (prefix: string) => `${prefix}${(counter += 1)}`;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle?.dispose());

  describe("registerAccount", () => {
    it("stores the username lower-cased with a bcrypt hash (cost 10 under NODE_ENV=test), never the password", async () => {
      const name = unique("Ada");
      const created = await registerAccount(deps({ passwordCost: passwordCost(process.env.NODE_ENV) }), { username: name, password: PASSWORD, ip: ip() });
      expect(created.ok).toBe(true);
      const stored = await findUserByUsername(handle.db, name.toLowerCase());
      expect(stored).toMatchObject({ username: name.toLowerCase(), role: "USER", isGuest: false });
      expect(stored?.passwordHash).toMatch(/^\$2b\$10\$/);
      expect(stored?.passwordHash).not.toContain(PASSWORD);
      expect(await verifyPassword(PASSWORD, stored?.passwordHash ?? "")).toBe(true);
    });

    it("refuses a username taken in any letter case", async () => {
      const name = unique("bob");
      expect((await registerAccount(deps(), { username: name, password: PASSWORD, ip: ip() })).ok).toBe(true);
      const again = await registerAccount(deps(), { username: name.toUpperCase(), password: "another password", ip: ip() });
      expect(again).toMatchObject({ ok: false, code: "ERR_USERNAME_TAKEN" });
    });

    const invalid: [string, string, unknown, string][] = [
      ["a short username", "ab", PASSWORD, "ERR_INVALID_USERNAME"],
      ["a username with a space", "a b c", PASSWORD, "ERR_INVALID_USERNAME"],
      ["a guest-looking username", "guest-amber-otter-42", PASSWORD, "ERR_INVALID_USERNAME"],
      ["a short password", "carol1", "1234567", "ERR_INVALID_PASSWORD"],
      ["a 201-character password", "carol2", "x".repeat(201), "ERR_INVALID_PASSWORD"],
      ["a missing password", "carol3", undefined, "ERR_INVALID_PASSWORD"],
    ];
    it.each(invalid)("refuses %s", async (_name, username, password, code) => {
      expect(await registerAccount(deps(), { username, password, ip: ip() })).toMatchObject({ ok: false, code });
    });
  });

  describe("verifyCredentials", () => {
    let username: string;
    beforeAll(async () => {
      username = unique("dora");
      const created = await registerAccount(deps(), { username, password: PASSWORD, ip: ip() });
      if (!created.ok) throw new Error(created.code);
    });

    it("accepts the right password, in any letter case of the username", async () => {
      const result = await verifyCredentials(deps(), { username: username.toUpperCase(), password: PASSWORD, ip: ip() });
      expect(result.ok ? result.value.username : result.code).toBe(username);
    });

    it("gives one answer for a wrong password, an unknown user, a guest and junk input", async () => {
      const guest = await createGuestAccount(deps(), { ip: ip() });
      if (!guest.ok) throw new Error(guest.code);
      const attempts: [unknown, unknown][] = [
        [username, "wrong password"],
        [username, PASSWORD.slice(0, -1)],
        ["nobody-here", PASSWORD],
        [guest.value.username, PASSWORD],
        [username, ""],
        [undefined, undefined],
        ["x".repeat(500), PASSWORD],
      ];
      for (const [name, password] of attempts) {
        expect(await verifyCredentials(deps(), { username: name, password, ip: ip() })).toEqual({
          ok: false,
          code: "ERR_INVALID_CREDENTIALS",
        });
      }
    });

    it("counts every password character: bcrypt alone would ignore what follows the 72nd byte", async () => {
      const long = `${"p".repeat(80)}-tail`;
      const name = unique("erin");
      expect((await registerAccount(deps(), { username: name, password: long, ip: ip() })).ok).toBe(true);
      expect((await verifyCredentials(deps(), { username: name, password: `${"p".repeat(80)}-TAIL`, ip: ip() })).ok).toBe(false);
      expect((await verifyCredentials(deps(), { username: name, password: long, ip: ip() })).ok).toBe(true);
    });

    it("stops a guesser after 10 attempts on one username from their address, same message whether or not the user exists, and lets the owner in from elsewhere", async () => {
      // The limiter reads the clock itself; only Date is faked, so the database's own timers run as usual.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-29T12:00:00Z") });
      try {
        const shared = deps();
        const guesser = ip();
        for (const name of [username, "ghost-user"]) {
          for (let i = 0; i < 10; i += 1) {
            expect(await verifyCredentials(shared, { username: name, password: "wrong password", ip: guesser })).toMatchObject({ code: "ERR_INVALID_CREDENTIALS" });
          }
          const refused = await verifyCredentials(shared, { username: name, password: PASSWORD, ip: guesser });
          expect(refused).toEqual({ ok: false, code: "ERR_RATE_LIMITED", values: { reason: "attempts", minutes: 15 } });
        }
        // Lockout is not a weapon: the owner, from their own address, signs in meanwhile.
        expect((await verifyCredentials(shared, { username, password: PASSWORD, ip: ip() })).ok).toBe(true);
        vi.setSystemTime(Date.now() + 15 * 60_000 + 1);
        expect((await verifyCredentials(shared, { username, password: PASSWORD, ip: guesser })).ok).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });

    it("stops after 30 attempts from one address, registration included", async () => {
      const shared = deps({ passwordCost: 4 }); // the 30 unknown users are checked against a dummy hash of this cost
      const address = ip();
      for (let i = 0; i < 30; i += 1) await verifyCredentials(shared, { username: `nobody${i}`, password: "wrong password", ip: address });
      expect(await verifyCredentials(shared, { username, password: PASSWORD, ip: address })).toMatchObject({ code: "ERR_RATE_LIMITED" });
      expect(await registerAccount(shared, { username: unique("fay"), password: PASSWORD, ip: address })).toMatchObject({ code: "ERR_RATE_LIMITED" });
      expect((await verifyCredentials(shared, { username, password: PASSWORD, ip: ip() })).ok).toBe(true);
    });
  });

  describe("guests", () => {
    it("creates a guest with a readable name and no password", async () => {
      const created = await createGuestAccount(deps(), { ip: ip() });
      if (!created.ok) throw new Error(created.code);
      expect(created.value).toMatchObject({ isGuest: true, role: "USER", passwordHash: null });
      expect(created.value.username).toMatch(/^guest-[a-z]+-[a-z]+-\d{2}$/);
    });

    it("takes another name when the first one is taken, and a hex name when the readable ones keep colliding", async () => {
      const sameEveryTime = () => 0; // always guest-amber-otter-10, then guest-00000000000000
      const first = await createGuestAccount(deps({ randomInt: sameEveryTime }), { ip: ip() });
      const second = await createGuestAccount(deps({ randomInt: sameEveryTime }), { ip: ip() });
      expect(first.ok && first.value.username).toBe("guest-amber-otter-10");
      expect(second.ok && second.value.username).toBe("guest-00000000000000");
    });

    it("limits guest creation per address", async () => {
      const shared = deps();
      const address = ip();
      for (let i = 0; i < 20; i += 1) expect((await createGuestAccount(shared, { ip: address })).ok).toBe(true);
      expect(await createGuestAccount(shared, { ip: address })).toMatchObject({ ok: false, code: "ERR_RATE_LIMITED" });
    });

    it("claims a guest under its own name, which then signs in with the password", async () => {
      const guest = await createGuestAccount(deps(), { ip: ip() });
      if (!guest.ok) throw new Error(guest.code);
      const claimed = await claimGuestAccount(deps(), { userId: guest.value.id, username: "", password: PASSWORD, ip: ip() });
      expect(claimed.ok && claimed.value).toMatchObject({ id: guest.value.id, username: guest.value.username, isGuest: false });
      expect((await verifyCredentials(deps(), { username: guest.value.username, password: PASSWORD, ip: ip() })).ok).toBe(true);
      const again = await claimGuestAccount(deps(), { userId: guest.value.id, password: "another password", ip: ip() });
      expect(again).toMatchObject({ ok: false, code: "ERR_NOT_GUEST" });
    });

    it("claims a guest under a new name, keeping its id (and so its matches)", async () => {
      const guest = await createGuestAccount(deps(), { ip: ip() });
      if (!guest.ok) throw new Error(guest.code);
      const name = unique("Gina");
      const claimed = await claimGuestAccount(deps(), { userId: guest.value.id, username: name, password: PASSWORD, ip: ip() });
      expect(claimed.ok).toBe(true);
      expect(await findUserById(handle.db, guest.value.id)).toMatchObject({ username: name.toLowerCase(), isGuest: false });
      expect(await findUserByUsername(handle.db, guest.value.username)).toBeNull();
    });

    it("refuses a taken or invalid new name, a short password, a registered user and an unknown id", async () => {
      const taken = unique("hal");
      await registerAccount(deps(), { username: taken, password: PASSWORD, ip: ip() });
      const guest = await createGuestAccount(deps(), { ip: ip() });
      if (!guest.ok) throw new Error(guest.code);
      const registered = await findUserByUsername(handle.db, taken);
      const cases: [Parameters<typeof claimGuestAccount>[1], string][] = [
        [{ userId: guest.value.id, username: taken.toUpperCase(), password: PASSWORD, ip: ip() }, "ERR_USERNAME_TAKEN"],
        [{ userId: guest.value.id, username: "no spaces please", password: PASSWORD, ip: ip() }, "ERR_INVALID_USERNAME"],
        [{ userId: guest.value.id, username: "guest-someone-else", password: PASSWORD, ip: ip() }, "ERR_INVALID_USERNAME"],
        [{ userId: guest.value.id, password: "short", ip: ip() }, "ERR_INVALID_PASSWORD"],
        [{ userId: registered?.id ?? "", password: PASSWORD, ip: ip() }, "ERR_NOT_GUEST"],
        [{ userId: "no-such-id", password: PASSWORD, ip: ip() }, "ERR_NOT_FOUND"],
      ];
      for (const [input, code] of cases) expect(await claimGuestAccount(deps(), input)).toMatchObject({ ok: false, code });
      expect(await findUserById(handle.db, guest.value.id)).toMatchObject({ isGuest: true, passwordHash: null });
    });
  });

  describe("the next-auth providers", () => {
    const headersFrom = (address: string) => ({ [CLIENT_ADDRESS_HEADER]: address });

    it("credentials: a session user for the right password, null for a wrong one, a thrown message when limited", async () => {
      const name = unique("ivy");
      await registerAccount(deps(), { username: name, password: PASSWORD, ip: ip() });
      const shared = deps({ passwordCost: 4 }); // for the dummy hash of the 30 unknown users below
      expect(await authorizeCredentials(shared, { username: name, password: PASSWORD }, headersFrom(ip()))).toMatchObject({
        name,
        username: name,
        role: "USER",
        isGuest: false,
      });
      expect(await authorizeCredentials(shared, { username: name, password: "wrong password" }, headersFrom(ip()))).toBeNull();
      const address = ip();
      for (let i = 0; i < 30; i += 1) await authorizeCredentials(shared, { username: `x${i}`, password: "wrong password" }, headersFrom(address));
      await expect(authorizeCredentials(shared, { username: name, password: PASSWORD }, headersFrom(address))).rejects.toThrow("ERR_RATE_LIMITED");
    });

    it("guest: creates and returns a guest", async () => {
      const user = await authorizeGuest(deps(), headersFrom(ip()));
      expect(user).toMatchObject({ isGuest: true, role: "USER" });
      expect(await findUserById(handle.db, user.id)).toMatchObject({ username: user.username, isGuest: true });
    });
  });

  describe("administrators", () => {
    it("createAdminAccount makes an ADMIN with a password, and refuses a taken name", async () => {
      const name = unique("Root");
      const created = await createAdminAccount(deps(), { username: name, password: PASSWORD });
      expect(created.ok && created.value).toMatchObject({ username: name.toLowerCase(), role: "ADMIN", isGuest: false });
      expect((await verifyCredentials(deps(), { username: name, password: PASSWORD, ip: ip() })).ok).toBe(true);
      expect(await createAdminAccount(deps(), { username: name, password: PASSWORD })).toMatchObject({ ok: false, code: "ERR_USERNAME_TAKEN" });
    });

    it("grantAdmin promotes a registered user once, and refuses unknown users and guests", async () => {
      const name = unique("jo");
      await registerAccount(deps(), { username: name, password: PASSWORD, ip: ip() });
      expect(await grantAdmin(handle.db, { username: name.toUpperCase() })).toMatchObject({ ok: true, value: { changed: true, user: { role: "ADMIN" } } });
      expect(await grantAdmin(handle.db, { username: name })).toMatchObject({ ok: true, value: { changed: false } });
      expect(await grantAdmin(handle.db, { username: "nobody-at-all" })).toMatchObject({ ok: false, code: "ERR_USER_NOT_FOUND" });
      const guest = await createGuestAccount(deps(), { ip: ip() });
      if (!guest.ok) throw new Error(guest.code);
      expect(await grantAdmin(handle.db, { username: guest.value.username })).toMatchObject({ ok: false, code: "ERR_GUEST" });
    });
  });
});
