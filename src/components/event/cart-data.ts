/**
 * What the cart pages (the cart and the demo cart) fetch for an event through the pass client: the catalog
 * the cart island starts from, and the seat categories and sectors of a seated venue. No Astro, no fetch.
 */
import type { ApiClient } from "../../client/index.ts";
import type { Event } from "../../contract/event.ts";
import { CALLS } from "../../contract/index.ts";
import type { Organizer } from "../../contract/organizer.ts";
import type { ReservationCategory, Sector } from "../../contract/reservation.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { cartTermsOf } from "../../lib/legal.ts";
import type { CartCatalog } from "../../stores/cart/state.ts";

/** The data of a cart page besides the event. */
export interface CartPageData {
  catalog: CartCatalog;
  /** The organizer selling the tickets (its seller data and terms). */
  organizer: Organizer;
  categories: ReservationCategory[];
  sectors: Sector[];
}

/** Fetches what the cart of an event sells, its payment methods and its seating. */
export async function loadCartPageData(pass: ApiClient, event: Event, locale: Locale): Promise<CartPageData> {
  const { eventId } = event;
  const params = { eventId };
  const [
    { ticketTypes, ticketTypeGroups },
    extras,
    { chipCreditLimit },
    { paymentMethods },
    seating,
    { organizer },
  ] = await Promise.all([
    pass.call(CALLS["v2.eventTicketTypes"], { params }),
    pass.call(CALLS["v2.eventExtraProducts"], { params }),
    pass.call(CALLS["ticket.chipCreditLimit"], { query: { eventId } }),
    pass.call(CALLS["event.paymentMethods"], { params }),
    event.hasSeatMap
      ? Promise.all([
          pass.call(CALLS["v2.eventReservationCategories"], { params }),
          pass.call(CALLS["event.sectors"], { params }),
        ])
      : Promise.resolve(null),
    pass.call(CALLS["organizer.bySlug"], { query: { organizerSlug: event.organizerSlug } }),
  ]);
  const sectors = seating?.[1].sectors ?? [];
  const seatedSectors = new Set(sectors.filter((s) => s.kind === "seated").map((s) => s.sectorId));
  return {
    catalog: {
      eventId,
      currencyId: event.currencyId,
      ticketTypes,
      ticketTypeGroups,
      extraProducts: extras.extraProducts,
      productGroups: extras.productGroups,
      chipProducts: extras.chipProducts,
      chipCreditLimit,
      paymentMethods,
      seatedTicketTypeIds: ticketTypes
        .filter((t) => t.sectorId !== null && seatedSectors.has(t.sectorId))
        .map((t) => t.ticketTypeId),
      salesState: event.salesState,
      saleStartsAt: event.saleStartsAt,
      terms: cartTermsOf(locale, event.organizerSlug, organizer.termsOfSale?.version ?? null),
    },
    organizer,
    categories: seating?.[0].reservationCategories ?? [],
    sectors,
  };
}
