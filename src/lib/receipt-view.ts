/**
 * A receipt laid out as text, the same way everywhere it is shown: on the order page, in the account's
 * orders and in the receipt PDF. Money is formatted in the receipt's currency, rates as percentages, the
 * VAT table comes with its sums (src/lib/vat-table.ts), and the buyer block carries the billing data when
 * the buyer asked for a company invoice. Labels are not here: each place names the columns in its own way.
 */
import { country } from "./enums/country.ts";
import { paymentMethod } from "./enums/payment-method.ts";
import { INTL_LOCALES, type Locale } from "./i18n/config.ts";
import { formatDate } from "./i18n/format.ts";
import { type CurrencyId, formatMoney } from "./money.ts";
import { type VatRow, vatTableSums } from "./vat-table.ts";

/** What a receipt view is made from (the fields of the contract's receipt that it shows). */
export interface ReceiptSource {
  receiptNumber: string;
  issuedAt: string;
  currencyId: number;
  seller: { name: string; address: string; companyId: string | null; vatId: string | null };
  buyerName: string;
  billing: {
    companyName: string | null;
    companyId: string | null;
    vatId: string | null;
    address: string;
    countryId: number;
  } | null;
  paymentMethodId: number | null;
  lines: readonly { name: string; count: number; unitPrice: number; total: number; vatRate: number }[];
  vatTable: readonly VatRow[];
  total: number;
}

/** A party of a receipt: its name, its address lines, and its company and VAT ids when it has them. */
export interface ReceiptPartyView {
  name: string;
  address: string[];
  companyId: string | null;
  vatId: string | null;
}

/** One line of the receipt, formatted. */
export interface ReceiptLineView {
  name: string;
  count: number;
  unitPrice: string;
  total: string;
  vatRate: string;
}

/** One row of the VAT table, formatted. */
export interface ReceiptVatRowView {
  rate: string;
  base: string;
  vat: string;
  total: string;
}

/** A receipt laid out as text. */
export interface ReceiptView {
  number: string;
  issuedOn: string;
  seller: ReceiptPartyView;
  buyer: ReceiptPartyView;
  /** True when the buyer asked for a company invoice (the buyer block holds the billing data). */
  companyInvoice: boolean;
  paymentMethod: string | null;
  lines: ReceiptLineView[];
  vatRows: ReceiptVatRowView[];
  vatSums: Omit<ReceiptVatRowView, "rate">;
  total: string;
}

/** A VAT rate as a percentage in the language, e.g. 21 → "21 %" (cs) or "21%" (en). */
export function formatVatRate(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALES[locale], { style: "percent", maximumFractionDigits: 2 }).format(
    rate / 100,
  );
}

/** Lays a receipt out as text in a language. */
export function receiptView(receipt: ReceiptSource, locale: Locale): ReceiptView {
  const money = (minor: number) => formatMoney(minor, receipt.currencyId as CurrencyId, locale);
  const { billing, seller } = receipt;
  const sums = vatTableSums(receipt.vatTable);
  return {
    number: receipt.receiptNumber,
    issuedOn: formatDate(receipt.issuedAt, locale),
    seller: {
      name: seller.name,
      address: seller.address ? [seller.address] : [],
      companyId: seller.companyId,
      vatId: seller.vatId,
    },
    buyer: billing
      ? {
          name: billing.companyName || receipt.buyerName,
          address: [billing.address, country.label(billing.countryId, locale)],
          companyId: billing.companyId,
          vatId: billing.vatId,
        }
      : { name: receipt.buyerName, address: [], companyId: null, vatId: null },
    companyInvoice: billing !== null,
    paymentMethod:
      receipt.paymentMethodId === null ? null : paymentMethod.label(receipt.paymentMethodId, locale),
    lines: receipt.lines.map((l) => ({
      name: l.name,
      count: l.count,
      unitPrice: money(l.unitPrice),
      total: money(l.total),
      vatRate: formatVatRate(l.vatRate, locale),
    })),
    vatRows: receipt.vatTable.map((row) => ({
      rate: formatVatRate(row.rate, locale),
      base: money(row.base),
      vat: money(row.vat),
      total: money(row.total),
    })),
    vatSums: { base: money(sums.base), vat: money(sums.vat), total: money(sums.total) },
    total: money(receipt.total),
  };
}
