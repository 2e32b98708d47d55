/** The pass service's request body limit comes from BODY_LIMIT_BYTES, 64 KiB unless set. */
import { describe, expect, it } from "vitest";
import { parseServiceEnv } from "../../src/pass-service/env.ts";

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
