/**
 * The demo catalog: what a new installation shows after `npm start` and what the API tests run against.
 * Ids are fixed (`stableId` of readable slugs); only the dates move with `now`, so the demo always has a past
 * event, one going on, one this weekend, upcoming ones and one whose sale has not started yet.
 */
import { demoCoupons, demoDiscountCodes, demoSupercoupons } from "./demo/codes.ts";
import { demoDonauEvents, demoSummerEvents, demoTheatreEvents } from "./demo/events-culture.ts";
import { demoLoukaEvents, demoVltavaEvents } from "./demo/events-music.ts";
import { demoGalleries } from "./demo/galleries.ts";
import { demoEventGroups, demoOrganizers, demoOrgPartners } from "./demo/organizers.ts";
import { demoChipProducts, demoExtraProducts, demoProductGroups } from "./demo/products.ts";
import { demoBands, demoPerformers } from "./demo/profiles.ts";
import { demoProgramEntries, demoStages } from "./demo/program.ts";
import { demoMusicTicketGroups, demoMusicTicketTypes } from "./demo/tickets.ts";
import {
  demoCultureTicketGroups,
  demoCultureTicketTypes,
  demoReservationCategories,
} from "./demo/tickets-culture.ts";
import { demoContext } from "./demo/time.ts";
import { demoVenues } from "./demo/venues.ts";
import type { CatalogInput } from "./schema.ts";

/** The demo catalog with dates relative to `now` (a new object on every call). */
export function demoCatalog(now: Date): CatalogInput {
  const ctx = demoContext(now);
  return {
    version: 1,
    organizers: demoOrganizers(),
    orgPartners: demoOrgPartners(),
    eventGroups: demoEventGroups(),
    venues: demoVenues(),
    events: [
      ...demoVltavaEvents(ctx),
      ...demoLoukaEvents(ctx),
      ...demoTheatreEvents(ctx),
      ...demoSummerEvents(ctx),
      ...demoDonauEvents(ctx),
    ],
    ticketTypeGroups: [...demoMusicTicketGroups(), ...demoCultureTicketGroups()],
    ticketTypes: [...demoMusicTicketTypes(ctx), ...demoCultureTicketTypes(ctx)],
    reservationCategories: demoReservationCategories(),
    productGroups: demoProductGroups(),
    extraProducts: demoExtraProducts(),
    chipProducts: demoChipProducts(),
    coupons: demoCoupons(ctx),
    supercoupons: demoSupercoupons(ctx),
    discountCodes: demoDiscountCodes(ctx),
    bands: demoBands(),
    performers: demoPerformers(),
    galleries: demoGalleries(),
    stages: demoStages(),
    programEntries: demoProgramEntries(ctx),
  };
}
