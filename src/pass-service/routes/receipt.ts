/** Receipt area of spec §7: a receipt's lines and its VAT table. */
import { receiptCalls } from "../../contract/receipt.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { receiptById } from "../services/receipts.ts";

/** Registers the calls of the receipt area. */
export function registerReceiptRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;
  const receipt = (receiptId: string, locale: Parameters<typeof receiptById>[2]) =>
    receiptById(db, receiptId, locale, deps.settings.publicUrl, deps.clock.now());

  table.serve(receiptCalls.products, async ({ query, locale }) => {
    const { receiptId, currencyId, lines } = await receipt(query.receiptId, locale);
    return { receiptId, currencyId, lines };
  });

  table.serve(receiptCalls.vatTable, async ({ query, locale }) => {
    const { receiptId, currencyId, vatTable } = await receipt(query.receiptId, locale);
    return { receiptId, currencyId, vatTable };
  });
}
