/**
 * Paying an order: it leaves its open statuses for paid and issues what it holds — tickets (with their NFC
 * chips at cashless events), vouchers or chip credit, the tax receipt and the confirmation mail — exactly
 * once (a conditional UPDATE on the order row that only one transaction can win; see ./lifecycle.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { chipType } from "../../../lib/enums/index.ts";
import type { Db } from "../../db/index.ts";
import { chipProducts, chips, orderLines, orders, receipts, tickets, vouchers } from "../../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { OPEN_STATUSES } from "./lifecycle.ts";

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
 * The wristbands of a cashless event (one that sells chip credit): each ticket comes with its NFC chip,
 * bound to the ticket and to the order's account, so that its holder sees it and tops it up online. Its
 * type is "online recharged chip"; the code is the one printed on the wristband.
 */
async function issueChips(
  tx: Db,
  order: typeof orders.$inferSelect,
  ticketRows: (typeof tickets.$inferInsert)[],
  now: Date,
): Promise<void> {
  if (ticketRows.length === 0) return;
  // Stryker disable ObjectLiteral: only whether a row exists counts, not the columns read
  const [cashless] = await tx
    .select({ id: chipProducts.productItemId })
    .from(chipProducts)
    .where(eq(chipProducts.eventId, order.eventId))
    .limit(1);
  // Stryker restore ObjectLiteral
  if (!cashless) return;
  await tx.insert(chips).values(
    ticketRows.map((ticket) => ({
      chipId: randomUUID(),
      code: randomCode("CHP", 3),
      eventId: order.eventId,
      chipTypeId: chipType.id.ONLINE_RECHARGED,
      balance: 0,
      currencyId: order.currencyId,
      label: ticket.holderName ?? null,
      ticketId: ticket.ticketId,
      accountId: order.accountId,
      updatedAt: now,
    })),
  );
}

/**
 * Marks an open order paid and issues what it holds: one ticket per unit (unique code and QR string), a
 * voucher per chip-credit line (or credit on the named chip), a voucher per line of extra products, and the
 * tax receipt. Returns false (and does
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
    // Stryker disable next-line LogicalOperator,ConditionalExpression: a ticket line always names its ticket type, other lines never do
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
  await issueChips(tx, order, ticketRows, now);
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
  // Extras are collected (merch, a chip with deposit) or shown (parking) with a voucher per line.
  for (const line of lines) {
    if (line.kind !== "product") continue;
    await tx.insert(vouchers).values({
      voucherId: randomUUID(),
      orderId,
      orderLineId: line.orderLineId,
      code: randomCode("EXT", 3),
      qrCode: `VSTE1.${randomBytes(18).toString("base64url")}`,
      kind: "extra",
      name: line.name,
      amount: line.unitPrice * line.count,
      currencyId: order.currencyId,
    });
  }
  await tx.insert(receipts).values({
    receiptId: randomUUID(),
    receiptNumber: `${now.getUTCFullYear()}-${String(order.orderNumber).padStart(7, "0")}`,
    orderId,
    issuedAt: now,
    currencyId: order.currencyId,
    total: order.value,
  });
  // The confirmation (with the tickets PDF) is written with the payment, so it goes out exactly once.
  await enqueueMail(
    tx,
    { kind: "orderConfirmation", data: { orderId }, to: order.buyer.email, locale: order.language },
    now,
  );
  return true;
}
