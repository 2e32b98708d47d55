/**
 * What paid orders issued: tickets (ticket area and v2 QR lookup), receipts (receipt area), the SPAYD QR
 * of a bank transfer (root service), and the calls that create paid or credit orders from codes
 * (supercoupon redeem, chip credit from a printed chip code).
 */
import { and, eq, sql } from "drizzle-orm";
import { orderCalls } from "../../contract/order.ts";
import { receiptCalls } from "../../contract/receipt.ts";
import { rootCalls } from "../../contract/root.ts";
import { TicketPublic, ticketCalls } from "../../contract/ticket.ts";
import { v2Calls } from "../../contract/v2.ts";
import { currencyCode } from "../../lib/money.ts";
import { qrSvg } from "../../lib/qr.ts";
import { spaydString } from "../../lib/spayd.ts";
import { chipProducts, chips, orderLines, orders, receipts, tickets } from "../db/schema.ts";
import type { ServiceDeps } from "../deps.ts";
import { ServiceError } from "../errors.ts";
import type { HandlerTable, ServiceLocale } from "../http.ts";
import { PAYMENT_PROVIDER_NAMES } from "../payment-providers.ts";
import { runIdempotent } from "../services/idempotency.ts";
import { bankTransactionOut, orderOut, receiptOf, ticketsOut } from "../services/order-views.ts";
import { createOrder } from "../services/orders/create.ts";
import { findOrder } from "../services/orders/lifecycle.ts";
import { checkReturnUrl } from "./order.ts";

/** Registers ticket reads, receipts, the SPAYD QR and the code-based order calls. */
export function registerIssuedRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;
  const publicUrl = () => deps.settings.publicUrl;

  const ticketBy = async (where: ReturnType<typeof eq>, what: string, locale: ServiceLocale) => {
    const [row] = await db.select({ ticketId: tickets.ticketId }).from(tickets).where(where);
    if (!row) throw new ServiceError(404, "NOT_FOUND", `No ticket with this ${what}`);
    const [ticket] = await ticketsOut(db, { ticketIds: [row.ticketId] }, locale);
    if (!ticket) throw new ServiceError(404, "NOT_FOUND", `No ticket with this ${what}`);
    return ticket;
  };
  table.serve(ticketCalls.byId, async ({ query, locale }) => ({
    ticket: await ticketBy(eq(tickets.ticketId, query.ticketId), "id", locale),
  }));
  // A printed code or QR code opens its ticket only: the public schema drops what leads to the order.
  table.serve(ticketCalls.byCode, async ({ query, locale }) => ({
    ticket: TicketPublic.parse(
      await ticketBy(sql`upper(${tickets.code}) = ${query.code.trim().toUpperCase()}`, "code", locale),
    ),
  }));
  table.serve(v2Calls.ticketByQrCode, async ({ params, locale }) => ({
    ticket: TicketPublic.parse(await ticketBy(eq(tickets.qrCode, params.qrCode), "QR code", locale)),
  }));
  table.serve(ticketCalls.items, async ({ query, locale }) => {
    const ticket = await ticketBy(eq(tickets.ticketId, query.ticketId), "id", locale);
    return { items: [{ itemTypeId: ticket.itemTypeId, name: ticket.ticketType.namePub, count: 1 }] };
  });
  table.serve(ticketCalls.products, async ({ query, locale }) => {
    const ticket = await ticketBy(eq(tickets.ticketId, query.ticketId), "id", locale);
    const order = await orderOut(
      db,
      await findOrder(db, ticket.orderId, deps.clock.now()),
      locale,
      publicUrl(),
    );
    return { extraProducts: order.extraProducts };
  });
  table.serve(ticketCalls.chips, async ({ query, locale }) => {
    const ticket = await ticketBy(eq(tickets.ticketId, query.ticketId), "id", locale);
    const rows = await db.select().from(chips).where(eq(chips.ticketId, ticket.ticketId));
    return {
      chips: rows.map((c) => ({
        chipId: c.chipId,
        chipTypeId: c.chipTypeId,
        balance: c.balance,
        currencyId: c.currencyId,
        eventId: c.eventId,
        label: c.label,
        updatedAt: c.updatedAt.toISOString(),
      })),
    };
  });

  const receiptById = async (receiptId: string, locale: ServiceLocale) => {
    const [row] = await db.select().from(receipts).where(eq(receipts.receiptId, receiptId));
    if (!row) throw new ServiceError(404, "NOT_FOUND", `Receipt "${receiptId}" was not found`);
    return receiptOf(db, row, await findOrder(db, row.orderId, deps.clock.now()), locale, publicUrl());
  };
  table.serve(receiptCalls.products, async ({ query, locale }) => {
    const receipt = await receiptById(query.receiptId, locale);
    return { receiptId: receipt.receiptId, currencyId: receipt.currencyId, lines: receipt.lines };
  });
  table.serve(receiptCalls.vatTable, async ({ query, locale }) => {
    const receipt = await receiptById(query.receiptId, locale);
    return { receiptId: receipt.receiptId, currencyId: receipt.currencyId, vatTable: receipt.vatTable };
  });

  table.serve(rootCalls.spaydQr, async ({ params, c }) => {
    const order = await findOrder(db, params.orderId, deps.clock.now());
    const transfer = await bankTransactionOut(db, order);
    if (!transfer) {
      throw new ServiceError(404, "NOT_FOUND", "This order is not paid by bank transfer", {
        field: "orderId",
      });
    }
    const spayd = spaydString({
      iban: transfer.iban,
      bic: transfer.bic,
      amountMinor: transfer.expectedAmount,
      currency: currencyCode(transfer.currencyId as 1),
      variableSymbol: transfer.variableSymbol,
      message: `Vstupio ${order.orderNumber}`,
      dueDate: new Date(`${transfer.dueDate}T12:00:00Z`),
    });
    return c.body(qrSvg(spayd, { label: `QR Platba ${order.orderNumber}`, errorCorrection: "M" }), 200, {
      "content-type": "image/svg+xml; charset=utf-8",
      "x-spayd": spayd,
    });
  });

  table.serve(ticketCalls.supercouponRedeem, async ({ body, idempotencyKey, locale }) => {
    const now = deps.clock.now();
    const orderId = await runIdempotent(
      db,
      "ticket.supercouponRedeem",
      idempotencyKey,
      body,
      now,
      async (tx) => {
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
          {
            now,
            locale,
            timing: { gatewayMs: deps.settings.orderPaymentMs, bankTransferDays: 1 },
            publicUrl: publicUrl(),
            // The redeemed order is free (anything else is refused below): no provider takes part in it.
            paymentProviders: PAYMENT_PROVIDER_NAMES,
          },
        );
        const [order] = await tx.select().from(orders).where(eq(orders.orderId, id));
        if (order?.status !== "paid") {
          throw new ServiceError(400, "INVALID_CODE", "The supercoupon does not cover all of these tickets", {
            field: "items",
            details: { reason: "notApplicable" },
          });
        }
        return id;
      },
    );
    const order = await findOrder(db, orderId, now);
    return {
      orderId,
      orderNumber: order.orderNumber,
      tickets: await ticketsOut(db, { orderId }, locale),
    };
  });

  const creditFromCode = async (
    callId: string,
    body: {
      eventId: string;
      code: string;
      productItemId?: string | undefined;
      amount: number;
      paymentMethodId: number;
      email: string;
      language: ServiceLocale;
      returnUrl?: string | undefined;
    },
    key: string | undefined,
    locale: ServiceLocale,
  ) => {
    checkReturnUrl(deps, body.returnUrl);
    const now = deps.clock.now();
    const [chip] = await db
      .select()
      .from(chips)
      .where(
        and(eq(chips.eventId, body.eventId), sql`upper(${chips.code}) = ${body.code.trim().toUpperCase()}`),
      );
    if (!chip) {
      throw new ServiceError(404, "CHIP_NOT_FOUND", "No chip of this event has this code", { field: "code" });
    }
    const products = await db.select().from(chipProducts).where(eq(chipProducts.eventId, body.eventId));
    const product = body.productItemId
      ? products.find((p) => p.productItemId === body.productItemId)
      : products[0];
    if (!product)
      throw new ServiceError(404, "NOT_FOUND", "This event sells no chip credit", { field: "productItemId" });
    const orderId = await runIdempotent(db, callId, key, body, now, async (tx) => {
      const id = await createOrder(
        tx,
        {
          eventId: body.eventId,
          items: [],
          extraProducts: [],
          chips: [{ productItemId: product.productItemId, amount: body.amount }],
          buyer: { firstName: "-", lastName: "-", email: body.email, phone: "+420000000000", countryId: 1 },
          paymentMethodId: body.paymentMethodId,
          language: body.language,
          returnUrl: body.returnUrl,
        },
        {
          now,
          locale,
          timing: {
            gatewayMs: deps.settings.orderPaymentMs,
            bankTransferDays: deps.settings.bankTransferDays,
          },
          publicUrl: publicUrl(),
          paymentProviders: deps.settings.paymentProviders,
        },
      );
      await tx
        .update(orderLines)
        .set({ chipId: chip.chipId })
        .where(and(eq(orderLines.orderId, id), eq(orderLines.kind, "chip")));
      return id;
    });
    return { order: await orderOut(db, await findOrder(db, orderId, deps.clock.now()), locale, publicUrl()) };
  };
  table.serve(orderCalls.createCreditFromCode, ({ body, idempotencyKey, locale }) =>
    creditFromCode("order.createCreditFromCode", body, idempotencyKey, locale),
  );
  table.serve(v2Calls.orderCreditFromCode, ({ body, idempotencyKey, locale }) =>
    creditFromCode("v2.orderCreditFromCode", body, idempotencyKey, locale),
  );
}
