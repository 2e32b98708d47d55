/**
 * Creating an order (prices, discounts and inventory decided by the service, never by the client), in named
 * steps: the event and its payment method, the tickets and extras it wants, its priced lines, its codes, the
 * order row, its payment, and last the units it takes. Any refusal throws, and the caller's transaction
 * leaves nothing behind.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { z } from "zod/mini";
import type { OrderCreateBody, OrderSeatItem } from "../../../contract/order.ts";
import { BANK_TRANSFER_METHOD_ID } from "../../../contract/payment.ts";
import { discountTotal } from "../../../lib/pricing/discounts.ts";
import { linesTotal, paymentFee } from "../../../lib/pricing/totals.ts";
import type { Db } from "../../db/index.ts";
import { events, orderLines, orders, reservations, type StoredDiscount } from "../../db/schema.ts";
import type { ServiceSettings } from "../../deps.ts";
import type { ServiceLocale } from "../../http.ts";
import type { PaymentProviderName } from "../../payment-providers.ts";
import { assertEventOnSale } from "../inventory.ts";
import { loc } from "../localize.ts";
import { refuseSeatedByCount, takeHeldSeats } from "../seat-holds.ts";
import { markPaid } from "./issue.ts";
import { checkExtras, checkTickets, chipLines, extraLines, saleUnits, ticketLines } from "./lines.ts";
import { bankTransferDue, fillReturnUrl, offeredMethod, startPayment } from "./payment-start.ts";
import { takeCodes } from "./take-codes.ts";
import { takeUnits } from "./take-units.ts";
import { acceptanceColumns } from "./terms.ts";

/** Timing of orders: how long an unpaid order keeps its units, per way of paying. */
export interface OrderTiming {
  /** Gateway payments (card, wallets, Click To Pay). */
  gatewayMs: number;
  /** Bank transfers: the due date is this many days after the order. */
  bankTransferDays: number;
}

/** What creating an order needs besides the body. */
export interface CreateContext {
  now: Date;
  locale: ServiceLocale;
  timing: OrderTiming;
  /** Public base URL of the service (gateway page links). */
  publicUrl: string;
  /** The configured payment providers: a gateway method none of them takes is not offered. */
  paymentProviders: readonly PaymentProviderName[];
}

/**
 * The context of creating an order from the service's settings: its timing, public URL and payment providers.
 */
export function orderContextOf(
  settings: Pick<ServiceSettings, "orderPaymentMs" | "bankTransferDays" | "publicUrl" | "paymentProviders">,
  now: Date,
  locale: ServiceLocale,
): CreateContext {
  return {
    now,
    locale,
    timing: { gatewayMs: settings.orderPaymentMs, bankTransferDays: settings.bankTransferDays },
    publicUrl: settings.publicUrl,
    paymentProviders: settings.paymentProviders,
  };
}

/** The body of an order creation, v1 or v2 (v2 lists the seats its hold holds). */
export type CreateBody = z.output<typeof OrderCreateBody> & { seats?: z.output<typeof OrderSeatItem>[] };

/** Whose an order is: the account it belongs to, and the earlier order it was bought onto (extra orders). */
export interface OrderOwner {
  accountId: string;
  parentOrderId?: string | undefined;
}

/**
 * Creates an order in the given transaction and returns its id. Locks the hold and every inventory row it
 * takes (see inventory.ts), checks limits, sale windows and availability, prices it, applies codes, and
 * starts its payment. An `owner` makes it an account's order (and an extra order of its parent).
 */
export async function createOrder(
  tx: Db,
  body: CreateBody,
  ctx: CreateContext,
  owner?: OrderOwner,
): Promise<string> {
  const { now, locale } = ctx;
  const [event] = await tx.select().from(events).where(eq(events.eventId, body.eventId));
  assertEventOnSale(event, body.eventId, now);
  const method = await offeredMethod(tx, event.eventId, body.paymentMethodId, ctx.paymentProviders);

  await refuseSeatedByCount(tx, body.items, (i) => `items.${i}`);
  const tickets = await checkTickets(tx, body, event.eventId, now, locale);
  const extras = await checkExtras(tx, body.extraProducts, event.eventId, locale);
  const orderId = randomUUID();
  const ticketPart = await ticketLines(tx, orderId, tickets);
  const extraPart = extraLines(orderId, body.extraProducts, extras);
  const chipPart = await chipLines(tx, orderId, body.chips, event);
  const lines = [...ticketPart.lines, ...extraPart.lines, ...chipPart];
  const priced = [...ticketPart.priced, ...extraPart.priced];

  const discounts = await takeCodes(tx, body, event, priced, now);
  const goods =
    linesTotal(lines) -
    discountTotal(
      priced,
      discounts.map((d) => d.amount),
    );
  const fee = paymentFee(goods, method.feeAmount);
  const value = goods + fee;

  const expiresAt = dueAt(body, ctx);
  await writeOrder(tx, body, { orderId, event, value, fee, discounts, expiresAt, now, owner });
  if (lines.length > 0) await tx.insert(orderLines).values(lines);
  if (body.reservationId) {
    await tx
      .update(reservations)
      .set({ status: "ordered", updatedAt: now })
      .where(eq(reservations.reservationId, body.reservationId));
  }
  if (value === 0) {
    await markPaid(tx, orderId, now, 0);
  } else {
    const returnUrl = fillReturnUrl(body.returnUrl, orderId);
    await startPayment(tx, orderId, body.paymentMethodId, value, event.currencyId, returnUrl, now);
  }
  await takeUnits(tx, saleUnits(tickets, extras), {
    eventId: event.eventId,
    reservationId: body.reservationId,
    fromHold: tickets.fromHold,
    now,
    nameOf: (name) => loc(name, locale),
    ticketField: tickets.fieldOf,
    productField: (id) => `extraProducts.${body.extraProducts.findIndex((p) => p.ticketProductId === id)}`,
    valueField: (id) => `extraProducts.${body.extraProducts.findIndex((p) => p.variantValueId === id)}`,
  });
  await takeHeldSeats(tx, orderId, body.reservationId, body.seats ?? []);
  return orderId;
}

/** When an unpaid order gives its units back: a bank transfer's due date, else the gateway's time. */
function dueAt(body: Pick<CreateBody, "paymentMethodId">, ctx: CreateContext): Date {
  return body.paymentMethodId === BANK_TRANSFER_METHOD_ID
    ? bankTransferDue(ctx.now, ctx.timing.bankTransferDays)
    : new Date(ctx.now.getTime() + ctx.timing.gatewayMs);
}

/** What the order row holds besides its body: its id, event, value, fee, discounts and due time. */
interface OrderFacts {
  orderId: string;
  event: { eventId: string; currencyId: number };
  value: number;
  fee: number;
  discounts: StoredDiscount[];
  expiresAt: Date;
  now: Date;
  owner: OrderOwner | undefined;
}

/** Writes the order row, created and not yet paid. */
async function writeOrder(tx: Db, body: CreateBody, facts: OrderFacts): Promise<void> {
  const { orderId, now } = facts;
  await tx.insert(orders).values({
    orderId,
    eventId: facts.event.eventId,
    reservationId: body.reservationId ?? null,
    accountId: facts.owner?.accountId ?? null,
    parentOrderId: facts.owner?.parentOrderId ?? null,
    status: "created",
    language: body.language,
    value: facts.value,
    amount: facts.value,
    feeAmount: facts.fee,
    currencyId: facts.event.currencyId,
    paymentMethodId: body.paymentMethodId,
    buyer: body.buyer,
    billingInfo: body.billingInfo ?? null,
    discounts: facts.discounts,
    returnUrl: fillReturnUrl(body.returnUrl, orderId),
    trackingConsent: body.trackingConsent ?? false,
    ...acceptanceColumns(body, now),
    createdAt: now,
    expiresAt: facts.expiresAt,
    updatedAt: now,
  });
}
