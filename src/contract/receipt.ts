/** Receipt area of spec §7: tax receipts of paid orders, their product lines and VAT table. */
import { z } from "zod/mini";
import {
  CountryId,
  CurrencyId,
  enumId,
  Href,
  IsoDateTime,
  int32,
  MinorUnits,
  ok,
  SignedMinorUnits,
  Uuid,
} from "./common.ts";
import { defineCall } from "./define.ts";

/** VAT rate in percent, e.g. 21 or 12 (decimals allowed, e.g. 5.5). */
export const VatRate = z
  .number()
  .check(z.gte(0), z.lte(100), z.meta({ description: "VAT rate in percent", example: 21 }));

/** One product line of a receipt; prices include VAT. */
export const ReceiptLine = z.object({
  name: z.string(),
  count: int32().check(z.positive()),
  unitPrice: SignedMinorUnits,
  total: SignedMinorUnits,
  vatRate: VatRate,
  itemTypeId: z.nullable(enumId("itemType")),
});

/** One product line of a receipt. */
export type ReceiptLine = z.infer<typeof ReceiptLine>;

/** One row of a VAT table: for one rate, the base, the VAT and their sum (total = base + vat). */
export const VatRow = z.object({
  rate: VatRate,
  base: SignedMinorUnits,
  vat: SignedMinorUnits,
  total: SignedMinorUnits,
});

/** One row of a VAT table. */
export type VatRow = z.infer<typeof VatRow>;

/** The party that issued a receipt. */
export const ReceiptSeller = z.object({
  name: z.string(),
  address: z.string(),
  companyId: z.nullable(z.string()),
  vatId: z.nullable(z.string()),
});

/** The billing data of a buyer who asked for a company invoice, as the receipt prints it. */
export const ReceiptBilling = z.object({
  companyName: z.nullable(z.string()),
  companyId: z.nullable(z.string()),
  vatId: z.nullable(z.string()),
  address: z
    .string()
    .check(z.meta({ description: "Street, postal code and city", example: "Dlouhá 12, 110 00 Praha" })),
  countryId: CountryId,
});

/** The billing data of a company invoice. */
export type ReceiptBilling = z.infer<typeof ReceiptBilling>;

/** A tax receipt. */
export const Receipt = z.object({
  receiptId: Uuid,
  receiptNumber: z.string().check(z.meta({ example: "2026-000123" })),
  orderId: Uuid,
  issuedAt: IsoDateTime,
  currencyId: CurrencyId,
  seller: ReceiptSeller,
  buyerName: z.string(),
  billing: z
    .nullable(ReceiptBilling)
    .check(z.meta({ description: "Set when the buyer asked for a company invoice" })),
  paymentMethodId: z.nullable(enumId("paymentMethod")),
  lines: z.array(ReceiptLine),
  vatTable: z.array(VatRow),
  total: MinorUnits,
  downloadUrl: z.nullable(Href),
});

/** A tax receipt. */
export type Receipt = z.infer<typeof Receipt>;

const receiptQuery = z.object({ receiptId: Uuid });

/** `receipt.products`: Product lines of a receipt. */
export const receiptProducts = defineCall({
  id: "receipt.products",
  area: "receipt",
  method: "GET",
  path: "/api/receipt-products",
  query: receiptQuery,
  response: ok({ receiptId: Uuid, currencyId: CurrencyId, lines: z.array(ReceiptLine) }),
  secure: false,
  summary: "Product lines of a receipt",
});

/** `receipt.vatTable`: VAT table of a receipt. */
export const receiptVatTable = defineCall({
  id: "receipt.vatTable",
  area: "receipt",
  method: "GET",
  path: "/api/receipt-vat-table",
  query: receiptQuery,
  response: ok({ receiptId: Uuid, currencyId: CurrencyId, vatTable: z.array(VatRow) }),
  secure: false,
  summary: "VAT table of a receipt",
});

/** Calls of the receipt area. */
export const receiptCalls = {
  products: receiptProducts,
  vatTable: receiptVatTable,
} as const;
