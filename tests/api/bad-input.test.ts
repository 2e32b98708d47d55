/**
 * Bad input never reaches the database and never answers 500: values beyond the columns' ranges, NUL
 * characters and lone surrogates, malformed media paths, oversized bodies, and the rules the cart checks
 * (chip credit limits, the billing VAT id), which the service enforces again. Ends with a property-based run
 * of hostile requests generated from the contract for every call: a fixed seed and 20 runs per call, or
 * BAD_INPUT_SEED and BAD_INPUT_RUNS to explore further (the failing seed is in the report's first line).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../src/contract/common.ts";
import { passServiceCalls } from "../../src/contract/index.ts";
import { SIGNATURE_HEADER } from "../../src/contract/payment.ts";
import { EVENT } from "../../src/pass-service/catalog/demo/keys.ts";
import { signBody } from "../../src/pass-service/services/payments.ts";
import { runBadInput } from "./support/bad-input.ts";
import { must, UNKNOWN_ID } from "./support/expect.ts";
import {
  BUYER,
  cartOf,
  createOrder,
  expectError,
  orderBody,
  postOrder,
  postSigned,
} from "./support/sales.ts";
import { startTestService, TEST_PAYMENT_SECRET, type TestService } from "./support/service.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

/** Expects a client error whose body is the contract's refusal; answers the body. */
function expectClientError(res: { status: number; body: unknown }, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return ErrorBody.parse(res.body);
}

const NOW = "2026-01-01T00:00:00Z";

describe("values beyond a column's range or not storable as text are refused with 400", () => {
  it.each([
    "/api/events-all?eventTypeId=2147483648",
    "/api/events-all?eventCategoryId=2147483648",
    "/api/events-all?eventCategoryId=-1e400",
    "/api/ticket-by-code?code=%00",
    `/api/coupon?eventId=${EVENT.festival}&code=%00`,
    "/api/supercoupon?code=a%00b",
    `/api/supercoupon-with-ticket-types?eventId=${EVENT.festival}&code=%00`,
    `/api/v2/event/id/${EVENT.festival}/ticket-type/coupon?code=%00`,
    "/api/v2/ticket/qrCode/%00",
    "/api/event-by-slugs?organizerSlug=a%00&eventSlug=b",
  ])("GET %s", async (path) => {
    const body = expectClientError(await svc.request(path), 400);
    expect(body.errorText).toBe("ERROR_VALIDATION");
  });

  it("names the bound in the message", async () => {
    const res = await svc.request("/api/events-all?eventTypeId=2147483648");
    expect(expectClientError(res, 400).message).toBe("query.eventTypeId: Must be at most 2147483647");
    const nul = await svc.request("/api/ticket-by-code?code=%00");
    expect(expectClientError(nul, 400).message).toBe("query.code: Must not contain NUL characters");
  });

  it("refuses a NUL in a discount code's path and in credit-from-code bodies", async () => {
    const check = await svc.request("/api/v2/check-discount-code/a%00", {
      method: "POST",
      json: { eventId: EVENT.festival },
    });
    expect(expectClientError(check, 400).field).toBe("path.code");
    for (const path of ["/api/order-create-credit-from-code", "/api/v2/order-credit-from-code"]) {
      const res = await svc.request(path, {
        method: "POST",
        json: {
          eventId: EVENT.festivalCredit,
          code: "CHIP\u0000",
          amount: 10000,
          paymentMethodId: 1,
          email: BUYER.email,
          language: "en",
        },
      });
      expect(expectClientError(res, 400).field).toBe("body.code");
    }
  });

  it("refuses a chip amount beyond an integer column", async () => {
    const credit = (await cartOf(svc, EVENT.festivalCredit)).chipProducts[0];
    if (!credit) throw new Error("The credit event sells no chip top-ups");
    const res = await postOrder(
      svc,
      orderBody({
        eventId: EVENT.festivalCredit,
        chips: [{ productItemId: credit.productItemId, amount: 2_500_000_000 }],
      }),
    );
    const body = expectClientError(res, 400);
    expect(body.field).toBe("body.chips.0.amount");
    expect(body.message).toBe("body.chips.0.amount: Must be at most 2147483647");
  });

  it.each([
    ["a NUL", "a\u0000b", "Must not contain NUL characters"],
    ["a lone surrogate", "\ud800", "Must not contain unpaired surrogates (invalid Unicode)"],
  ])("refuses %s in a buyer's name", async (_, firstName, message) => {
    const { ticketTypes } = await cartOf(svc, EVENT.festival);
    const type = ticketTypes.find((t) => t.available > 0 && t.sectorId === null);
    if (!type) throw new Error("The festival has no standing ticket on sale");
    const res = await postOrder(
      svc,
      orderBody({
        eventId: EVENT.festival,
        items: [{ ticketTypeId: type.ticketTypeId, count: type.minPerOrder }],
        buyer: { ...BUYER, firstName },
      }),
    );
    const body = expectClientError(res, 400);
    expect(body.field).toBe("body.buyer.firstName");
    expect(body.message).toBe(`body.buyer.firstName: ${message}`);
  });

  it("refuses signed callbacks and bank notifications with amounts beyond an integer column", async () => {
    const callback = await postSigned(svc, "/api/payment-callback", {
      callbackId: `cb-${randomUUID()}`,
      paymentId: UNKNOWN_ID,
      outcome: "approved",
      amount: 2 ** 31,
      currencyId: 1,
      occurredAt: NOW,
    });
    expect(expectClientError(callback, 400).field).toBe("body.amount");
    const transfer = await postSigned(svc, "/api/bank-notification", {
      transactionId: `t-${randomUUID()}`,
      variableSymbol: "260001",
      amount: 2 ** 31,
      currencyId: 1,
      receivedAt: NOW,
    });
    expect(expectClientError(transfer, 400).field).toBe("body.amount");
  });

  it("records a transfer whose variable symbol is beyond every order number as an unknown symbol", async () => {
    const res = await postSigned(svc, "/api/bank-notification", {
      transactionId: `t-${randomUUID()}`,
      variableSymbol: "9999999999",
      amount: 100,
      currencyId: 1,
      receivedAt: NOW,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ result: "unknownSymbol", orderId: null, orderNumber: null });
  });
});

describe("media paths", () => {
  it.each(["/media/%", "/media/%E0%A4%A", "/media/a%00b", "/media/%ED%A0%80"])(
    "GET %s is a client error",
    async (path) => {
      const res = await svc.request(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      ErrorBody.parse(res.body);
    },
  );
});

describe("request bodies are limited", () => {
  const big = JSON.stringify({ eventId: EVENT.festival, padding: "x".repeat(100_000) });

  it("refuses a body over the limit with 413 before reading it", async () => {
    const res = await svc.request("/api/v2/check-discount-code/JARO10", {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json" },
    });
    expect(expectClientError(res, 413)).toMatchObject({
      errorText: "ERROR_PAYLOAD_TOO_LARGE",
      type: "payload_too_large",
    });
  });

  it("refuses a streamed body (no Content-Length) once it passes the limit", async () => {
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
        controller.close();
      },
    });
    const res = await svc.request("/api/order-create", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(expectClientError(res, 413).errorText).toBe("ERROR_PAYLOAD_TOO_LARGE");
  });

  it("still reads a body under the limit, also a signed one read twice", async () => {
    const res = await postSigned(svc, "/api/bank-notification", {
      transactionId: `t-${randomUUID()}`,
      variableSymbol: "1",
      amount: 100,
      currencyId: 1,
      receivedAt: NOW,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("rules the cart checks, the service enforces", () => {
  it("refuses chip credit over the event's credit limit", async () => {
    const limit = (await svc.request(`/api/chip-credit-limit?eventId=${EVENT.festivalCredit}`)).body
      .chipCreditLimit;
    expect(limit).not.toBeNull();
    // As much of the largest top-up as fits, plus one of the smallest: each within 10, together over.
    const products = [...(await cartOf(svc, EVENT.festivalCredit)).chipProducts].sort(
      (a, b) => a.amount - b.amount,
    );
    const [small, big] = [products[0], products.at(-1)];
    if (!small || !big || small === big) throw new Error("The credit event sells fewer than two top-ups");
    const bigCount = Math.floor(limit.maxAmount / big.amount);
    expect(bigCount).toBeLessThanOrEqual(10);
    const res = await postOrder(
      svc,
      orderBody({
        eventId: EVENT.festivalCredit,
        chips: [
          { productItemId: big.productItemId, amount: bigCount * big.amount },
          { productItemId: small.productItemId, amount: small.amount },
        ],
      }),
    );
    const body = expectError(res, 400, "LIMIT_EXCEEDED");
    expect(body).toMatchObject({ field: "chips", max: limit.maxAmount, min: limit.minAmount });
  });

  it("refuses more than 10 of one chip top-up where the event sets no credit limit", async () => {
    const limit = (await svc.request(`/api/chip-credit-limit?eventId=${EVENT.festival}`)).body;
    expect(limit.chipCreditLimit).toBeNull();
    const credit = (await cartOf(svc, EVENT.festival)).chipProducts[0];
    if (!credit) throw new Error("The festival sells no chip top-ups");
    const res = await postOrder(
      svc,
      orderBody({
        eventId: EVENT.festival,
        chips: [
          { productItemId: credit.productItemId, amount: 6 * credit.amount },
          { productItemId: credit.productItemId, amount: 5 * credit.amount },
        ],
      }),
    );
    expect(expectError(res, 400, "LIMIT_EXCEEDED")).toMatchObject({ field: "chips.1", max: 10 });
  });

  it("refuses a billing VAT id that does not fit the billing country", async () => {
    const credit = (await cartOf(svc, EVENT.festivalCredit)).chipProducts[0];
    if (!credit) throw new Error("The credit event sells no chip top-ups");
    const res = await postOrder(
      svc,
      orderBody({
        eventId: EVENT.festivalCredit,
        chips: [{ productItemId: credit.productItemId, amount: credit.amount }],
        billingInfo: {
          countryId: 1,
          city: "Praha",
          address: "Dlouhá 12",
          postalCode: "11000",
          vatId: "DE123456789",
        },
      }),
    );
    expect(expectError(res, 400, "VALIDATION").field).toBe("body.billingInfo.vatId");
  });
});

describe("hostile requests generated from the contract", () => {
  it("never answer 5xx, and every refusal is the contract's ErrorBody", { timeout: 120_000 }, async () => {
    // Ids that exist, so that some requests get past the look-ups: events, ticket types, top-ups, an order.
    const { ticketTypes, chipProducts } = await cartOf(svc, EVENT.festival);
    const credit = must((await cartOf(svc, EVENT.festivalCredit)).chipProducts[0], "credit top-up");
    const order = await createOrder(svc, {
      eventId: EVENT.festivalCredit,
      chips: [{ productItemId: credit.productItemId, amount: credit.amount }],
    });
    const report = await runBadInput(svc, passServiceCalls(), {
      runsPerCall: Number(process.env.BAD_INPUT_RUNS ?? 20),
      seed: Number(process.env.BAD_INPUT_SEED ?? 20260701),
      uuids: [
        ...Object.values(EVENT),
        ...ticketTypes.map((t) => t.ticketTypeId),
        ...chipProducts.map((c) => c.productItemId),
        credit.productItemId,
        order.orderId,
      ],
      // The provider's calls are signed, so that their bodies get past the signature to the database.
      sign: (def, body): Record<string, string> =>
        def.area === "payment" ? { [SIGNATURE_HEADER]: signBody(body, TEST_PAYMENT_SECRET) } : {},
    });
    console.log(
      `bad-input: ${report.requests} requests, ${report.serverErrors.length} server errors, ` +
        `${report.badBodies.length} refusals without an ErrorBody (${svc.kind}); ` +
        `statuses ${JSON.stringify(report.statuses)}`,
    );
    expect(report.serverErrors).toEqual([]);
    expect(report.badBodies).toEqual([]);
  });
});
