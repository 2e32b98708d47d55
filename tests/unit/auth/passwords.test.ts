import { describe, expect, it } from "vitest";
import {
  assertPasswordAllowed,
  hashPassword,
  passwordMatches,
} from "../../../src/pass-service/services/accounts/passwords.ts";

describe("passwords", () => {
  it("match their argon2id hash only", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await passwordMatches(stored, "correct horse battery")).toBe(true);
    expect(await passwordMatches(stored, "wrong horse battery")).toBe(false);
  });

  it("never match without a hash or with a broken one (an answer, not an error)", async () => {
    expect(await passwordMatches(null, "anything")).toBe(false);
    expect(await passwordMatches(undefined, "")).toBe(false);
    expect(await passwordMatches("not-a-hash", "anything")).toBe(false);
  });

  it("refuse the account's own e-mail as its password, naming the field", () => {
    let error: unknown;
    try {
      assertPasswordAllowed("  Eva@Example.cz ", "eva@example.cz", "newPassword");
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      status: 400,
      code: "VALIDATION",
      message: "newPassword: The password must not be the e-mail address",
      field: "newPassword",
      issues: [{ path: "newPassword", message: "The password must not be the e-mail address" }],
    });
    expect(() => assertPasswordAllowed("eva@example.com", "eva@example.cz", "password")).not.toThrow();
  });
});
