/**
 * Helpers of the sales API tests: a buyer, availability as the cart reads it, orders, the test gateway's
 * page and form, signed callbacks and bank notifications, and expected refusals by name.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { z } from "zod/mini";
import type { Order, OrderCreateBody } from "../../../src/contract/order.ts";
import { orderCalls } from "../../../src/contract/order.ts";
import { paymentCalls, SIGNATURE_HEADER } from "../../../src/contract/payment.ts";
import { reservationCalls } from "../../../src/contract/reservation.ts";
import { ticketCalls } from "../../../src/contract/ticket.ts";
import { DEMO_TERMS_VERSION } from "../../../src/pass-service/catalog/demo/legal.ts";
import { paymentEvents, payments } from "../../../src/pass-service/db/schema.ts";
import { signBody } from "../../../src/pass-service/services/payments.ts";
import { TEST_PAYMENT_SECRET, type TestService } from "./service.ts";

/** The buyer of every test order. */
export const BUYER = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana.novakova@example.cz",
  phone: "+420777123456",
  countryId: 1,
} as const;

/** The buyer's acceptance of the terms of sale every test order carries (the demo organizers' version). */
export const TERMS = { termsAccepted: true, termsVersion: DEMO_TERMS_VERSION } as const;

/** Acceptances the service refuses (what is wrong, the body's terms, status, error name), for every kind of order. */
export const TERMS_REFUSALS = [
  ["no acceptance", { termsAccepted: undefined, termsVersion: undefined }, 400, "TERMS_NOT_ACCEPTED"],
  ["acceptance false", { termsAccepted: false }, 400, "TERMS_NOT_ACCEPTED"],
  ["no version", { termsVersion: undefined }, 400, "TERMS_NOT_ACCEPTED"],
  ["another version", { termsVersion: "2020-01" }, 409, "TERMS_CHANGED"],
] as const;

/** Where the gateway sends the buyer back (an allowed storefront origin of test services). */
export const RETURN_URL = "http://storefront.test/objednavka/hotovo";

/** Card payment method id. */
export const CARD = 1;
/** Bank transfer payment method id. */
export const BANK = 2;

/** What the cart of an event reads: ticket types, extra products and chip top-ups with their availability. */
export type CartView = z.output<typeof ticketCalls.typesExtraProducts.response>;

/** The cart view of an event (ticket.typesExtraProducts), parsed with the contract. */
export async function cartOf(svc: TestService, eventId: string, lang = "en"): Promise<CartView> {
  const res = await svc.request(`/api/ticket-types-extra-products?eventId=${eventId}`, { lang });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ticketCalls.typesExtraProducts.response.parse(res.body);
}

/** Units on sale per ticket type and per extra product of an event. */
export async function availability(
  svc: TestService,
  eventId: string,
): Promise<{ types: Map<string, number>; products: Map<string, number> }> {
  const cart = await cartOf(svc, eventId);
  return {
    types: new Map(cart.ticketTypes.map((t) => [t.ticketTypeId, t.available])),
    products: new Map(cart.extraProducts.map((p) => [p.ticketProductId, p.available])),
  };
}

/** Units on sale of one ticket type. */
export async function availableOf(svc: TestService, eventId: string, ticketTypeId: string): Promise<number> {
  const left = (await availability(svc, eventId)).types.get(ticketTypeId);
  if (left === undefined) throw new Error(`Ticket type ${ticketTypeId} is not sold for ${eventId}`);
  return left;
}

/** A ticket type of an event as the cart lists it. */
export async function ticketTypeOf(svc: TestService, eventId: string, ticketTypeId: string) {
  const found = (await cartOf(svc, eventId)).ticketTypes.find((t) => t.ticketTypeId === ticketTypeId);
  if (!found) throw new Error(`Ticket type ${ticketTypeId} is not sold for ${eventId}`);
  return found;
}

/** Fee of a payment method of an event, as the event's payment methods list it (0 when free). */
export async function feeOf(svc: TestService, eventId: string, paymentMethodId: number): Promise<number> {
  const res = await svc.request(`/api/event/${eventId}/payment-method`);
  expect(res.status).toBe(200);
  const method = (res.body.paymentMethods as { paymentMethodId: number; feeAmount: number | null }[]).find(
    (m) => m.paymentMethodId === paymentMethodId,
  );
  if (!method) throw new Error(`Payment method ${paymentMethodId} is not offered for ${eventId}`);
  return method.feeAmount ?? 0;
}

/** The body of an order: card payment, English, the test buyer, plus what is given. */
export function orderBody(
  fields: Partial<OrderCreateBody> & { eventId: string },
): OrderCreateBody & Record<string, unknown> {
  return {
    items: [],
    buyer: BUYER,
    paymentMethodId: CARD,
    language: "en",
    returnUrl: RETURN_URL,
    ...TERMS,
    ...fields,
  };
}

/** POSTs an order (optionally with an Idempotency-Key and an account's bearer token); answers the raw response. */
export function postOrder(
  svc: TestService,
  body: Record<string, unknown>,
  opts: { key?: string; path?: string; token?: string } = {},
) {
  return svc.request(opts.path ?? "/api/order-create", {
    method: "POST",
    json: body,
    lang: "en",
    headers: {
      ...(opts.key ? { "Idempotency-Key": opts.key } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
  });
}

/** Creates an order (an account's with its token), expects success and answers it parsed with the contract. */
export async function createOrder(
  svc: TestService,
  fields: Partial<OrderCreateBody> & { eventId: string },
  key: string = randomUUID(),
  token?: string,
): Promise<Order> {
  const res = await postOrder(svc, orderBody(fields), token ? { key, token } : { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderCalls.create.response.parse(res.body).order;
}

/** An order by id (order.byId), parsed. */
export async function orderById(svc: TestService, orderId: string): Promise<Order> {
  const res = await svc.request(`/api/order-by-id?orderId=${orderId}`, { lang: "en" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderCalls.byId.response.parse(res.body).order;
}

/** Where an order stands (order.check), parsed. */
export async function orderCheck(svc: TestService, orderId: string) {
  const res = await svc.request(`/api/order-check?orderId=${orderId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderCalls.check.response.parse(res.body).orderStatus;
}

/** Tickets of an order (order.tickets), parsed. */
export async function ticketsOf(svc: TestService, orderId: string) {
  const res = await svc.request(`/api/order-tickets?orderId=${orderId}`, { lang: "en" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderCalls.tickets.response.parse(res.body).tickets;
}

/** Cancels an order (order.cancel); answers the raw response. */
export function cancelOrder(svc: TestService, orderId: string) {
  return svc.request(`/api/order-cancel?orderId=${orderId}`, { method: "POST" });
}

/** The payment id in a gateway page link. */
export function paymentIdOf(redirectUrl: string | null): string {
  const id = redirectUrl?.match(/\/gateway\/([0-9a-f-]{36})$/)?.[1];
  if (!id) throw new Error(`Not a gateway page: ${redirectUrl}`);
  return id;
}

/** Opens the gateway page of an order's pending payment; expects the payment form. */
export async function openGateway(svc: TestService, order: Pick<Order, "payment">): Promise<void> {
  const url = order.payment.redirectUrl;
  expect(url).not.toBeNull();
  const res = await svc.request(url as string);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(String(res.body)).toContain('<form method="post">');
}

/**
 * Submits the gateway's form (approve or decline, with a card number) as a browser does, naming the page's
 * origin (the service's own unless told otherwise); answers the 303 response.
 */
export async function submitGateway(
  svc: TestService,
  order: Pick<Order, "payment">,
  decision: "approve" | "decline",
  card = "4242 4242 4242 4242",
  origin = new URL(svc.url).origin,
) {
  const url = order.payment.redirectUrl;
  expect(url).not.toBeNull();
  return svc.request(url as string, {
    method: "POST",
    body: new URLSearchParams({ card, decision }),
    headers: { origin },
    redirect: "manual",
  });
}

/** The payment rows of an order as stored, oldest first (what the API does not show: refund marks). */
export function paymentRowsOf(svc: TestService, orderId: string) {
  return svc.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.paymentId));
}

/** How many gateway callbacks the service recorded for an order. */
export async function callbacksOf(svc: TestService, orderId: string): Promise<number> {
  const rows = await svc.database.db
    .select({ key: paymentEvents.eventKey })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.kind, "callback")));
  return rows.length;
}

/** Pays an order through the gateway (page, then approval); expects the order paid. */
export async function payByCard(svc: TestService, order: Pick<Order, "payment" | "orderId">): Promise<Order> {
  await openGateway(svc, order);
  const res = await submitGateway(svc, order, "approve");
  expect(res.status).toBe(303);
  const paid = await orderById(svc, order.orderId);
  expect(paid.status).toBe("paid");
  return paid;
}

/** POSTs a JSON body signed with the test payment secret (or with the signature given). */
export function postSigned(svc: TestService, path: string, body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return svc.request(path, {
    method: "POST",
    body: raw,
    headers: {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: signature ?? signBody(raw, TEST_PAYMENT_SECRET),
    },
  });
}

/** A gateway callback for a payment of an order. */
export function callbackFor(
  order: Pick<Order, "payment" | "amount" | "currencyId">,
  outcome: "approved" | "declined",
  extra: Record<string, unknown> = {},
) {
  return {
    callbackId: `cb-${randomUUID()}`,
    paymentId: paymentIdOf(order.payment.redirectUrl),
    outcome,
    amount: order.amount,
    currencyId: order.currencyId,
    occurredAt: new Date().toISOString(),
    declineReason: null,
    ...extra,
  };
}

/** Sends a signed gateway callback; expects 200 and answers its parsed result. */
export async function sendCallback(svc: TestService, body: unknown) {
  const res = await postSigned(svc, "/api/payment-callback", body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return paymentCalls.callback.response.parse(res.body);
}

/** Sends the bank's signed notification of a full transfer for an order (or as `extra` changes it); parsed. */
export async function notifyBank(
  svc: TestService,
  order: Pick<Order, "orderNumber" | "amount" | "currencyId">,
  extra: Record<string, unknown> = {},
) {
  const res = await postSigned(svc, "/api/bank-notification", {
    transactionId: `tx-${randomUUID()}`,
    variableSymbol: String(order.orderNumber),
    amount: order.amount,
    currencyId: order.currencyId,
    receivedAt: new Date().toISOString(),
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return paymentCalls.bankNotification.response.parse(res.body);
}

/** Expects a refusal with a status and an `ERROR_<name>`; answers its body. */
export function expectError(
  res: { status: number; body: unknown },
  status: number,
  name: string,
  field?: string,
  // biome-ignore lint/suspicious/noExplicitAny: refusal bodies carry optional fields per error.
): any {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect((res.body as { errorText?: string }).errorText).toBe(`ERROR_${name}`);
  if (field) expect((res.body as { field?: string }).field).toBe(field);
  return res.body;
}

/** A line of a standing hold: a ticket type and how many. */
export type HoldLine = { ticketTypeId: string; count: number };

/** Holds standing tickets, or changes the hold named (reservation.create); answers the raw response. */
export function postHold(svc: TestService, eventId: string, items: HoldLine[], reservationId?: string) {
  return svc.request("/api/reservation", {
    method: "POST",
    lang: "en",
    json: { eventId, items, ...(reservationId ? { reservationId } : {}) },
  });
}

/** Holds (or changes a hold), expects it held and answers it parsed with the contract. */
export async function postHoldOk(
  svc: TestService,
  eventId: string,
  items: HoldLine[],
  reservationId?: string,
) {
  const res = await postHold(svc, eventId, items, reservationId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return reservationCalls.create.response.parse(res.body).reservation;
}

/** Starts a new payment of an order (order-pay), with a return page (none when null); answers the raw response. */
export function postPay(
  svc: TestService,
  orderId: string,
  paymentMethodId: number,
  returnUrl: string | null = RETURN_URL,
) {
  return svc.request("/api/order-pay", {
    method: "POST",
    lang: "en",
    json: { orderId, paymentMethodId, language: "en", ...(returnUrl ? { returnUrl } : {}) },
  });
}

/** Starts a new payment, expects it started and answers the order. */
export async function postPayOk(
  svc: TestService,
  orderId: string,
  paymentMethodId: number,
  returnUrl: string | null = RETURN_URL,
) {
  const res = await postPay(svc, orderId, paymentMethodId, returnUrl);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return paymentCalls.start.response.parse(res.body).order;
}
