/** The pass service's request body limit (BODY_LIMIT_BYTES, 64 KiB unless set) and per-address limit (RATE_LIMIT_ACCOUNTS). */
import { describe, expect, it } from "vitest";
import { limitSettings, parseServiceEnv } from "../../src/pass-service/env.ts";

describe("BODY_LIMIT_BYTES", () => {
  it("defaults to 64 KiB and takes a number of bytes", () => {
    expect(parseServiceEnv({}).BODY_LIMIT_BYTES).toBe(65_536);
    expect(parseServiceEnv({ BODY_LIMIT_BYTES: "131072" }).BODY_LIMIT_BYTES).toBe(131_072);
  });

  it("refuses a limit too small for an order, or not a whole number", () => {
    expect(() => parseServiceEnv({ BODY_LIMIT_BYTES: "100" })).toThrow(/BODY_LIMIT_BYTES/);
    expect(() => parseServiceEnv({ BODY_LIMIT_BYTES: "64k" })).toThrow(/BODY_LIMIT_BYTES/);
  });
});

describe("RATE_LIMIT_ACCOUNTS", () => {
  it("defaults to 10 requests per 15 minutes per address and takes <requests>/<seconds>", () => {
    expect(limitSettings(parseServiceEnv({})).rates.accounts).toEqual({ points: 10, seconds: 900 });
    const env = parseServiceEnv({ RATE_LIMIT_ACCOUNTS: "3/60" });
    expect(limitSettings(env).rates.accounts).toEqual({ points: 3, seconds: 60 });
    expect(() => parseServiceEnv({ RATE_LIMIT_ACCOUNTS: "3 per minute" })).toThrow(/RATE_LIMIT_ACCOUNTS/);
  });
});
