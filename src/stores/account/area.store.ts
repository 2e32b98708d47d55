/**
 * The account area's data (`$area`): the account's orders, and its events with their tickets, chips and the
 * chip credit limit of each event that has chips. Loaded once the session hands its token to the client.
 */
import { map } from "nanostores";
import type { ApiClient } from "../../client/index.ts";
import { accountChipsByEvent, accountEvents, accountOrders, accountTickets } from "../../contract/account.ts";
import { orderDownloadTicket } from "../../contract/order.ts";
import type { OrderSummary } from "../../contract/order-model.ts";
import { organizerBySlug } from "../../contract/organizer.ts";
import type { Ticket } from "../../contract/ticket.ts";
import { ticketChipCreditLimit, ticketTypesExtraProducts } from "../../contract/ticket.ts";
import { topUpBounds } from "../../lib/order-limits.ts";
import { pageLogger } from "../page.ts";
import { type AccountEvent, groupTickets, ordersNewestFirst } from "./area.ts";

/** What the account area shows, and whether it is loaded. */
export interface AreaState {
  status: "idle" | "loading" | "ready" | "error";
  orders: OrderSummary[];
  events: AccountEvent[];
}

/** The account area's data. */
export const $area = map<AreaState>({ status: "idle", orders: [], events: [] });

/**
 * Chips of one event of the account, and what a top-up may load: the event's top-up product (the first in
 * display order), the bounds of one top-up (`topUpBounds`, the rule the service applies) and the version of
 * the organizer's terms of sale a top-up accepts.
 */
async function withChips(client: ApiClient, group: AccountEvent): Promise<AccountEvent> {
  const query = { eventId: group.event.eventId };
  const { chips } = await client.call(accountChipsByEvent, { query });
  if (chips.length === 0) return { ...group, chips };
  const [{ chipCreditLimit }, { chipProducts }, { organizer }] = await Promise.all([
    client.call(ticketChipCreditLimit, { query }),
    client.call(ticketTypesExtraProducts, { query }),
    client.call(organizerBySlug, { query: { organizerSlug: group.event.organizerSlug } }),
  ]);
  const termsVersion = organizer.termsOfSale?.version ?? null;
  const product = [...chipProducts].sort((a, b) => a.displayOrder - b.displayOrder)[0];
  if (!product) return { ...group, chips, chipCreditLimit, termsVersion };
  const bounds = topUpBounds(chipCreditLimit, product.amount);
  return {
    ...group,
    chips,
    chipCreditLimit: { ...bounds, eventId: product.eventId, currencyId: product.currencyId },
    topUpProductId: product.productItemId,
    termsVersion,
  };
}

/** Loads the orders, tickets and chips of the signed-in account into `$area`. */
export async function loadArea(client: ApiClient): Promise<void> {
  $area.setKey("status", "loading");
  try {
    const [{ orders }, { events }, { tickets }] = await Promise.all([
      client.call(accountOrders, {}),
      client.call(accountEvents, {}),
      client.call(accountTickets, {}),
    ]);
    const groups = await Promise.all(groupTickets(events, tickets).map((g) => withChips(client, g)));
    $area.set({ status: "ready", orders: ordersNewestFirst(orders), events: groups });
  } catch (error) {
    pageLogger("account").error("account area not loaded", error);
    $area.setKey("status", "error");
  }
}

/** Forgets the account area's data (on sign-out). */
export function resetArea(): void {
  $area.set({ status: "idle", orders: [], events: [] });
}

/** The address of one ticket's PDF (`order.downloadTicket`), as the order page links it. */
export function ticketPdfUrl(client: ApiClient, ticket: Pick<Ticket, "orderId" | "ticketId">): string {
  return client.url(orderDownloadTicket, {
    query: { orderId: ticket.orderId, ticketId: ticket.ticketId },
  });
}
