/**
 * Payment rules against the demo catalog: the test gateway's page (TEST marking, security headers, origin
 * check).
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import {
  callbacksOf,
  cancelOrder,
  createOrder,
  expectError,
  openGateway,
  orderCheck,
  submitGateway,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const ONE_DAY = ticketTypeId("festival", "jednodenni");
const STOREFRONT = "http://storefront.test";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

/** The directives of a Content-Security-Policy header, by name. */
function cspOf(header: string | null): Map<string, string[]> {
  expect(header).not.toBeNull();
  return new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

/** Expects the headers every answer of the gateway carries. */
function expectGatewayHeaders(headers: Headers) {
  const csp = cspOf(headers.get("content-security-policy"));
  expect(csp.get("default-src")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("form-action")).toEqual(expect.arrayContaining(["'self'", STOREFRONT]));
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("cache-control")).toBe("no-store");
  return csp;
}

describe("the test gateway's page", () => {
  it("says plainly that it is a test, in its title and on the page, in the buyer's language", async () => {
    for (const language of ["en", "cs"] as const) {
      const order = await createOrder(svc, {
        eventId: FESTIVAL,
        items: [{ ticketTypeId: ONE_DAY, count: 1 }],
        language,
      });
      const page = await svc.request(order.payment.redirectUrl ?? "");
      const html = String(page.body);
      expect(html).toMatch(/<title>TEST\b[^<]*<\/title>/);
      expect(html).toMatch(/<p class="test-mark"[^>]*><strong>TEST<\/strong>/);
      expect(html).toContain(`<html lang="${language}">`);
      expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
    }
  });

  it("sends a strict CSP, no framing, no sniffing, no referrer and no caching on every answer", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    const page = await svc.request(order.payment.redirectUrl ?? "");
    expect(page.status).toBe(200);
    const csp = expectGatewayHeaders(page.headers);
    // The page's one inline style is allowed by its hash, nothing else inline.
    const styles = [...String(page.body).matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
    expect(styles).toHaveLength(1);
    const hash = `'sha256-${createHash("sha256")
      .update(styles[0] ?? "")
      .digest("base64")}'`;
    expect(csp.get("style-src")).toEqual([hash]);
    expect(csp.get("script-src") ?? []).toEqual([]);

    const decided = await submitGateway(svc, order, "decline");
    expect(decided.status).toBe(303);
    expectGatewayHeaders(decided.headers);
    const unknown = await svc.request(`/gateway/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expectGatewayHeaders(unknown.headers);
    expect((await cancelOrder(svc, order.orderId)).status).toBe(200);
  });

  it("refuses a decision posted from another origin than its own with 403 and changes nothing", async () => {
    const order = await createOrder(svc, { eventId: FESTIVAL, items: [{ ticketTypeId: ONE_DAY, count: 1 }] });
    await openGateway(svc, order);
    for (const origin of ["https://attacker.example", STOREFRONT, "null"]) {
      const res = await submitGateway(svc, order, "approve", undefined, origin);
      expectError(res, 403, "FORBIDDEN_ORIGIN");
      expectGatewayHeaders(res.headers);
    }
    expect(await orderCheck(svc, order.orderId)).toMatchObject({
      status: "pendingPayment",
      paymentStatus: "pending",
    });
    expect(await callbacksOf(svc, order.orderId)).toBe(0);
    expect((await submitGateway(svc, order, "approve")).status).toBe(303);
    expect((await orderCheck(svc, order.orderId)).status).toBe("paid");
  });
});
