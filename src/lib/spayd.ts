/**
 * Czech QR payments: the SPAYD string ("Short Payment Descriptor", standard of the Czech Banking Association)
 * that a bank app reads from a QR code to prefill a transfer: account as IBAN, amount, currency, variable
 * symbol and a message. Example: `SPD*1.0*ACC:CZ2720100000002900123451*AM:890.00*CC:CZK*X-VS:1042*MSG:…`.
 */
import { withoutDiacritics } from "./text.ts";

/** What a transfer needs: the account, how much, and how it is matched to the order. */
export interface SpaydPayment {
  /** IBAN of the receiving account (spaces allowed; checked with the mod-97 rule). */
  iban: string;
  /** BIC of the receiving bank, appended to the account as `IBAN+BIC`. */
  bic?: string | undefined;
  /** Amount in minor units (1/100). */
  amountMinor: number;
  /** ISO 4217 currency code, e.g. CZK. */
  currency: string;
  /** Variable symbol: up to 10 digits (the order number). */
  variableSymbol?: string | number | undefined;
  /** Message for the recipient, at most 60 characters after cleaning. */
  message?: string | undefined;
  /** Recipient's name, at most 35 characters after cleaning. */
  recipientName?: string | undefined;
  /** Due date. */
  dueDate?: Date | undefined;
}

/** Thrown for a payment that cannot be written as SPAYD; the message names the field. */
export class SpaydError extends Error {
  /** The field at fault. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = "SpaydError";
    this.field = field;
  }
}

/** The IBAN without spaces, upper case. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, "").toUpperCase();
}

/** The IBAN as people read it: groups of four characters separated by spaces (`CZ27 2010 0000 …`). */
export function groupIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

/** A date as payment QR standards write it: `YYYYMMDD` of its UTC calendar day. */
export function compactDate(d: Date): string {
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** True when the IBAN has a valid shape and check digits (ISO 13616 mod-97). */
export function isValidIban(iban: string): boolean {
  const value = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A free text made safe for SPAYD: no diacritics (bank apps differ in what they show), no `*`, trimmed. */
function cleanText(text: string, max: number): string {
  return withoutDiacritics(text)
    .replace(/[^\x20-\x7e]/g, " ")
    .replace(/\*/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

/** The SPAYD string of a payment; throws a `SpaydError` naming the bad field. */
export function spaydString(payment: SpaydPayment): string {
  const iban = normalizeIban(payment.iban);
  if (!isValidIban(iban)) throw new SpaydError("iban", `"${payment.iban}" is not a valid IBAN`);
  const parts = ["SPD", "1.0"];
  const bic = payment.bic?.trim().toUpperCase();
  if (bic && !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic))
    throw new SpaydError("bic", `"${payment.bic}" is not a BIC`);
  parts.push(`ACC:${iban}${bic ? `+${bic}` : ""}`);

  if (!Number.isInteger(payment.amountMinor) || payment.amountMinor <= 0) {
    throw new SpaydError("amountMinor", "must be a positive whole number of minor units");
  }
  if (payment.amountMinor > 9_999_999_999) throw new SpaydError("amountMinor", "is above the SPAYD maximum");
  const major = Math.floor(payment.amountMinor / 100);
  const minor = String(payment.amountMinor % 100).padStart(2, "0");
  parts.push(`AM:${major}.${minor}`);

  const currency = payment.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw new SpaydError("currency", `"${payment.currency}" is not an ISO 4217 code`);
  parts.push(`CC:${currency}`);

  if (payment.dueDate) {
    parts.push(`DT:${compactDate(payment.dueDate)}`);
  }
  if (payment.recipientName) {
    const name = cleanText(payment.recipientName, 35);
    if (name) parts.push(`RN:${name}`);
  }
  if (payment.variableSymbol !== undefined) {
    const vs = String(payment.variableSymbol);
    if (!/^\d{1,10}$/.test(vs)) throw new SpaydError("variableSymbol", "must be 1 to 10 digits");
    parts.push(`X-VS:${vs}`);
  }
  if (payment.message) {
    const message = cleanText(payment.message, 60);
    if (message) parts.push(`MSG:${message}`);
  }
  return parts.join("*");
}
