import { describe, expect, it } from "vitest";
import { clientAddress, isTrustedProxy, parseTrustProxy, TRUST_NOBODY } from "../../src/lib/trust-proxy.ts";

describe("TRUST_PROXY", () => {
  it("trusts nobody when empty or off", () => {
    for (const value of [undefined, "", "off", " "]) {
      const trust = parseTrustProxy(value);
      expect(isTrustedProxy("127.0.0.1", trust)).toBe(false);
      expect(clientAddress("127.0.0.1", "203.0.113.9", trust)).toBe("127.0.0.1");
    }
  });

  it("takes addresses, ranges and the named ranges, and refuses anything else", () => {
    const trust = parseTrustProxy("loopback, 10.0.0.0/8,192.0.2.1");
    expect(isTrustedProxy("127.0.0.1", trust)).toBe(true);
    expect(isTrustedProxy("::1", trust)).toBe(true);
    expect(isTrustedProxy("10.20.30.40", trust)).toBe(true);
    expect(isTrustedProxy("192.0.2.1", trust)).toBe(true);
    expect(isTrustedProxy("192.0.2.2", trust)).toBe(false);
    expect(isTrustedProxy(undefined, trust)).toBe(false);
    expect(() => parseTrustProxy("everyone")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/99")).toThrow(/TRUST_PROXY/);
  });

  it("reads the client behind trusted proxies only, skipping every trusted hop", () => {
    const trust = parseTrustProxy("loopback,10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "203.0.113.9", trust)).toBe("203.0.113.9");
    // A client cannot pose as another by writing the header itself: the nearest untrusted hop counts.
    expect(clientAddress("127.0.0.1", "198.51.100.1, 203.0.113.9, 10.1.1.1", trust)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.50", "198.51.100.1", trust)).toBe("203.0.113.50");
    expect(clientAddress("127.0.0.1", undefined, trust)).toBe("127.0.0.1");
    expect(clientAddress("", "198.51.100.1", TRUST_NOBODY)).toBe("unknown");
  });
});
