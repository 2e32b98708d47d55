/**
 * Orders: creating them (prices, discounts and inventory decided by the service, never by the client),
 * their lifecycle created → pendingPayment → paid | canceled | expired, and issuing what a paid order holds
 * (tickets, vouchers, a receipt, chip credit) exactly once.
 *
 * Exactly once: every status change is a conditional UPDATE on the order row (`WHERE status IN (…)`);
 * only the transaction whose update changed the row goes on to issue tickets or give units back, so
 * repeated or concurrent callbacks, cancels and expiries can never issue twice or release twice.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { OrderCreateBody } from "../../contract/order.ts";
import { BANK_TRANSFER_METHOD_ID, GATEWAY_METHOD_IDS } from "../../contract/payment.ts";
import type { Db } from "../db/index.ts";
import {
  chipProducts,
  chips,
  coupons,
  discountCodes,
  eventPaymentMethods,
  events,
  extraProducts,
  type LocalizedText,
  orderLines,
  orders,
  organizers,
  payments,
  receipts,
  reservations,
  type StoredDiscount,
  supercoupons,
  tickets,
  ticketTypeGroups,
  ticketTypes,
  variants,
  variantValues,
  vouchers,
} from "../db/schema.ts";
import { ServiceError } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { lacksProvider, type PaymentProviderName } from "../payment-providers.ts";
import {
  activeHolds,
  addSold,
  assertEventOnSale,
  limitExceeded,
  lockExtraProducts,
  lockedHoldUnits,
  lockTicketTypes,
  lockUnits,
  lockVariantValues,
  type SaleUnits,
  soldOut,
  unitsOfOrder,
} from "./inventory.ts";
import { loc } from "./localize.ts";
import { checkChipCredit } from "./order-rules.ts";
import {
  type DiscountRow,
  discountAmountOf,
  discountRefusal,
  normalizeCode,
  type PricedLine,
} from "./products.ts";

/** A row of `orders`. */
export type OrderRow = typeof orders.$inferSelect;
type OrderLineInsert = typeof orderLines.$inferInsert;

/** Statuses an order can still leave. */
export const OPEN_STATUSES = ["created", "pendingPayment"] as const;

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

/** The body of an order creation, v1 or v2 (seats are sold through seat holds, not here). */
export type CreateBody = z.output<typeof OrderCreateBody> & { seats?: unknown[] };

/** 400 for a code that cannot be used, naming the field and the reason. */
function invalidCode(field: string, code: string, reason: string): ServiceError {
  return new ServiceError(400, "INVALID_CODE", `The code "${code}" cannot be used: ${reason}`, {
    field,
    details: { reason },
  });
}

/**
 * A return URL with the order's id filled in: the storefront sends its order page as a template with
 * `{orderId}` (raw or percent-encoded), since the id does not exist before the order.
 */
export function fillReturnUrl(url: string | undefined, orderId: string): string | null {
  return url ? url.replace(/\{orderId\}|%7BorderId%7D/gi, orderId) : null;
}

/**
 * A random code of unambiguous letters and digits in groups of four: VST-8F3K-2Q9M-7HXA-C4PD. Each letter
 * carries 5 bits (32 letters, no 0/O or 1/I; a byte modulo 32 is uniform), so the default 4 groups carry 80
 * bits: a printed code cannot be guessed.
 */
export function randomCode(prefix: string, groups = 4): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = randomBytes(groups * 4);
  const parts: string[] = [];
  for (let g = 0; g < groups; g++) {
    let part = "";
    for (let i = 0; i < 4; i++) part += alphabet[(bytes[g * 4 + i] ?? 0) % alphabet.length];
    parts.push(part);
  }
  return [prefix, ...parts].join("-");
}

/**
 * Creates an order in the given transaction and returns its id. Locks the hold and every inventory row it
 * takes (see inventory.ts), checks limits, sale windows and availability, prices it, applies codes, and
 * starts its payment. Any refusal throws, and the transaction leaves nothing behind.
 */
export async function createOrder(tx: Db, body: CreateBody, ctx: CreateContext): Promise<string> {
  const { now, locale } = ctx;
  if ((body.seats?.length ?? 0) > 0) {
    throw new ServiceError(400, "SEATS_NOT_SUPPORTED", "Seats are sold through a seat reservation", {
      field: "seats",
    });
  }
  const [event] = await tx.select().from(events).where(eq(events.eventId, body.eventId));
  assertEventOnSale(event, body.eventId, now);
  const method = await offeredMethod(tx, event.eventId, body.paymentMethodId, ctx.paymentProviders);
  const transfer = body.paymentMethodId === BANK_TRANSFER_METHOD_ID;

  // Tickets: the hold's units plus standing items sent directly.
  const fromHold = body.reservationId
    ? await lockedHoldUnits(tx, body.reservationId, event.eventId, now)
    : new Map();
  const wanted = new Map<string, number>(fromHold);
  for (const item of body.items)
    wanted.set(item.ticketTypeId, (wanted.get(item.ticketTypeId) ?? 0) + item.count);
  const fieldOf = (ticketTypeId: string) => {
    const index = body.items.findIndex((i) => i.ticketTypeId === ticketTypeId);
    return index >= 0 ? `items.${index}` : "reservationId";
  };
  // Catalog rows are read without locks here: names, prices and limits. The rows whose counters decide
  // availability are locked only at the very end (takeUnits), so a hot ticket type is locked for a few
  // statements per order, not for the whole order.
  const { types } = await readCatalog(tx, [...wanted.keys()], [], []);
  // A sold-out type is refused at once, before the order is written (the locked check decides the rest).
  const heldNow = await activeHolds(tx, [...types.keys()], now, body.reservationId);
  for (const [ticketTypeId, count] of wanted) {
    const row = types.get(ticketTypeId);
    const left = row ? row.capacity - row.sold - (heldNow.get(ticketTypeId) ?? 0) : count;
    if (row && count > left) {
      const own = fromHold.get(ticketTypeId) ?? 0;
      throw soldOut(fieldOf(ticketTypeId), loc(row.name, locale), Math.max(0, left - own));
    }
  }
  for (const [ticketTypeId, count] of wanted) {
    const row = types.get(ticketTypeId);
    const field = fieldOf(ticketTypeId);
    if (!row || row.eventId !== event.eventId) {
      throw new ServiceError(404, "NOT_FOUND", `Ticket type "${ticketTypeId}" is not sold for this event`, {
        field,
      });
    }
    const name = loc(row.name, locale);
    if ((row.salesFrom && row.salesFrom > now) || (row.salesTo && row.salesTo <= now)) {
      throw new ServiceError(409, "NOT_ON_SALE", `${name} is not on sale now`, { field });
    }
    if (count > row.maxPerOrder || count < row.minPerOrder) {
      throw limitExceeded(
        field,
        count > row.maxPerOrder
          ? `At most ${row.maxPerOrder} of ${name} per order`
          : `At least ${row.minPerOrder} of ${name} per order`,
        { min: row.minPerOrder, max: row.maxPerOrder },
      );
    }
  }

  // Extra products and their variant values.
  const productTotals = new Map<string, number>();
  const valueTotals = new Map<string, number>();
  for (const p of body.extraProducts) {
    productTotals.set(p.ticketProductId, (productTotals.get(p.ticketProductId) ?? 0) + p.count);
    if (p.variantValueId)
      valueTotals.set(p.variantValueId, (valueTotals.get(p.variantValueId) ?? 0) + p.count);
  }
  const { products, values } = await readCatalog(tx, [], [...productTotals.keys()], [...valueTotals.keys()]);
  const valueProduct = new Map(
    valueTotals.size === 0
      ? []
      : (
          await tx
            .select({
              id: variantValues.variantValueId,
              ticketProductId: variants.ticketProductId,
              name: variants.name,
            })
            .from(variantValues)
            .innerJoin(variants, eq(variants.variantId, variantValues.variantId))
            .where(inArray(variantValues.variantValueId, [...valueTotals.keys()]))
        ).map((r) => [r.id, r.ticketProductId]),
  );
  body.extraProducts.forEach((p, index) => {
    const field = `extraProducts.${index}`;
    const row = products.get(p.ticketProductId);
    if (!row || row.eventId !== event.eventId) {
      throw new ServiceError(
        404,
        "NOT_FOUND",
        `Extra product "${p.ticketProductId}" is not sold for this event`,
        {
          field,
        },
      );
    }
    const name = loc(row.name, locale);
    const total = productTotals.get(p.ticketProductId) ?? 0;
    if (total > row.maxPerOrder) {
      throw limitExceeded(field, `At most ${row.maxPerOrder} of ${name} per order`, { max: row.maxPerOrder });
    }
    if (p.variantValueId) {
      const value = values.get(p.variantValueId);
      if (!value || valueProduct.get(p.variantValueId) !== p.ticketProductId) {
        throw new ServiceError(
          404,
          "NOT_FOUND",
          `Variant value "${p.variantValueId}" is not one of ${name}`,
          {
            field: `${field}.variantValueId`,
          },
        );
      }
    }
  });

  // Chip credit.
  const chipRows =
    body.chips.length === 0
      ? []
      : await tx
          .select()
          .from(chipProducts)
          .where(
            inArray(
              chipProducts.productItemId,
              body.chips.map((c) => c.productItemId),
            ),
          );
  const chipById = new Map(chipRows.map((c) => [c.productItemId, c]));

  // Lines, priced from the catalog.
  const orderId = randomUUID();
  const groupIds = [
    ...new Set([...types.values()].flatMap((t) => (t.ticketTypeGroupId ? [t.ticketTypeGroupId] : []))),
  ];
  const groups = new Map(
    groupIds.length === 0
      ? []
      : (
          await tx
            .select()
            .from(ticketTypeGroups)
            .where(inArray(ticketTypeGroups.ticketTypeGroupId, groupIds))
        ).map((g) => [g.ticketTypeGroupId, g]),
  );
  const lines: OrderLineInsert[] = [];
  const priced: PricedLine[] = [];
  for (const [ticketTypeId, count] of wanted) {
    const row = types.get(ticketTypeId);
    if (!row) continue;
    const group = row.ticketTypeGroupId ? groups.get(row.ticketTypeGroupId) : undefined;
    lines.push({
      orderLineId: randomUUID(),
      orderId,
      kind: "ticket",
      ticketTypeId,
      name: row.name,
      groupName: group?.name ?? null,
      groupId: group?.ticketTypeGroupId ?? null,
      unitPrice: row.price,
      count,
      vatRate: row.vatRate,
      itemTypeId: row.itemTypeId,
      displayOrder: row.displayOrder,
    });
    priced.push({ kind: "ticket", id: ticketTypeId, unitPrice: row.price, count });
  }
  for (const p of body.extraProducts) {
    const row = products.get(p.ticketProductId);
    if (!row) continue;
    const value = p.variantValueId ? values.get(p.variantValueId) : undefined;
    const unitPrice = Math.max(0, row.price + (value?.priceDelta ?? 0));
    lines.push({
      orderLineId: randomUUID(),
      orderId,
      kind: "product",
      ticketProductId: row.ticketProductId,
      variantValueId: value?.variantValueId ?? null,
      name: row.name,
      variantName: value?.name ?? null,
      unitPrice,
      count: p.count,
      vatRate: row.vatRate,
      itemTypeId: row.itemTypeId,
      displayOrder: row.displayOrder,
    });
    priced.push({ kind: "product", id: row.ticketProductId, unitPrice, count: p.count });
  }
  body.chips.forEach((c, index) => {
    const field = `chips.${index}`;
    const row = chipById.get(c.productItemId);
    if (!row || row.eventId !== event.eventId) {
      throw new ServiceError(
        404,
        "NOT_FOUND",
        `Chip top-up "${c.productItemId}" is not sold for this event`,
        {
          field,
        },
      );
    }
    if (c.amount % row.amount !== 0) {
      throw new ServiceError(
        400,
        "VALIDATION",
        `${field}.amount: credit comes in multiples of ${row.amount}`,
        {
          field: `${field}.amount`,
        },
      );
    }
    const count = c.amount / row.amount;
    lines.push({
      orderLineId: randomUUID(),
      orderId,
      kind: "chip",
      productItemId: row.productItemId,
      name: row.name,
      unitPrice: row.price,
      count,
      amount: c.amount,
      vatRate: row.vatRate,
      itemTypeId: 3,
      displayOrder: row.displayOrder,
    });
  });
  checkChipCredit(body.chips, (id) => chipById.get(id)?.amount ?? 1, event.chipCreditLimit);
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.count, 0);

  // Codes: each checked and counted under a conditional update, so a limited code is never over-used.
  const discounts: StoredDiscount[] = [];
  if (body.couponCode) {
    const code = normalizeCode(body.couponCode);
    const rows = await tx.select().from(coupons).where(sql`upper(${coupons.code}) = ${code}`);
    const own = rows.find((r) => r.eventId === event.eventId);
    if (!own && rows.length > 0) throw invalidCode("couponCode", code, "wrongEvent");
    discounts.push(await takeDiscount(tx, "coupon", "couponCode", code, own, priced, now));
  }
  if (body.discountCode) {
    const code = normalizeCode(body.discountCode);
    const [row] = await tx
      .select()
      .from(discountCodes)
      .where(
        and(eq(discountCodes.organizerId, event.organizerId), sql`upper(${discountCodes.code}) = ${code}`),
      );
    if (row && row.eventIds.length > 0 && !row.eventIds.includes(event.eventId)) {
      throw invalidCode("discountCode", code, "wrongEvent");
    }
    discounts.push(await takeDiscount(tx, "discountCode", "discountCode", code, row, priced, now));
  }
  if (body.supercouponCode) {
    discounts.push(await takeSupercoupon(tx, normalizeCode(body.supercouponCode), event, priced, now));
  }
  const discountTotal = Math.min(
    priced.reduce((s, l) => s + l.unitPrice * l.count, 0),
    discounts.reduce((s, d) => s + d.amount, 0),
  );
  const goods = subtotal - discountTotal;
  const fee = goods > 0 ? (method.feeAmount ?? 0) : 0;
  const value = goods + fee;

  const units: SaleUnits = {
    tickets: wanted,
    products: productTotals,
    variantValues: new Map([...valueTotals].filter(([id]) => values.get(id)?.capacity !== null)),
  };
  const expiresAt = transfer
    ? bankTransferDue(now, ctx.timing.bankTransferDays)
    : new Date(now.getTime() + ctx.timing.gatewayMs);
  await tx.insert(orders).values({
    orderId,
    eventId: event.eventId,
    reservationId: body.reservationId ?? null,
    status: "created",
    language: body.language,
    value,
    amount: value,
    feeAmount: fee,
    currencyId: event.currencyId,
    paymentMethodId: body.paymentMethodId,
    buyer: body.buyer,
    billingInfo: body.billingInfo ?? null,
    discounts,
    returnUrl: fillReturnUrl(body.returnUrl, orderId),
    trackingConsent: body.trackingConsent ?? false,
    createdAt: now,
    expiresAt,
    updatedAt: now,
  });
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
    await startPayment(
      tx,
      orderId,
      body.paymentMethodId,
      value,
      event.currencyId,
      fillReturnUrl(body.returnUrl, orderId),
      now,
    );
  }
  await takeUnits(tx, units, {
    eventId: event.eventId,
    reservationId: body.reservationId,
    fromHold,
    now,
    nameOf: (name) => loc(name, locale),
    ticketField: fieldOf,
    productField: (id) => `extraProducts.${body.extraProducts.findIndex((p) => p.ticketProductId === id)}`,
    valueField: (id) => `extraProducts.${body.extraProducts.findIndex((p) => p.variantValueId === id)}`,
  });
  return orderId;
}

/** Ticket types, extra products and variant values by id, read without locks. */
async function readCatalog(tx: Db, typeIds: string[], productIds: string[], valueIds: string[]) {
  const [types, products, values] = await Promise.all([
    typeIds.length === 0
      ? []
      : tx.select().from(ticketTypes).where(inArray(ticketTypes.ticketTypeId, typeIds)),
    productIds.length === 0
      ? []
      : tx.select().from(extraProducts).where(inArray(extraProducts.ticketProductId, productIds)),
    valueIds.length === 0
      ? []
      : tx.select().from(variantValues).where(inArray(variantValues.variantValueId, valueIds)),
  ]);
  return {
    types: new Map(types.map((r) => [r.ticketTypeId, r])),
    products: new Map(products.map((r) => [r.ticketProductId, r])),
    values: new Map(values.map((r) => [r.variantValueId, r])),
  };
}

/** Where a refused unit came from, for the refusal's `field` and message. */
interface TakeContext {
  eventId: string;
  reservationId: string | undefined;
  fromHold: Map<string, number>;
  now: Date;
  nameOf: (name: LocalizedText) => string;
  ticketField: (ticketTypeId: string) => string;
  productField: (ticketProductId: string) => string;
  valueField: (variantValueId: string) => string;
}

/**
 * The sale itself, last in the order's transaction: locks the inventory rows (global lock order), checks
 * that capacity − sold − other unexpired holds covers the order, and adds the units to `sold`. A refusal
 * throws and rolls the whole order back.
 */
async function takeUnits(tx: Db, units: SaleUnits, ctx: TakeContext): Promise<void> {
  const types = await lockTicketTypes(tx, [...units.tickets.keys()]);
  const held = await activeHolds(tx, [...types.keys()], ctx.now, ctx.reservationId);
  for (const [ticketTypeId, count] of units.tickets) {
    const row = types.get(ticketTypeId);
    if (!row) continue;
    const available = Math.max(0, row.capacity - row.sold - (held.get(ticketTypeId) ?? 0));
    if (count > available) {
      const own = ctx.fromHold.get(ticketTypeId) ?? 0;
      throw soldOut(ctx.ticketField(ticketTypeId), ctx.nameOf(row.name), Math.max(0, available - own));
    }
  }
  const products = await lockExtraProducts(tx, [...units.products.keys()]);
  for (const [id, count] of units.products) {
    const row = products.get(id);
    if (row && count > row.capacity - row.sold) {
      throw soldOut(ctx.productField(id), ctx.nameOf(row.name), Math.max(0, row.capacity - row.sold));
    }
  }
  const values = await lockVariantValues(tx, [...units.variantValues.keys()]);
  for (const [id, count] of units.variantValues) {
    const row = values.get(id);
    if (row && row.capacity !== null && count > row.capacity - row.sold) {
      throw soldOut(ctx.valueField(id), ctx.nameOf(row.name), Math.max(0, row.capacity - row.sold));
    }
  }
  await addSold(tx, units, 1);
}

/** Checks a coupon or discount code row and counts one use of it; returns the discount it gives. */
async function takeDiscount(
  tx: Db,
  source: "coupon" | "discountCode",
  field: string,
  code: string,
  row: (DiscountRow & { couponId?: string; discountCodeId?: string }) | undefined,
  priced: PricedLine[],
  now: Date,
): Promise<StoredDiscount> {
  if (!row) throw invalidCode(field, code, "notFound");
  const refusal = discountRefusal(row, now);
  if (refusal) throw invalidCode(field, code, refusal);
  const amount = discountAmountOf(row, priced);
  if (amount === 0) throw invalidCode(field, code, "notApplicable");
  const id = source === "coupon" ? (row.couponId ?? "") : (row.discountCodeId ?? "");
  const table = source === "coupon" ? coupons : discountCodes;
  const idColumn = source === "coupon" ? coupons.couponId : discountCodes.discountCodeId;
  const counted = await tx
    .update(table)
    .set({ uses: sql`${table.uses} + 1` })
    .where(and(eq(idColumn, id), sql`(${table.maxUses} is null or ${table.uses} < ${table.maxUses})`))
    .returning({ uses: table.uses });
  if (counted.length === 0) throw invalidCode(field, code, "exhausted");
  return { source, id, code: row.code, amount };
}

/** Checks a supercoupon and takes its tickets: the dearest covered tickets of the order become free. */
async function takeSupercoupon(
  tx: Db,
  code: string,
  event: { eventId: string; organizerId: string },
  priced: PricedLine[],
  now: Date,
): Promise<StoredDiscount> {
  const field = "supercouponCode";
  const [row] = await tx.select().from(supercoupons).where(sql`upper(${supercoupons.code}) = ${code}`);
  if (!row) throw invalidCode(field, code, "notFound");
  if (
    row.organizerId !== event.organizerId ||
    (row.eventIds.length > 0 && !row.eventIds.includes(event.eventId))
  ) {
    throw invalidCode(field, code, "wrongEvent");
  }
  if (row.validTo && row.validTo <= now) throw invalidCode(field, code, "expired");
  const covered = priced
    .filter(
      (l) => l.kind === "ticket" && (row.ticketTypeIds.length === 0 || row.ticketTypeIds.includes(l.id)),
    )
    .flatMap((l) => Array.from({ length: l.count }, () => l.unitPrice))
    .sort((a, b) => b - a);
  if (covered.length === 0) throw invalidCode(field, code, "notApplicable");
  const remaining = row.maxTickets - row.usedTickets;
  if (remaining <= 0) throw invalidCode(field, code, "exhausted");
  const taken = covered.slice(0, remaining);
  const counted = await tx
    .update(supercoupons)
    .set({ usedTickets: sql`${supercoupons.usedTickets} + ${taken.length}` })
    .where(
      and(
        eq(supercoupons.supercouponId, row.supercouponId),
        sql`${supercoupons.usedTickets} + ${taken.length} <= ${supercoupons.maxTickets}`,
      ),
    )
    .returning({ used: supercoupons.usedTickets });
  if (counted.length === 0) throw invalidCode(field, code, "exhausted");
  return {
    source: "supercoupon",
    id: row.supercouponId,
    code: row.code,
    amount: taken.reduce((s, p) => s + p, 0),
    tickets: taken.length,
  };
}

/**
 * Starts a payment of an order: supersedes earlier pending attempts and writes a new pending one. Bank
 * transfers and gateway payments both start here; a bank transfer moves the order to pendingPayment at
 * once, a gateway payment when the buyer opens the gateway page.
 */
export async function startPayment(
  tx: Db,
  orderId: string,
  paymentMethodId: number,
  amount: number,
  currencyId: number,
  returnUrl: string | null,
  now: Date,
): Promise<string> {
  await tx
    .update(payments)
    .set({ status: "superseded", updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "pending")));
  const paymentId = randomUUID();
  await tx.insert(payments).values({
    paymentId,
    orderId,
    paymentMethodId,
    status: "pending",
    amount,
    currencyId,
    returnUrl,
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .update(orders)
    .set({
      paymentMethodId,
      updatedAt: now,
      ...(paymentMethodId === BANK_TRANSFER_METHOD_ID ? { status: "pendingPayment" as const } : {}),
      ...(returnUrl ? { returnUrl } : {}),
    })
    .where(eq(orders.orderId, orderId));
  return paymentId;
}

/** The due date of a bank transfer: so many days after the order was created (never later). */
export function bankTransferDue(orderCreatedAt: Date, bankTransferDays: number): Date {
  return new Date(orderCreatedAt.getTime() + bankTransferDays * 86_400_000);
}

/** What a new payment of an existing order needs (order-pay). */
export interface NewPayment {
  orderId: string;
  paymentMethodId: number;
  /** Where the gateway sends the buyer back, its `{orderId}` not yet filled in. */
  returnUrl: string | undefined;
  now: Date;
  bankTransferDays: number;
  paymentProviders: readonly PaymentProviderName[];
}

/**
 * Starts a new payment of an open order (order-pay) in the caller's transaction. The order's row is locked
 * first (then its payments, the lock order of callbacks, cancels and expiries), so the check and the change
 * see the same order: one that is no longer open is refused (409 ORDER_CLOSED) and never reopened. The
 * order's fee and amount follow the new method; a bank transfer's due date is counted from the order's
 * creation, so paying again never extends the hold.
 */
export async function startNewPayment(tx: Db, input: NewPayment): Promise<void> {
  const { now } = input;
  const [order] = await tx.select().from(orders).where(eq(orders.orderId, input.orderId)).for("update");
  if (!order) {
    throw new ServiceError(404, "NOT_FOUND", `Order "${input.orderId}" was not found`, { field: "orderId" });
  }
  const open = (OPEN_STATUSES as readonly string[]).includes(order.status);
  const timeUp = order.expiresAt !== null && order.expiresAt <= now;
  if (!open || timeUp) {
    const status = open ? "expired" : order.status;
    throw new ServiceError(409, "ORDER_CLOSED", `This order is ${status}; it cannot be paid any more`, {
      field: "orderId",
    });
  }
  const method = await offeredMethod(tx, order.eventId, input.paymentMethodId, input.paymentProviders);
  const goods = order.value - order.feeAmount;
  const feeAmount = goods > 0 ? (method.feeAmount ?? 0) : 0;
  const amount = order.amount - order.feeAmount + feeAmount;
  const transfer = input.paymentMethodId === BANK_TRANSFER_METHOD_ID;
  await tx
    .update(orders)
    .set({
      value: goods + feeAmount,
      amount,
      feeAmount,
      // A transfer takes days: the order keeps its units until the due date, which never moves further.
      ...(transfer ? { expiresAt: bankTransferDue(order.createdAt, input.bankTransferDays) } : {}),
    })
    .where(eq(orders.orderId, order.orderId));
  await startPayment(
    tx,
    order.orderId,
    input.paymentMethodId,
    amount,
    order.currencyId,
    fillReturnUrl(input.returnUrl, order.orderId),
    now,
  );
}

/**
 * Marks an open order paid and issues what it holds: one ticket per unit (unique code and QR string), a
 * voucher per chip-credit line (or credit on the named chip), and the tax receipt. Returns false (and does
 * nothing) when the order is not open any more, which makes every caller idempotent.
 */
export async function markPaid(tx: Db, orderId: string, now: Date, paidAmount: number): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, paidAmount, updatedAt: now })
    .where(and(eq(orders.orderId, orderId), inArray(orders.status, [...OPEN_STATUSES])))
    .returning();
  if (!order) return false;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.displayOrder));
  const ticketRows: (typeof tickets.$inferInsert)[] = [];
  for (const line of lines) {
    if (line.kind !== "ticket" || !line.ticketTypeId) continue;
    for (let i = 0; i < line.count; i++) {
      ticketRows.push({
        ticketId: randomUUID(),
        orderId,
        orderLineId: line.orderLineId,
        lineIndex: i,
        eventId: order.eventId,
        ticketTypeId: line.ticketTypeId,
        code: randomCode("VST"),
        qrCode: `VSTP1.${randomBytes(18).toString("base64url")}`,
        holderName: `${order.buyer.firstName} ${order.buyer.lastName}`,
        status: "valid",
        issuedAt: now,
      });
    }
  }
  if (ticketRows.length > 0) await tx.insert(tickets).values(ticketRows);
  for (const line of lines) {
    if (line.kind !== "chip") continue;
    if (line.chipId) {
      await tx
        .update(chips)
        .set({ balance: sql`${chips.balance} + ${line.amount}`, updatedAt: now })
        .where(eq(chips.chipId, line.chipId));
    } else {
      await tx.insert(vouchers).values({
        voucherId: randomUUID(),
        orderId,
        orderLineId: line.orderLineId,
        code: randomCode("CRD", 3),
        qrCode: `VSTC1.${randomBytes(18).toString("base64url")}`,
        kind: "chipCredit",
        name: line.name,
        amount: line.amount,
        currencyId: order.currencyId,
      });
    }
  }
  await tx.insert(receipts).values({
    receiptId: randomUUID(),
    receiptNumber: `${now.getUTCFullYear()}-${String(order.orderNumber).padStart(7, "0")}`,
    orderId,
    issuedAt: now,
    currencyId: order.currencyId,
    total: order.value,
  });
  return true;
}

/**
 * Closes an open order as canceled or expired and gives back what it held (inventory and code uses).
 * Returns false when the order was not open (nothing happens: repeating is harmless).
 */
export async function closeOrder(
  tx: Db,
  orderId: string,
  status: "canceled" | "expired",
  now: Date,
): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status, updatedAt: now, ...(status === "canceled" ? { canceledAt: now } : {}) })
    .where(
      and(
        eq(orders.orderId, orderId),
        inArray(orders.status, [...OPEN_STATUSES]),
        status === "expired" ? lte(orders.expiresAt, now) : undefined,
      ),
    )
    .returning();
  if (!order) return false;
  const units = await unitsOfOrder(tx, orderId);
  await lockUnits(tx, units);
  await addSold(tx, units, -1);
  await tx
    .update(payments)
    .set({ status: "superseded", updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "pending")));
  for (const d of order.discounts) {
    if (d.source === "coupon") {
      await tx
        .update(coupons)
        .set({ uses: sql`greatest(0, ${coupons.uses} - 1)` })
        .where(eq(coupons.couponId, d.id));
    } else if (d.source === "discountCode") {
      await tx
        .update(discountCodes)
        .set({ uses: sql`greatest(0, ${discountCodes.uses} - 1)` })
        .where(eq(discountCodes.discountCodeId, d.id));
    } else {
      const count = d.tickets ?? 0;
      await tx
        .update(supercoupons)
        .set({ usedTickets: sql`greatest(0, ${supercoupons.usedTickets} - ${count})` })
        .where(eq(supercoupons.supercouponId, d.id));
    }
  }
  return true;
}

/** Expires unpaid orders whose time is up, each in its own short transaction; returns how many. */
export async function expireDueOrders(db: Db, now: Date, limit = 200): Promise<number> {
  const due = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(inArray(orders.status, [...OPEN_STATUSES]), lte(orders.expiresAt, now)))
    .limit(limit);
  let expired = 0;
  for (const { orderId } of due) {
    if (await db.transaction((tx) => closeOrder(tx, orderId, "expired", now))) expired++;
  }
  return expired;
}

/** An order row; 404 when unknown. Expires it first when its time is up. */
export async function findOrder(db: Db, orderId: string, now: Date): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!row)
    throw new ServiceError(404, "NOT_FOUND", `Order "${orderId}" was not found`, { field: "orderId" });
  if ((OPEN_STATUSES as readonly string[]).includes(row.status) && row.expiresAt && row.expiresAt <= now) {
    await db.transaction((tx) => closeOrder(tx, orderId, "expired", now));
    const [after] = await db.select().from(orders).where(eq(orders.orderId, orderId));
    if (after) return after;
  }
  return row;
}

/**
 * The event's terms for a payment method the shop can take online (a gateway method that a configured
 * provider takes, or a bank transfer when the organizer has an account); 400 PAYMENT_METHOD_NOT_OFFERED
 * otherwise.
 */
export async function offeredMethod(
  db: Db,
  eventId: string,
  paymentMethodId: number,
  providers: readonly PaymentProviderName[],
) {
  const [method] = await db
    .select()
    .from(eventPaymentMethods)
    .where(
      and(eq(eventPaymentMethods.eventId, eventId), eq(eventPaymentMethods.paymentMethodId, paymentMethodId)),
    );
  const online =
    (GATEWAY_METHOD_IDS as readonly number[]).includes(paymentMethodId) &&
    !lacksProvider(providers, paymentMethodId);
  const transfer = paymentMethodId === BANK_TRANSFER_METHOD_ID;
  if (!method || !(online || transfer) || (transfer && !(await organizerOfEvent(db, eventId)).bankAccount)) {
    throw new ServiceError(
      400,
      "PAYMENT_METHOD_NOT_OFFERED",
      "This payment method is not offered for the event",
      {
        field: "paymentMethodId",
      },
    );
  }
  return method;
}

/** The organizer of an event (seller on receipts, bank account for transfers). */
export async function organizerOfEvent(db: Db, eventId: string) {
  const [row] = await db
    .select({ organizer: organizers })
    .from(events)
    .innerJoin(organizers, eq(organizers.organizerId, events.organizerId))
    .where(eq(events.eventId, eventId));
  if (!row) throw new ServiceError(404, "NOT_FOUND", `Event "${eventId}" was not found`);
  return row.organizer;
}
