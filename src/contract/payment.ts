/**
 * Payment area: the calls a payment provider and a bank make to the pass service, and starting a new
 * payment of an unpaid order (after a declined card, with another method). Spec §7 does not list these;
 * a real platform has them behind its payment gateway. The reference service ships a test gateway
 * (card, the two wallets, Click To Pay) that uses them exactly as a real provider would.
 *
 * Callbacks are signed: `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with the shared payment
 * secret. Each callback carries its own id, so a provider repeating a callback changes nothing.
 */
import { z } from "zod/mini";
import { paymentMethod } from "../lib/enums/payment-method.ts";
import {
  CurrencyId,
  enumId,
  IsoDateTime,
  int32,
  LocaleCode,
  MinorUnits,
  ok,
  ReturnUrl,
  Text,
  Uuid,
} from "./common.ts";
import { defineCall } from "./define.ts";
import { Order } from "./order-model.ts";

/** Header carrying the HMAC signature of a provider's callback body. */
export const SIGNATURE_HEADER = "X-Signature";

const method = paymentMethod.id;

/**
 * Payment methods paid through a gateway page (card, the two wallets, Click To Pay, their variants; spec §3).
 */
export const GATEWAY_METHOD_IDS = [
  method.CARD,
  method.SEARCH_ENGINE_WALLET,
  method.DEVICE_MAKER_WALLET,
  method.CLICK_TO_PAY,
  method.CARD_2,
  method.SEARCH_ENGINE_WALLET_2,
  method.DEVICE_MAKER_WALLET_2,
  method.CLICK_TO_PAY_2,
] as const;

/** Payment method id of a bank transfer (spec §3). */
export const BANK_TRANSFER_METHOD_ID = method.BANK_TRANSFER;

/** Body of `payment.start`: pay an unpaid order (again) with a method of its event. */
export const PaymentStartBody = z.object({
  orderId: Uuid,
  paymentMethodId: enumId("paymentMethod"),
  language: LocaleCode,
  returnUrl: z.optional(ReturnUrl),
});

/** Outcome a gateway reports for a payment. */
export const PaymentOutcome = z.enum(["approved", "declined"]);

/** Body of `payment.callback`, as the gateway sends it. */
export const PaymentCallbackBody = z.object({
  callbackId: Text.check(
    z.minLength(8),
    z.maxLength(100),
    z.meta({ description: "Unique per callback; repeats are ignored" }),
  ),
  paymentId: Uuid,
  outcome: PaymentOutcome,
  amount: MinorUnits,
  currencyId: CurrencyId,
  occurredAt: IsoDateTime,
  declineReason: z.optional(z.nullable(Text.check(z.maxLength(200)))),
});

/** Body of `payment.callback`. */
export type PaymentCallbackBody = z.infer<typeof PaymentCallbackBody>;

/** What a callback did: paid the order, recorded a decline, or nothing (a repeat, or already final). */
export const CallbackResult = z.enum(["paid", "declined", "repeated", "ignored"]);

/** Body of `payment.bankNotification`: one incoming transfer from the bank's statement. */
export const BankNotificationBody = z.object({
  transactionId: Text.check(
    z.minLength(1),
    z.maxLength(100),
    z.meta({ description: "The bank's id; a repeat is ignored" }),
  ),
  variableSymbol: Text.check(z.maxLength(10), z.regex(/^\d{1,10}$/, "A variable symbol is 1 to 10 digits")),
  amount: MinorUnits.check(z.positive()),
  currencyId: CurrencyId,
  receivedAt: IsoDateTime,
});

/** Body of `payment.bankNotification`. */
export type BankNotificationBody = z.infer<typeof BankNotificationBody>;

/** What an incoming transfer did. Underpayments and unknown symbols are recorded, never applied. */
export const BankTransferResult = z.enum([
  "paid",
  "underpaid",
  "unknownSymbol",
  "wrongCurrency",
  "alreadyPaid",
  "orderClosed",
  "repeated",
]);

/** What an incoming transfer did. */
export type BankTransferResult = z.infer<typeof BankTransferResult>;

/** `payment.start`: Starts a new payment of an unpaid order with a method of its event (e.g. after a decline). */
export const paymentStart = defineCall({
  id: "payment.start",
  area: "payment",
  method: "POST",
  path: "/api/order-pay",
  body: PaymentStartBody,
  response: ok({ order: Order }),
  secure: false,
  idempotent: true,
  summary: "Starts a new payment of an unpaid order with a method of its event (e.g. after a decline)",
});

/** `payment.callback`: A gateway reports the outcome of a payment (signed; repeating is harmless). */
export const paymentCallback = defineCall({
  id: "payment.callback",
  area: "payment",
  method: "POST",
  path: "/api/payment-callback",
  body: PaymentCallbackBody,
  response: ok({ result: CallbackResult, orderId: Uuid }),
  secure: false,
  summary: "A gateway reports the outcome of a payment (signed; repeating is harmless)",
});

/** `payment.bankNotification`: The bank reports an incoming transfer (signed); it pays the order its variable symbol names. */
export const paymentBankNotification = defineCall({
  id: "payment.bankNotification",
  area: "payment",
  method: "POST",
  path: "/api/bank-notification",
  body: BankNotificationBody,
  response: ok({
    result: BankTransferResult,
    orderId: z.nullable(Uuid),
    orderNumber: z.nullable(int32().check(z.positive())),
    expectedAmount: z.nullable(MinorUnits),
  }),
  secure: false,
  summary: "The bank reports an incoming transfer (signed); it pays the order its variable symbol names",
});

/** Calls of the payment area. */
export const paymentCalls = {
  start: paymentStart,
  callback: paymentCallback,
  bankNotification: paymentBankNotification,
} as const;
