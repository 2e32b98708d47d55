/** The texts of the receipt panel, taken from the `receipt` key of the page's dictionary. */
import type { Translate } from "../../lib/i18n/index.ts";

const KEYS = [
  "heading",
  "number",
  "issuedOn",
  "paymentMethod",
  "seller",
  "buyer",
  "companyInvoice",
  "companyId",
  "vatId",
  "linesCaption",
  "item",
  "count",
  "unitPrice",
  "vatRate",
  "amount",
  "total",
  "vatTable",
  "rate",
  "base",
  "vat",
  "rateTotal",
  "sum",
  "pdf",
] as const;

/** Texts of the receipt panel, in the page's language (plain strings, so an island can take them as props). */
export type ReceiptMessages = Record<(typeof KEYS)[number], string>;

/** The receipt panel's texts from a page's translate function. */
export function receiptMessages(t: Translate): ReceiptMessages {
  return Object.fromEntries(KEYS.map((key) => [key, t(`receipt.${key}`)])) as ReceiptMessages;
}
