import { describe, expect, it } from "vitest";
import { decodeDemoSecret, isDemoSecretFor } from "../../../src/stores/cart/demo.ts";
import { U } from "./support/fixtures.ts";

describe("demo cart secret", () => {
  const eventId = "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f";
  const standard = Buffer.from(eventId).toString("base64");

  it("accepts the base64 of the event id, standard or URL-safe, with or without padding", () => {
    expect(decodeDemoSecret(standard)).toBe(eventId);
    expect(isDemoSecretFor(standard, eventId)).toBe(true);
    expect(isDemoSecretFor(standard.replace(/=+$/, ""), eventId)).toBe(true);
    const urlSafe = Buffer.from(`${eventId}??>`).toString("base64url");
    expect(decodeDemoSecret(urlSafe)).toBe(`${eventId}??>`);
    expect(isDemoSecretFor(Buffer.from(eventId.toUpperCase()).toString("base64url"), eventId)).toBe(true);
  });

  it("refuses a missing, malformed or other event's secret", () => {
    expect(isDemoSecretFor(null, eventId)).toBe(false);
    expect(isDemoSecretFor("", eventId)).toBe(false);
    expect(isDemoSecretFor("not base64!", eventId)).toBe(false);
    expect(isDemoSecretFor("a", eventId)).toBe(false);
    expect(isDemoSecretFor(Buffer.from(U(9)).toString("base64"), eventId)).toBe(false);
    expect(decodeDemoSecret(Buffer.from([0xff, 0xfe]).toString("base64"))).toBeNull();
  });
});
