/** The session cookies' attributes, when they are Secure, and the origin check of state-changing calls. */
import { describe, expect, it } from "vitest";
import {
  clearedSessionCookies,
  cookiesSecure,
  isForeignOrigin,
  sessionCookies,
  sessionToken,
} from "../../../src/server/session-cookies.ts";

describe("session cookies", () => {
  it("keep the token HttpOnly and the marker readable, both Lax on / for 30 days", () => {
    const [token, marker] = sessionCookies("abc-123_x", true);
    expect(token).toBe("_hocid=abc-123_x; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(marker).toBe("_hocid_marker=1; Max-Age=2592000; Path=/; Secure; SameSite=Lax");
  });

  it("are cleared together", () => {
    const cleared = clearedSessionCookies(false);
    expect(cleared[0]).toMatch(/^_hocid=; Max-Age=0; .*Expires=Thu, 01 Jan 1970/);
    expect(cleared[0]).toContain("HttpOnly");
    expect(cleared[1]).toMatch(/^_hocid_marker=; Max-Age=0;/);
    expect(cleared.join()).not.toContain("Secure");
  });

  it("are Secure except over plain http on this machine", () => {
    expect(cookiesSecure(false, "localhost:4321")).toBe(false);
    expect(cookiesSecure(false, "127.0.0.1:4321")).toBe(false);
    expect(cookiesSecure(false, "[::1]:4321")).toBe(false);
    expect(cookiesSecure(true, "localhost:4321")).toBe(true);
    expect(cookiesSecure(false, "tickets.example.cz")).toBe(true);
    expect(cookiesSecure(false, undefined)).toBe(true);
  });

  it("read the token from the request's cookies", () => {
    expect(sessionToken("a=1; _hocid=tok; _hocid_marker=1")).toBe("tok");
    expect(sessionToken("_hocid_marker=1")).toBeUndefined();
    expect(sessionToken("_hocid=")).toBeUndefined();
    expect(sessionToken(undefined)).toBeUndefined();
  });
});

describe("isForeignOrigin", () => {
  it("lets the page's own origin and requests without one through, and refuses other hosts", () => {
    expect(isForeignOrigin("http://127.0.0.1:4321", "127.0.0.1:4321")).toBe(false);
    expect(isForeignOrigin("https://tickets.example.cz", "tickets.example.cz")).toBe(false);
    expect(isForeignOrigin(undefined, "tickets.example.cz")).toBe(false);
    expect(isForeignOrigin("https://evil.example", "tickets.example.cz")).toBe(true);
    expect(isForeignOrigin("http://127.0.0.1:9999", "127.0.0.1:4321")).toBe(true);
    expect(isForeignOrigin("null", "tickets.example.cz")).toBe(true);
    expect(isForeignOrigin("https://Tickets.Example.cz", "TICKETS.example.cz")).toBe(false);
    expect(isForeignOrigin("https://tickets.example.cz", undefined)).toBe(true);
  });
});
