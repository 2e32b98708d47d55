/**
 * Account area of spec §7, the account's own data (secure): its events, tickets, orders (newest first) and
 * chips, always of the token's account. The profile and login calls are served by ./account.ts.
 */
import { accountCalls } from "../../contract/account.ts";
import type { ServiceDeps } from "../deps.ts";
import { accountIdOf, type HandlerTable } from "../http.ts";
import { accountChips, accountEvents, accountOrders, accountTickets } from "../services/accounts/holdings.ts";

/** Registers the calls of the account's events, tickets, orders and chips. */
export function registerAccountDataRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(accountCalls.events, async (input) => ({
    events: await accountEvents(db, accountIdOf(input), input.locale, deps.clock.now()),
  }));
  table.serve(accountCalls.tickets, async (input) => ({
    tickets: await accountTickets(db, accountIdOf(input), input.locale),
  }));
  table.serve(accountCalls.orders, async (input) => ({
    orders: await accountOrders(db, accountIdOf(input), input.locale),
  }));
  table.serve(accountCalls.ticketsByEvent, async (input) => ({
    tickets: await accountTickets(db, accountIdOf(input), input.locale, input.query.eventId),
  }));
  table.serve(accountCalls.chipsByEvent, async (input) => ({
    chips: await accountChips(db, accountIdOf(input), input.query.eventId),
  }));
}
