/**
 * Turns an outbox row into a mail to deliver: its template in the recipient's language, links to the
 * storefront built with `pathTo`, and what an order mail attaches — the tickets PDF, rendered now from the
 * order (./../ticket-pdf.ts through `paidTicketsPdf`), or the QR payment code of a bank transfer as an
 * inline image.
 */
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { storefrontPathOf } from "../../../lib/deep-link-pages.ts";
import type { DeepLink } from "../../../lib/deep-links.ts";
import type { Locale } from "../../../lib/i18n/config.ts";
import type { CurrencyId } from "../../../lib/money.ts";
import { pathTo, type RouteName, type RouteParams, type RouteQuery } from "../../../lib/routes.ts";
import type { Db } from "../../db/index.ts";
import { type mailOutbox, orders } from "../../db/schema.ts";
import { orderEventRef } from "../order-event.ts";
import { orderOut, orderSpayd, vouchersOut } from "../order-views.ts";
import type { OrderRow } from "../orders/lifecycle.ts";
import { paidTicketsPdf } from "../tickets.ts";
import type { MailKind } from "./outbox.ts";
import { type AccountMailKind, renderAccountMail } from "./templates/account.ts";
import type { MailContent } from "./templates/layout.ts";
import { type OrderMailModel, renderConfirmationMail, renderTransferMail } from "./templates/order.ts";

/** A file sent with a mail; one with a `cid` is shown inline by the HTML part. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}

/** A mail ready to deliver. */
export interface RenderedMail extends MailContent {
  to: string;
  attachments: MailAttachment[];
}

/** What rendering needs besides the row: the database, and the storefront and service origins. */
export interface RenderContext {
  db: Db;
  /** Origin of the storefront the mails link to. */
  storefrontUrl: string;
  /** Public URL of the pass service. */
  publicUrl: string;
}

/** A mail that can never be sent (its order is gone or no longer paid by transfer): no retry. */
export class PermanentMailError extends Error {}

type OutboxRow = Pick<typeof mailOutbox.$inferSelect, "kind" | "recipient" | "locale" | "data">;

/** The account mails' deep links: their storefront pages are where the mails link to (one rule for both). */
const ACCOUNT_LINKS: Record<AccountMailKind, (email: string, accessCode: string) => DeepLink | null> = {
  verifyEmail: () => null,
  setPassword: (email, accessCode) => ({ link: "setPassword", email, accessCode }),
  resetPassword: (email, accessCode) => ({ link: "setPassword", email, accessCode }),
  loginCode: (email) => ({ link: "login", email }),
};

/** The storefront page an account mail links to: its deep link's page, or the verification page. */
function accountLink(
  ctx: RenderContext,
  kind: AccountMailKind,
  locale: Locale,
  email: string,
  accessCode: string,
): string {
  const deepLink = ACCOUNT_LINKS[kind](email, accessCode);
  const path = deepLink
    ? storefrontPathOf(locale, deepLink)
    : pathTo(locale, "verifyEmail", undefined, { email, accessCode });
  if (path === null) throw new PermanentMailError(`The ${kind} mail has no storefront page`);
  return onStorefront(ctx, path);
}

/** An absolute URL of a storefront path. */
function onStorefront(ctx: RenderContext, path: string): string {
  return `${ctx.storefrontUrl.replace(/\/+$/, "")}${path}`;
}

/** An absolute storefront URL of a route. */
function storefrontLink<R extends RouteName>(
  ctx: RenderContext,
  locale: Locale,
  route: R,
  params: RouteParams<R> | undefined,
  query?: RouteQuery,
): string {
  const path = (pathTo as (l: Locale, r: R, p?: RouteParams<R>, q?: RouteQuery) => string)(
    locale,
    route,
    params,
    query,
  );
  return onStorefront(ctx, path);
}

/** A text field of a row's data; a row without it cannot be rendered. */
function field(data: Record<string, unknown>, name: string): string {
  const value = data[name];
  if (typeof value !== "string") throw new PermanentMailError(`The mail's data has no "${name}"`);
  return value;
}

/** Renders an outbox row into a mail. */
export async function renderOutboxMail(ctx: RenderContext, row: OutboxRow): Promise<RenderedMail> {
  const kind = row.kind as MailKind;
  const locale = row.locale;
  const to = row.recipient;
  if (kind === "orderConfirmation" || kind === "bankTransfer") {
    const order = await orderRow(ctx.db, field(row.data, "orderId"));
    return kind === "orderConfirmation"
      ? { to, ...(await confirmation(ctx, order, locale)) }
      : { to, ...(await transfer(ctx, order, locale)) };
  }
  if (!(kind in ACCOUNT_LINKS)) throw new PermanentMailError(`Unknown mail kind "${row.kind}"`);
  const accessCode = field(row.data, "accessCode");
  const link = accountLink(ctx, kind as AccountMailKind, locale, to, accessCode);
  const firstName = typeof row.data.firstName === "string" ? row.data.firstName : "";
  return { to, attachments: [], ...renderAccountMail(kind, locale, { firstName, accessCode, link }) };
}

async function orderRow(db: Db, orderId: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!order) throw new PermanentMailError(`Order "${orderId}" was not found`);
  return order;
}

/** What every order mail shows, read from the order as the contract answers it. */
async function orderModel(ctx: RenderContext, order: OrderRow, locale: Locale) {
  const [full, { ref }] = await Promise.all([
    orderOut(ctx.db, order, locale, ctx.publicUrl),
    orderEventRef(ctx.db, order.eventId, locale),
  ]);
  const model: OrderMailModel = {
    orderNumber: order.orderNumber,
    buyerName: `${order.buyer.firstName} ${order.buyer.lastName}`.trim(),
    event: {
      name: ref.name,
      startsAt: ref.startsAt,
      venue: [ref.venueName, ref.city].filter(Boolean).join(", ") || null,
    },
    currencyId: order.currencyId as CurrencyId,
    lines: [
      ...full.tickets.map((t) => ({ name: t.ticketType.namePub, count: t.count, amount: t.price * t.count })),
      ...full.extraProducts.map((p) => ({
        name: p.variantName ? `${p.name} (${p.variantName})` : p.name,
        count: p.count,
        amount: p.price * p.count,
      })),
      ...full.chips.map((c) => ({ name: c.name, count: 1, amount: c.price })),
    ],
    feeAmount: order.feeAmount,
    discounts: order.discounts.map((d) => ({ source: d.source, code: d.code, amount: d.amount })),
    total: order.amount,
    orderUrl: storefrontLink(ctx, locale, "order", {
      organizerSlug: full.organizerSlug,
      eventSlug: full.eventSlug,
      orderId: order.orderId,
    }),
  };
  return { full, model };
}

async function confirmation(ctx: RenderContext, order: OrderRow, locale: Locale) {
  const { full, model } = await orderModel(ctx, order, locale);
  const withTickets = full.tickets.length > 0;
  const attachments: MailAttachment[] = withTickets
    ? [
        {
          filename: `tickets-${order.orderNumber}.pdf`,
          contentType: "application/pdf",
          content: Buffer.from(await paidTicketsPdf(ctx.db, order, undefined)),
        },
      ]
    : [];
  const issued = await vouchersOut(ctx.db, order, locale);
  const vouchers = issued
    .filter((v) => v.kind === "chipCredit")
    .map((v) => ({ code: v.code, name: v.name, amount: v.amount }));
  const extras = issued
    .filter((v) => v.kind === "extra")
    .map((v) => ({ code: v.code, name: v.name, detail: v.detail, count: v.count }));
  return {
    attachments,
    ...renderConfirmationMail(locale, { ...model, ticketsAttached: withTickets, vouchers, extras }),
  };
}

async function transfer(ctx: RenderContext, order: OrderRow, locale: Locale) {
  const { full, model } = await orderModel(ctx, order, locale);
  const bank = full.payment.bankTransfer;
  if (!bank || full.status !== "pendingPayment") {
    throw new PermanentMailError(`Order ${order.orderNumber} no longer waits for a bank transfer`);
  }
  const spayd = await orderSpayd(ctx.db, order);
  const cid = `spayd-${order.orderNumber}@qr`;
  const attachments: MailAttachment[] = spayd
    ? [
        {
          filename: `qr-${order.orderNumber}.png`,
          contentType: "image/png",
          content: await QRCode.toBuffer(spayd, { errorCorrectionLevel: "M", margin: 4, scale: 6 }),
          cid,
        },
      ]
    : [];
  return {
    attachments,
    ...renderTransferMail(locale, {
      ...model,
      transfer: {
        accountNumber: bank.accountNumber,
        iban: bank.iban,
        bic: bank.bic,
        variableSymbol: bank.variableSymbol,
        amount: bank.amount,
        dueDate: bank.dueDate,
        message: bank.message,
      },
      qrCid: spayd ? cid : null,
    }),
  };
}
