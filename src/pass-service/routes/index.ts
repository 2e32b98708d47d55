/** Registers the handlers of every area of spec §7 that the reference service serves. */
import type { Hono } from "hono";
import type { ServiceDeps } from "../deps.ts";
import { registerTestGateway } from "../gateway.ts";
import type { HandlerTable } from "../http.ts";
import { registerBandRoutes } from "./band.ts";
import { registerEventRoutes } from "./event.ts";
import { registerGalleryRoutes } from "./gallery.ts";
import { registerIssuedRoutes } from "./issued.ts";
import { registerLineupRoutes } from "./lineup.ts";
import { registerOrderRoutes } from "./order.ts";
import { registerOrganizerRoutes } from "./organizer.ts";
import { registerPaymentRoutes } from "./payment.ts";
import { registerProductRoutes } from "./product.ts";
import { registerProgramRoutes } from "./program.ts";
import { registerReservationRoutes } from "./reservation.ts";
import { registerRootRoutes } from "./root.ts";
import { registerTicketRoutes } from "./ticket.ts";
import { registerV2EventRoutes } from "./v2-events.ts";
import { registerV2TicketRoutes } from "./v2-tickets.ts";

/** Fills the handler table (and adds non-contract routes such as /media/* to the app). */
export function registerRoutes(table: HandlerTable, deps: ServiceDeps, app: Hono): void {
  registerRootRoutes(table, deps, app);
  registerBandRoutes(table, deps);
  registerGalleryRoutes(table, deps);
  registerLineupRoutes(table, deps);
  registerProgramRoutes(table, deps);
  registerEventRoutes(table, deps);
  registerOrganizerRoutes(table, deps);
  registerV2EventRoutes(table, deps);
  registerTicketRoutes(table, deps);
  registerProductRoutes(table, deps);
  registerReservationRoutes(table, deps);
  registerV2TicketRoutes(table, deps);
  registerOrderRoutes(table, deps);
  registerPaymentRoutes(table, deps);
  registerIssuedRoutes(table, deps);
  // Payment providers' own routes, only for the providers configured (PAYMENT_PROVIDERS).
  if (deps.settings.paymentProviders.includes("test")) registerTestGateway(app, deps);
}
