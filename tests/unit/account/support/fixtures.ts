/** Accounts, tickets, chips and orders as the pass service answers them, for the account area's tests. */
import { createApiClient, createTokenStore } from "../../../../src/client/index.ts";
import { type Account, Account as AccountSchema } from "../../../../src/contract/account.ts";
import type { EventRef } from "../../../../src/contract/common.ts";
import {
  type OrderSummary,
  OrderSummary as OrderSummarySchema,
} from "../../../../src/contract/order-model.ts";
import {
  type Chip,
  Chip as ChipSchema,
  type Ticket,
  Ticket as TicketSchema,
} from "../../../../src/contract/ticket.ts";

/** A UUID numbered `n`. */
export const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** An event of the account. */
export function eventRef(n: number, patch: Partial<EventRef> = {}): EventRef {
  return {
    eventId: U(100 + n),
    organizerSlug: "pulse-events",
    eventSlug: `fest-${n}`,
    name: `Fest ${n}`,
    startsAt: "2026-07-01T16:00:00Z",
    endsAt: "2026-07-03T22:00:00Z",
    timezone: "Europe/Prague",
    venueName: "Louka",
    city: "Brno",
    ...patch,
  };
}

/** The signed-in account. */
export function account(patch: Partial<Account> = {}): Account {
  return AccountSchema.parse({
    accountId: U(1),
    email: "jana@example.cz",
    firstName: "Jana",
    lastName: "Nováková",
    phone: "+420777123456",
    language: "cs",
    billingInfo: null,
    emailVerified: true,
    createdAt: "2026-01-01T10:00:00Z",
    ...patch,
  });
}

/** A ticket of event `n`. */
export function ticket(n: number, event: EventRef, patch: Partial<Ticket> = {}): Ticket {
  return TicketSchema.parse({
    ticketId: U(200 + n),
    orderId: U(300 + n),
    eventId: event.eventId,
    code: `VST-${n}`,
    qrCode: `qr-${n}`,
    ticketType: {
      ticketTypeId: U(400 + n),
      namePub: `Type ${n}`,
      price: 50000,
      displayOrder: n,
      ticketTypeGroup: null,
    },
    itemTypeId: 1,
    holderName: null,
    seat: null,
    status: "valid",
    issuedAt: "2026-05-01T10:00:00Z",
    usedAt: null,
    event,
    ...patch,
  });
}

/** A chip of an event. */
export function chip(id: string, eventId: string, patch: Partial<Chip> = {}): Chip {
  return ChipSchema.parse({
    chipId: id,
    chipTypeId: 2,
    balance: 15000,
    currencyId: 1,
    eventId,
    label: null,
    updatedAt: "2026-05-01T10:00:00Z",
    ...patch,
  });
}

/** An order of the account's list. */
export function orderSummary(n: number, created: string, event: EventRef): OrderSummary {
  return OrderSummarySchema.parse({
    orderId: U(300 + n),
    orderNumber: 1000 + n,
    status: "paid",
    value: 50000,
    currencyId: 1,
    created,
    paid: created,
    canceled: null,
    ticketCount: 1,
    event,
  });
}

/** A JSON answer of the fake service (`errorText: "OK"` added to a success). */
export const json = (body: object, status = 200) =>
  new Response(JSON.stringify(status < 400 ? { errorText: "OK", ...body } : body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

/** A request the fake service received. */
export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
  idempotencyKey: string | null;
}

/** A fetch that records requests and answers each by `answer(sent)`. */
export function fakeFetch(answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const request: Sent = {
      method: init?.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      authorization: headers.get("authorization"),
      idempotencyKey: headers.get("idempotency-key"),
    };
    sent.push(request);
    return answer(request);
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

/** A pass client signed in with a token, talking to a fake fetch. */
export function signedInClient(fetch: typeof globalThis.fetch) {
  return createApiClient({
    baseUrl: "https://pass.example",
    agentVersion: "test",
    agentSource: "web",
    language: "cs",
    fetch,
    tokenStore: createTokenStore("token-1"),
  });
}
