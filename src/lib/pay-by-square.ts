/**
 * Slovak QR payments: the PAY by square string (standard of the Slovak Banking Association) that Slovak
 * banking apps read, where Czech apps read SPAYD (spayd.ts). Built with the `bysquare` package from the same
 * payment as the SPAYD string: one payment order to the IBAN, with amount, currency, variable symbol, due
 * date, message and the recipient's name (which the standard requires).
 */
import { CurrencyCode, encode, PaymentOptions } from "bysquare/pay";
import type { Locale } from "./i18n/config.ts";
import { toMajorUnits } from "./money.ts";
import { compactDate, isValidIban, normalizeIban, SpaydError, type SpaydPayment } from "./spayd.ts";

/** The currency whose buyers' banking apps read PAY by square. */
const PAY_BY_SQUARE_CURRENCY = "EUR";
/** The locale whose buyers' banking apps read PAY by square. */
const PAY_BY_SQUARE_LOCALE: Locale = "sk";

/** True when a transfer's QR code is PAY by square rather than SPAYD: a Slovak buyer, or a payment in euros. */
export function usesPayBySquare(locale: Locale, currency: string): boolean {
  return locale === PAY_BY_SQUARE_LOCALE || currency.trim().toUpperCase() === PAY_BY_SQUARE_CURRENCY;
}

/** The PAY by square string of a payment (recipient's name required); throws a `SpaydError` naming a bad field. */
export function payBySquareString(payment: SpaydPayment): string {
  const iban = normalizeIban(payment.iban);
  if (!isValidIban(iban)) throw new SpaydError("iban", `"${payment.iban}" is not a valid IBAN`);
  const currency = payment.currency.trim().toUpperCase();
  if (!Object.hasOwn(CurrencyCode, currency))
    throw new SpaydError("currency", `"${payment.currency}" is not an ISO 4217 code`);
  const name = payment.recipientName?.trim();
  if (!name) throw new SpaydError("recipientName", "PAY by square needs the recipient's name");
  const bic = payment.bic?.trim().toUpperCase();
  const variableSymbol = payment.variableSymbol === undefined ? undefined : String(payment.variableSymbol);
  return encode({
    payments: [
      {
        type: PaymentOptions.PaymentOrder,
        amount: toMajorUnits(payment.amountMinor),
        currencyCode: currency,
        bankAccounts: [bic ? { iban, bic } : { iban }],
        beneficiary: { name },
        ...(variableSymbol ? { variableSymbol } : {}),
        ...(payment.dueDate ? { paymentDueDate: compactDate(payment.dueDate) } : {}),
        ...(payment.message ? { paymentNote: payment.message } : {}),
      },
    ],
  });
}
