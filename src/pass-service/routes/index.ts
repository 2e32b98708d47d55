/**
 * Registers the handlers of every area of spec §7 that the reference service serves: one file per contract
 * module (`src/contract/<area>.ts` ↔ `./<area>.ts`). Calls are mounted in contract order whatever the order
 * here.
 */
import type { Hono } from "hono";
import type { ServiceDeps } from "../deps.ts";
import { registerTestGateway } from "../gateway.ts";
import type { HandlerTable } from "../http.ts";
import { registerAccountRoutes } from "./account.ts";
import { registerAccountDataRoutes } from "./account-data.ts";
import { registerAuthRoutes } from "./auth.ts";
import { registerBandRoutes } from "./band.ts";
import { registerEventRoutes } from "./event.ts";
import { registerGalleryRoutes } from "./gallery.ts";
import { registerOrderRoutes } from "./order.ts";
import { registerOrganizerRoutes } from "./organizer.ts";
import { registerPaymentRoutes } from "./payment.ts";
import { registerProductRoutes } from "./product.ts";
import { registerProgramRoutes } from "./program.ts";
import { registerReceiptRoutes } from "./receipt.ts";
import { registerReservationRoutes } from "./reservation.ts";
import { registerRootRoutes } from "./root.ts";
import { registerTicketRoutes } from "./ticket.ts";
import { registerV2Routes } from "./v2.ts";

/** Fills the handler table (and adds non-contract routes such as /media/* to the app). */
export function registerRoutes(table: HandlerTable, deps: ServiceDeps, app: Hono): void {
  registerRootRoutes(table, deps, app);
  registerAccountRoutes(table, deps);
  registerAuthRoutes(table, deps);
  registerAccountDataRoutes(table, deps);
  registerBandRoutes(table, deps);
  registerEventRoutes(table, deps);
  registerGalleryRoutes(table, deps);
  registerOrderRoutes(table, deps);
  registerOrganizerRoutes(table, deps);
  registerPaymentRoutes(table, deps);
  registerProductRoutes(table, deps);
  registerProgramRoutes(table, deps);
  registerReceiptRoutes(table, deps);
  registerReservationRoutes(table, deps);
  registerTicketRoutes(table, deps);
  registerV2Routes(table, deps);
  // Payment providers' own routes, only for the providers configured (PAYMENT_PROVIDERS).
  if (deps.settings.paymentProviders.includes("test")) registerTestGateway(app, deps);
}
