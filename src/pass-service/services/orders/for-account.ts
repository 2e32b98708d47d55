/**
 * Orders an account makes onto what it already has: extra products and chip credit bought onto one of its
 * paid orders (an extra order), and credit for one of its chips. Both are ordinary orders of the account,
 * paid through the usual flow, made under the request's Idempotency-Key; another account's order or chip
 * is not found.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod/mini";
import type { OrderCreateCreditBody, OrderCreateExtraBody } from "../../../contract/order.ts";
import type { Db } from "../../db/index.ts";
import { accounts } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";
import { accountChip, accountOrder } from "../accounts/holdings.ts";
import { runIdempotent } from "../idempotency.ts";
import { type CreateBody, type CreateContext, createOrder } from "./create.ts";
import { creditBuyer, creditOntoChip } from "./from-codes.ts";
import { requireTermsAccepted } from "./terms.ts";

/** An idempotency key and the account whose request it guards. */
interface AccountRequest {
  accountId: string;
  idempotencyKey: string | undefined;
}

/**
 * Creates an extra order onto a paid order of the account (same event, buyer and billing data): 404 for an
 * order that is not the account's, 409 ORDER_NOT_PAID for one not paid yet, and the terms of sale refused as
 * every order's are (./terms.ts). Returns the new order's id.
 */
export async function createExtraOrder(
  db: Db,
  request: AccountRequest,
  body: z.output<typeof OrderCreateExtraBody>,
  ctx: CreateContext,
): Promise<string> {
  const { accountId } = request;
  const parent = await accountOrder(db, accountId, body.orderId);
  if (parent.status !== "paid") {
    throw new ServiceError(409, "ORDER_NOT_PAID", "Extras are bought onto a paid order", {
      field: "orderId",
    });
  }
  await requireTermsAccepted(db, parent.eventId, body);
  const order: CreateBody = {
    eventId: parent.eventId,
    items: [],
    extraProducts: body.extraProducts,
    chips: body.chips,
    buyer: parent.buyer,
    billingInfo: parent.billingInfo ?? undefined,
    paymentMethodId: body.paymentMethodId,
    language: body.language,
    returnUrl: body.returnUrl,
    termsAccepted: body.termsAccepted,
    termsVersion: body.termsVersion,
  };
  // The key is the account's: the same key and body from another account is a different request.
  return runIdempotent(
    db,
    "order.createExtra",
    request.idempotencyKey,
    { ...body, accountId },
    ctx.now,
    (tx) => createOrder(tx, order, ctx, { accountId, parentOrderId: parent.orderId }),
  );
}

/**
 * Creates an order of credit for a chip of the account, within the event's chip credit limit: 404
 * CHIP_NOT_FOUND for a chip that is not the account's, and the terms of sale refused as every order's are
 * (./terms.ts). The buyer is the account holder. Returns the order's id.
 */
export async function createChipCreditOrder(
  db: Db,
  request: AccountRequest,
  body: z.output<typeof OrderCreateCreditBody>,
  ctx: CreateContext,
): Promise<string> {
  const { accountId } = request;
  const chip = await accountChip(db, accountId, body.eventId, body.chipId);
  await requireTermsAccepted(db, body.eventId, body);
  const [account] = await db.select().from(accounts).where(eq(accounts.accountId, accountId));
  if (!account) throw new ServiceError(404, "NOT_FOUND", "The account was not found");
  const buyer = creditBuyer({ ...account, countryId: account.billingInfo?.countryId });
  const call = {
    callId: "order.createCredit",
    idempotencyKey: request.idempotencyKey,
    hashed: { ...body, accountId },
  };
  return creditOntoChip(db, call, chip.chipId, { ...body, buyer }, ctx, { accountId });
}
