import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STAGES } from "../../src/lib/config.ts";
import {
  APP_SCHEMES,
  APP_STAGE_OF,
  buildDeepLink,
  DEEP_LINK_NAMES,
  type DeepLink,
  DeepLinkError,
  parseDeepLink,
} from "../../src/lib/deep-links.ts";

const ID = "0b6c2f4e-8d1a-4c3b-9e7f-5a2d1c0b9e8f";
const ID2 = "7f3e9a1c-2b4d-4e6f-8a0b-1c2d3e4f5a6b";

/** One example of each of the ten links, optional parameters given. */
const EXAMPLES: DeepLink[] = [
  { link: "chipDetail", chipId: ID },
  { link: "eventDetail", eventId: ID },
  { link: "eventGroupDetail", eventGroupId: ID, codes: ["JARO10", "VIP-500"] },
  { link: "ticketCart", eventId: ID2, codes: ["LOUKA-200"] },
  { link: "orderDetail", orderId: ID, orderNumber: 1042 },
  { link: "plantOrderDetail", plantOrderId: ID2, orderNumber: 7 },
  { link: "setPassword", accessCode: "a1B2c3D4e5", email: "jana.novakova+app@example.cz" },
  { link: "login", email: "petr@example.sk" },
  { link: "oAuth", token: "eyJhbGciOi.J9-_x~y", ok: true },
  { link: "openUrl", url: "https://example.cz/news?a=1&b=two words#top" },
];

/** The error a URL is refused with. */
function refusal(url: string): { error: string; field?: string } {
  const parsed = parseDeepLink(url);
  if (parsed.ok) throw new Error(`${url} was accepted`);
  const { ok: _, ...rest } = parsed;
  return rest;
}

describe("deep links: build and parse", () => {
  it("has an example of every link of spec §2", () => {
    expect(EXAMPLES.map((l) => l.link)).toEqual(DEEP_LINK_NAMES);
    expect(DEEP_LINK_NAMES).toHaveLength(10);
  });

  for (const stage of STAGES) {
    it.each(EXAMPLES.map((l) => [l.link, l] as const))(`round-trips %s on ${stage}`, (_, link) => {
      const url = buildDeepLink(stage, link);
      expect(url.startsWith(`${APP_SCHEMES[APP_STAGE_OF[stage]]}://${link.link}`)).toBe(true);
      expect(parseDeepLink(url)).toEqual({ ok: true, stage: APP_STAGE_OF[stage], link });
    });
  }

  it("gives each app build its own scheme and reads the build back from it", () => {
    expect(new Set(Object.values(APP_SCHEMES)).size).toBe(3);
    expect(buildDeepLink("production", { link: "eventDetail", eventId: ID })).toBe(
      `vstupio://eventDetail?eventId=${ID}`,
    );
    expect(buildDeepLink("beta", EXAMPLES[1] as DeepLink)).toMatch(/^vstupio-beta:\/\//);
    expect(buildDeepLink("development", EXAMPLES[1] as DeepLink)).toMatch(/^vstupio-dev:\/\//);
    expect(buildDeepLink("staging", EXAMPLES[1] as DeepLink)).toMatch(/^vstupio-dev:\/\//);
    const parsed = (url: string) => {
      const result = parseDeepLink(url);
      return result.ok ? result.stage : result.error;
    };
    expect(parsed(`vstupio://eventDetail?eventId=${ID}`)).toBe("production");
    expect(parsed(`vstupio-beta://eventDetail?eventId=${ID}`)).toBe("beta");
    expect(parsed(`VSTUPIO-DEV://eventDetail?eventId=${ID}`)).toBe("development");
  });

  it("writes code lists with readable commas and leaves an empty list out", () => {
    const url = buildDeepLink("production", { link: "ticketCart", eventId: ID, codes: ["A_1", "b-2"] });
    expect(url).toBe(`vstupio://ticketCart?eventId=${ID}&codes=A_1,b-2`);
    expect(buildDeepLink("production", { link: "ticketCart", eventId: ID, codes: [] })).toBe(
      `vstupio://ticketCart?eventId=${ID}`,
    );
    expect(parseDeepLink(`vstupio://ticketCart?eventId=${ID}`)).toEqual({
      ok: true,
      stage: "production",
      link: { link: "ticketCart", eventId: ID },
    });
    expect(parseDeepLink(`vstupio://eventGroupDetail?eventGroupId=${ID}&codes=X%2CY`)).toMatchObject({
      ok: true,
      link: { codes: ["X", "Y"] },
    });
  });

  it("reads the link name case-insensitively, with a trailing slash or a fragment", () => {
    expect(parseDeepLink(`vstupio://EVENTDETAIL/?eventId=${ID}#x`)).toEqual({
      ok: true,
      stage: "production",
      link: { link: "eventDetail", eventId: ID },
    });
  });

  it("round-trips any valid values (property)", () => {
    const code = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
    const link = fc.oneof(
      fc.record({
        link: fc.constant("ticketCart" as const),
        eventId: fc.uuid(),
        codes: fc.array(code, { minLength: 1 }),
      }),
      fc.record({
        link: fc.constant("orderDetail" as const),
        orderId: fc.uuid(),
        orderNumber: fc.integer({ min: 1, max: 2147483647 }),
      }),
      fc.record({
        link: fc.constant("setPassword" as const),
        accessCode: fc.stringMatching(/^\S[^\n]{4,100}\S$/),
        email: fc.constantFrom("a@b.cz", "x.y+z@example.com"),
      }),
      fc.record({
        link: fc.constant("oAuth" as const),
        token: fc.stringMatching(/^[\x21-\x7e]{1,200}$/),
        ok: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...STAGES), link, (stage, l) => {
        expect(parseDeepLink(buildDeepLink(stage, l))).toEqual({
          ok: true,
          stage: APP_STAGE_OF[stage],
          link: l,
        });
      }),
    );
  });
});

describe("deep links: errors", () => {
  it("refuses ids that are not UUIDs, naming the field", () => {
    expect(refusal("vstupio://eventDetail?eventId=42")).toEqual({
      error: 'Parameter "eventId" of eventDetail must be a UUID, got "42"',
      field: "eventId",
    });
    expect(refusal(`vstupio://chipDetail?chipId=${ID}x`).field).toBe("chipId");
    expect(refusal("vstupio://plantOrderDetail?plantOrderId=abc&orderNumber=1").field).toBe("plantOrderId");
    expect(() =>
      buildDeepLink("production", { link: "orderDetail", orderId: "nope", orderNumber: 1 }),
    ).toThrow(DeepLinkError);
  });

  it("refuses bad code lists", () => {
    for (const codes of ["A,,B", ",A", "A,", "A B", "A;B", "Ž", "x".repeat(65)]) {
      const { error, field } = refusal(
        `vstupio://ticketCart?eventId=${ID}&codes=${encodeURIComponent(codes)}`,
      );
      expect(field).toBe("codes");
      expect(error).toContain("comma-separated codes");
    }
    expect(() => buildDeepLink("beta", { link: "ticketCart", eventId: ID, codes: ["A,B"] })).toThrow(/codes/);
  });

  it("refuses a missing parameter, an unknown one and one given twice", () => {
    expect(refusal("vstupio://eventDetail")).toEqual({
      error: 'eventDetail needs the parameter "eventId"',
      field: "eventId",
    });
    expect(refusal(`vstupio://orderDetail?orderId=${ID}`).field).toBe("orderNumber");
    expect(refusal("vstupio://login?email=").field).toBe("email");
    expect(refusal(`vstupio://eventDetail?eventId=${ID}&utm=x`)).toEqual({
      error: 'eventDetail has no parameter "utm"',
      field: "utm",
    });
    expect(refusal(`vstupio://eventDetail?eventId=${ID}&eventId=${ID}`).error).toContain("given twice");
    expect(() => buildDeepLink("production", { link: "login" } as DeepLink)).toThrow(
      'login needs the parameter "email"',
    );
  });

  it("refuses unknown links, other schemes and what is not a deep link", () => {
    expect(refusal(`vstupio://eventDetails?eventId=${ID}`).error).toMatch(
      /^Unknown deep link "eventDetails"/,
    );
    expect(refusal(`https://eventDetail?eventId=${ID}`).error).toMatch(/^Unknown app scheme "https"/);
    expect(refusal(`vstupio-staging://eventDetail?eventId=${ID}`).error).toContain(
      "vstupio, vstupio-beta, vstupio-dev",
    );
    expect(refusal("not a link").error).toMatch(/^Not a deep link/);
    expect(() => buildDeepLink("production", { link: "nope" } as unknown as DeepLink)).toThrow(
      /Unknown deep link/,
    );
  });

  it("opens only http(s) URLs", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript://x%0aalert(1)",
      "data:text/html,x",
      "ftp://x.cz/",
      "//x.cz",
      "https://",
    ]) {
      expect(refusal(`vstupio://openUrl?url=${encodeURIComponent(url)}`).field).toBe("url");
    }
    expect(() => buildDeepLink("production", { link: "openUrl", url: "javascript:alert(1)" })).toThrow(
      'Parameter "url" of openUrl must be an absolute http or https URL',
    );
  });

  it("checks e-mails, access codes, order numbers, tokens and flags", () => {
    expect(refusal("vstupio://login?email=jana%40").field).toBe("email");
    expect(refusal("vstupio://setPassword?accessCode=12345&email=a%40b.cz").field).toBe("accessCode");
    expect(refusal(`vstupio://setPassword?accessCode=${"x".repeat(129)}&email=a%40b.cz`).field).toBe(
      "accessCode",
    );
    expect(refusal("vstupio://setPassword?accessCode=%20123456&email=a%40b.cz").field).toBe("accessCode");
    for (const n of ["0", "-1", "1.5", "01", "2147483648", "x"]) {
      expect(refusal(`vstupio://orderDetail?orderId=${ID}&orderNumber=${n}`).field).toBe("orderNumber");
    }
    expect(refusal("vstupio://oAuth?token=a%20b&ok=true").field).toBe("token");
    expect(refusal("vstupio://oAuth?token=abc&ok=yes")).toEqual({
      error: 'Parameter "ok" of oAuth must be true or false, got "yes"',
      field: "ok",
    });
    expect(() => buildDeepLink("production", { link: "orderDetail", orderId: ID, orderNumber: 0 })).toThrow(
      /orderNumber/,
    );
  });
});
