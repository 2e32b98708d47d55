import { describe, expect, it } from "vitest";
import { STAGES } from "../../src/lib/config.ts";
import {
  type DebugAccess,
  type DebugAccount,
  debugAccessFromEnv,
  debugNeedsStaff,
  isDebugAllowed,
} from "../../src/lib/debug-access.ts";

const STAFF_ID = "5d0c6f0a-1b2c-4d3e-8f4a-5b6c7d8e9f00";
const PRODUCTION: DebugAccess = { stage: "production", accountIds: [STAFF_ID], emailDomain: "vstupio.cz" };
const BUYER: DebugAccount = {
  accountId: "0b6a4c1e-4f0e-4d7b-9a53-2f1d6a8b9c01",
  email: "jana@example.cz",
  emailVerified: true,
};

describe("isDebugAllowed", () => {
  it("lets anyone debug outside production, signed in or not", () => {
    for (const stage of STAGES.filter((s) => s !== "production")) {
      const access: DebugAccess = { stage, accountIds: [], emailDomain: undefined };
      expect(isDebugAllowed(access, null)).toBe(true);
      expect(isDebugAllowed(access, BUYER)).toBe(true);
      expect(debugNeedsStaff(stage)).toBe(false);
    }
    expect(debugNeedsStaff("production")).toBe(true);
  });

  it("in production refuses visitors and buyers", () => {
    expect(isDebugAllowed(PRODUCTION, null)).toBe(false);
    expect(isDebugAllowed(PRODUCTION, BUYER)).toBe(false);
  });

  it("in production lets a configured account id debug, in any letter case", () => {
    expect(isDebugAllowed(PRODUCTION, { ...BUYER, accountId: STAFF_ID })).toBe(true);
    expect(isDebugAllowed(PRODUCTION, { ...BUYER, accountId: STAFF_ID.toUpperCase() })).toBe(true);
  });

  it("in production lets a verified e-mail at exactly the provider's domain debug", () => {
    expect(isDebugAllowed(PRODUCTION, { ...BUYER, email: "Petr@Vstupio.CZ" })).toBe(true);
    expect(isDebugAllowed(PRODUCTION, { ...BUYER, email: "petr@vstupio.cz", emailVerified: false })).toBe(
      false,
    );
    expect(isDebugAllowed(PRODUCTION, { ...BUYER, email: "petr@mail.vstupio.cz" })).toBe(false);
    expect(isDebugAllowed(PRODUCTION, { ...BUYER, email: "petr@notvstupio.cz" })).toBe(false);
    expect(
      isDebugAllowed({ ...PRODUCTION, emailDomain: undefined }, { ...BUYER, email: "petr@vstupio.cz" }),
    ).toBe(false);
  });
});

describe("debugAccessFromEnv", () => {
  it("reads comma-separated account ids and the e-mail domain", () => {
    expect(
      debugAccessFromEnv(
        {
          DEBUG_ACCOUNT_IDS: ` ${STAFF_ID.toUpperCase()} , ${BUYER.accountId},`,
          DEBUG_EMAIL_DOMAIN: "@Vstupio.cz",
        },
        "production",
      ),
    ).toEqual({ stage: "production", accountIds: [STAFF_ID, BUYER.accountId], emailDomain: "vstupio.cz" });
  });

  it("has no staff when nothing is configured", () => {
    expect(debugAccessFromEnv({}, "production")).toEqual({
      stage: "production",
      accountIds: [],
      emailDomain: undefined,
    });
  });

  it("refuses an account id that is not a UUID and a domain that is not a domain name", () => {
    expect(() => debugAccessFromEnv({ DEBUG_ACCOUNT_IDS: `${STAFF_ID},42` }, "production")).toThrow(
      /DEBUG_ACCOUNT_IDS: "42"/,
    );
    for (const domain of ["localhost", "vstupio..cz", "jana@vstupio.cz", "vstupio.cz/x"]) {
      expect(() => debugAccessFromEnv({ DEBUG_EMAIL_DOMAIN: domain }, "production")).toThrow(
        /DEBUG_EMAIL_DOMAIN/,
      );
    }
  });
});
