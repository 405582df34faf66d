import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives working defaults: port 3000, SQLite in ./data, generated secrets allowed", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.databaseUrl).toMatch(/^file:.*data[\\/]fairgammon\.db$/);
    expect(env.requireSecrets).toBe(false);
  });

  it("requires secrets on a production deployment, but not for a local `npm start`", () => {
    expect(parseEnv({ NODE_ENV: "production", NEXTAUTH_URL: "https://fairgammon.example" }).requireSecrets).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", DEPLOYMENT: "local" }).requireSecrets).toBe(false);
    expect(parseEnv({ NODE_ENV: "development", DEPLOYMENT: "production", TRUST_PROXY: "true" }).requireSecrets).toBe(true);
  });

  it("refuses a production deployment whose session cookie could go out without Secure", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/NEXTAUTH_URL: required in production/);
    expect(() => parseEnv({ NODE_ENV: "production", NEXTAUTH_URL: "http://fairgammon.example" })).toThrow(/NEXTAUTH_URL: must be an https:\/\/ URL/);
    // Behind a trusted proxy the scheme comes from X-Forwarded-Proto, request by request.
    expect(parseEnv({ NODE_ENV: "production", TRUST_PROXY: "true" }).requireSecrets).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", DEPLOYMENT: "local" }).requireSecrets).toBe(false);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with file:/);
    expect(() => parseEnv({ DEPLOYMENT: "staging" })).toThrow(/DEPLOYMENT/);
  });

  it("limits guests to 20 an hour per address unless told otherwise, and refuses a limit that is not a count", () => {
    expect(parseEnv({}).GUESTS_PER_ADDRESS_PER_HOUR).toBe(20);
    expect(parseEnv({ GUESTS_PER_ADDRESS_PER_HOUR: "500" }).GUESTS_PER_ADDRESS_PER_HOUR).toBe(500);
    expect(() => parseEnv({ GUESTS_PER_ADDRESS_PER_HOUR: "0" })).toThrow(/GUESTS_PER_ADDRESS_PER_HOUR/);
    expect(() => parseEnv({ GUESTS_PER_ADDRESS_PER_HOUR: "lots" })).toThrow(/GUESTS_PER_ADDRESS_PER_HOUR/);
  });

  it("creates new matches under fair-dice-v3 unless told fair-dice-v2, and refuses any other protocol (v1 included)", () => {
    expect(parseEnv({}).DICE_PROTOCOL).toBe("fair-dice-v3");
    expect(parseEnv({ DICE_PROTOCOL: "fair-dice-v2" }).DICE_PROTOCOL).toBe("fair-dice-v2");
    expect(() => parseEnv({ DICE_PROTOCOL: "fair-dice-v1" })).toThrow(/DICE_PROTOCOL/);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });
});
