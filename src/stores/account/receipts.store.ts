/**
 * Receipts of the account's paid orders (`order.receipts`), loaded when the buyer opens one in the list and
 * kept for the page's life.
 */
import { map } from "nanostores";
import type { ApiClient } from "../../client/index.ts";
import { orderReceipts } from "../../contract/order.ts";
import type { Receipt } from "../../contract/receipt.ts";
import { pageLogger } from "../page.ts";

/** One order's receipts: being loaded, loaded, or not loaded (the buyer may open it again to retry). */
export type ReceiptsState =
  | { status: "loading" }
  | { status: "ready"; receipts: Receipt[] }
  | { status: "error" };

/** Receipts by order id. */
export const $receipts = map<Record<string, ReceiptsState>>({});

/** Loads the receipts of one order, unless they are loaded or on their way. */
export async function loadReceipts(client: ApiClient, orderId: string): Promise<void> {
  const known = $receipts.get()[orderId];
  if (known && known.status !== "error") return;
  $receipts.setKey(orderId, { status: "loading" });
  try {
    const { receipts } = await client.call(orderReceipts, { query: { orderId } });
    $receipts.setKey(orderId, { status: "ready", receipts });
  } catch (error) {
    pageLogger("account").error("receipts not loaded", error);
    $receipts.setKey(orderId, { status: "error" });
  }
}
