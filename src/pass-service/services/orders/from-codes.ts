/**
 * Orders made from codes rather than a cart: redeeming a supercoupon for tickets (a free, paid order), and
 * chip credit bought for a chip found by its printed code.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/index.ts";
import { chipProducts, chips, orderLines, orders } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";
import type { ServiceLocale } from "../../http.ts";
import { PAYMENT_PROVIDER_NAMES } from "../../payment-providers.ts";
import { runIdempotent } from "../idempotency.ts";
import { type CreateBody, type CreateContext, createOrder, type OrderOwner } from "./create.ts";
import type { TermsAcceptance } from "./terms.ts";

/** What a supercoupon redemption sends. */
export interface RedeemRequest {
  eventId: string;
  code: string;
  items: { ticketTypeId: string; count: number }[];
  buyer: Parameters<typeof createOrder>[1]["buyer"];
  language: ServiceLocale;
}

/**
 * Redeems a supercoupon for tickets under the request's Idempotency-Key: an order of the tickets paid by the
 * code alone, or a 400 INVALID_CODE (nothing kept) when the code does not cover all of them. Returns the
 * order's id.
 */
export function redeemSupercoupon(
  db: Db,
  body: RedeemRequest,
  idempotencyKey: string | undefined,
  ctx: Omit<CreateContext, "paymentProviders">,
): Promise<string> {
  return runIdempotent(db, "ticket.supercouponRedeem", idempotencyKey, body, ctx.now, async (tx) => {
    const id = await createOrder(
      tx,
      {
        eventId: body.eventId,
        items: body.items,
        extraProducts: [],
        chips: [],
        buyer: body.buyer,
        paymentMethodId: 1,
        supercouponCode: body.code,
        language: body.language,
      },
      // The redeemed order is free (anything else is refused below): no provider takes part in it.
      { ...ctx, paymentProviders: PAYMENT_PROVIDER_NAMES },
    );
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, id));
    if (order?.status !== "paid") {
      throw new ServiceError(400, "INVALID_CODE", "The supercoupon does not cover all of these tickets", {
        field: "items",
        details: { reason: "notApplicable" },
      });
    }
    return id;
  });
}

/** What buying chip credit for a printed chip code sends. */
export interface CreditFromCodeRequest {
  eventId: string;
  code: string;
  productItemId?: string | undefined;
  amount: number;
  paymentMethodId: number;
  email: string;
  language: ServiceLocale;
  returnUrl?: string | undefined;
}

/**
 * Creates an order of chip credit for the event's chip with this printed code (any case, spaces around
 * ignored), under the request's Idempotency-Key; paid, the credit goes onto that chip. 404 for an unknown
 * chip code or an event without chip top-ups. Returns the order's id.
 */
export async function creditFromChipCode(
  db: Db,
  callId: string,
  body: CreditFromCodeRequest,
  idempotencyKey: string | undefined,
  ctx: CreateContext,
): Promise<string> {
  const [chip] = await db
    .select()
    .from(chips)
    .where(
      and(eq(chips.eventId, body.eventId), sql`upper(${chips.code}) = ${body.code.trim().toUpperCase()}`),
    );
  if (!chip) {
    throw new ServiceError(404, "CHIP_NOT_FOUND", "No chip of this event has this code", { field: "code" });
  }
  const buyer = creditBuyer({ email: body.email });
  return creditOntoChip(db, { callId, idempotencyKey, hashed: body }, chip.chipId, { ...body, buyer }, ctx);
}

/** The buyer of a chip credit order: what is known of who pays, placeholders for the rest. */
export function creditBuyer(known: {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  phone?: string | null | undefined;
  countryId?: number | undefined;
}): CreateBody["buyer"] {
  return {
    firstName: known.firstName || "-",
    lastName: known.lastName || "-",
    email: known.email,
    ...(known.phone ? { phone: known.phone } : {}),
    countryId: known.countryId ?? 1,
  };
}

/** What an order of credit for one chip needs: the top-up (first of the event's when absent) and who pays. */
export interface ChipCreditRequest extends TermsAcceptance {
  eventId: string;
  productItemId?: string | undefined;
  amount: number;
  paymentMethodId: number;
  language: ServiceLocale;
  returnUrl?: string | undefined;
  buyer: CreateBody["buyer"];
}

/**
 * Creates an order of chip credit for a chip already found, under an idempotency key of `call` (its request
 * as `hashed`); paid, the credit goes onto that chip. The credit is checked as every order's chip credit is
 * (./chip-credit.ts, through createOrder). 404 for an event without that top-up. Returns the order's id.
 */
export async function creditOntoChip(
  db: Db,
  call: { callId: string; idempotencyKey: string | undefined; hashed: unknown },
  chipId: string,
  request: ChipCreditRequest,
  ctx: CreateContext,
  owner?: OrderOwner,
): Promise<string> {
  const products = await db
    .select()
    .from(chipProducts)
    .where(eq(chipProducts.eventId, request.eventId))
    .orderBy(asc(chipProducts.displayOrder), asc(chipProducts.productItemId));
  const product = request.productItemId
    ? products.find((p) => p.productItemId === request.productItemId)
    : products[0];
  if (!product)
    throw new ServiceError(404, "NOT_FOUND", "This event sells no chip credit", { field: "productItemId" });
  return runIdempotent(db, call.callId, call.idempotencyKey, call.hashed, ctx.now, async (tx) => {
    const body: CreateBody = {
      eventId: request.eventId,
      items: [],
      extraProducts: [],
      chips: [{ productItemId: product.productItemId, amount: request.amount }],
      buyer: request.buyer,
      paymentMethodId: request.paymentMethodId,
      language: request.language,
      returnUrl: request.returnUrl,
      termsAccepted: request.termsAccepted,
      termsVersion: request.termsVersion,
    };
    const id = await createOrder(tx, body, ctx, owner).catch((error: unknown) => {
      throw amountRefusal(error);
    });
    await tx
      .update(orderLines)
      .set({ chipId })
      .where(and(eq(orderLines.orderId, id), eq(orderLines.kind, "chip")));
    return id;
  });
}

/** A refusal of the order's chip line (its credit over a limit, say) as one of the request's `amount`. */
function amountRefusal(error: unknown): unknown {
  if (!(error instanceof ServiceError) || !error.field?.startsWith("chips")) return error;
  return new ServiceError(error.status, error.code, error.message, {
    field: "amount",
    ...(error.details ? { details: error.details } : {}),
    ...(error.headers ? { headers: error.headers } : {}),
  });
}
