/**
 * The schema.org `Event` JSON-LD of an event page (https://schema.org/Event, Google's event rich results).
 * Pure functions over the contract's event data: the caller resolves absolute URLs.
 *
 * Choices:
 * - `eventStatus` is always `EventScheduled`: the contract has no cancelled, postponed or moved state.
 * - Offers: one `Offer` per ticket type, with the price in major units as a string ("890.00"). Availability
 *   follows the sales state, because Google's event offers know only InStock, SoldOut and PreOrder:
 *   not on sale yet (event or ticket type) → PreOrder; sold out, or sales over (event or ticket type) →
 *   SoldOut; otherwise InStock.
 * - Headliners come first among the performers; bands are `MusicGroup`s, performers `Person`s.
 */
import type { LineupBand, LineupPerformer } from "../../contract/band.ts";
import type { Event } from "../../contract/event.ts";
import type { TicketType } from "../../contract/ticket.ts";
import { country } from "../../lib/enums/index.ts";
import { currencyCode } from "../../lib/money.ts";
import { byBilling } from "./event-view.ts";

const SCHEMA = "https://schema.org";

/** What the JSON-LD needs besides the event: offers, line-up and absolute URLs. */
export interface EventJsonLdOptions {
  /** Ticket types of the event, one `Offer` each. */
  offers: readonly TicketType[];
  /** The line-up: bands and performers (headliners are put first). */
  performers: { bands: readonly LineupBand[]; performers: readonly LineupPerformer[] };
  /** Absolute URL of the event page. */
  url: string;
  /** Page language (`inLanguage`). */
  locale: string;
  /** Absolute URL of the cart page, the `url` of every offer (defaults to the event page). */
  cartUrl?: string;
  /** Absolute URL of the organizer's page. */
  organizerUrl?: string;
  /** Absolute URL of the poster. */
  imageUrl?: string | null;
  /** The moment availability is judged at (default: now). */
  now?: Date;
}

/** A JSON-LD object. */
export type JsonLd = Record<string, unknown>;

/** Formats minor units as a schema.org price in major units with two decimals, e.g. 89000 → "890.00". */
export function schemaPrice(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Not a price in minor units: ${minor}`);
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** The ISO 4217 code of a currency id, or undefined for a custom currency. */
function isoCurrency(currencyId: number): string | undefined {
  try {
    return currencyCode(currencyId);
  } catch {
    return undefined;
  }
}

/** The schema.org availability of a ticket type at `now`, from its own and its event's sales state. */
export function offerAvailability(
  event: Pick<Event, "salesState">,
  ticketType: TicketType,
  now: Date,
): string {
  const at = now.getTime();
  if (event.salesState === "upcoming") return `${SCHEMA}/PreOrder`;
  if (event.salesState === "ended" || event.salesState === "soldOut" || ticketType.soldOut) {
    return `${SCHEMA}/SoldOut`;
  }
  if (ticketType.salesTo && Date.parse(ticketType.salesTo) <= at) return `${SCHEMA}/SoldOut`;
  if (ticketType.salesFrom && Date.parse(ticketType.salesFrom) > at) return `${SCHEMA}/PreOrder`;
  return `${SCHEMA}/InStock`;
}

/** Drops keys whose value is undefined or null, so the JSON holds only what is known. */
function compact(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== null),
  );
}

/** The `Place` of the event's venue, or undefined for an event without one. */
function place(event: Event): JsonLd | undefined {
  const venue = event.venue;
  if (!venue) return undefined;
  const { address } = venue;
  return compact({
    "@type": "Place",
    name: venue.name,
    address: compact({
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      postalCode: address.postalCode,
      addressCountry: country.find(address.countryId)?.iso2,
    }),
    geo: venue.geo
      ? { "@type": "GeoCoordinates", latitude: venue.geo.lat, longitude: venue.geo.lng }
      : undefined,
  });
}

/** Builds the schema.org `Event` of an event page. */
export function eventJsonLd(event: Event, options: EventJsonLdOptions): JsonLd {
  const now = options.now ?? new Date();
  const cartUrl = options.cartUrl ?? options.url;
  const performers = [
    ...byBilling(options.performers.bands).map((band) =>
      compact({ "@type": "MusicGroup", name: band.name, genre: band.genre ?? undefined }),
    ),
    ...byBilling(options.performers.performers).map((person) =>
      compact({ "@type": "Person", name: person.name }),
    ),
  ];
  const offers = [...options.offers]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((ticketType) =>
      compact({
        "@type": "Offer",
        name: ticketType.namePub,
        category: ticketType.ticketTypeGroup?.namePub,
        price: schemaPrice(ticketType.price),
        priceCurrency: isoCurrency(ticketType.currencyId),
        availability: offerAvailability(event, ticketType, now),
        url: cartUrl,
        validFrom: ticketType.salesFrom ?? event.saleStartsAt ?? undefined,
      }),
    );
  return compact({
    "@context": SCHEMA,
    "@type": "Event",
    name: event.name,
    description: event.description.trim() || undefined,
    url: options.url,
    inLanguage: options.locale,
    startDate: event.startsAt,
    endDate: event.endsAt,
    doorTime: event.doorsAt ?? undefined,
    eventStatus: `${SCHEMA}/EventScheduled`,
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    location: place(event),
    image: options.imageUrl ? [options.imageUrl] : undefined,
    performer: performers.length > 0 ? performers : undefined,
    organizer: compact({ "@type": "Organization", name: event.organizer.name, url: options.organizerUrl }),
    offers: offers.length > 0 ? offers : undefined,
  });
}
