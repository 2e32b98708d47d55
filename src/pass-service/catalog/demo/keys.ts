/**
 * Ids of the demo catalog that several parts refer to: each is a `stableId` of a kind and a readable slug,
 * so they never depend on the clock.
 */
import { stableId } from "../ids.ts";

/** Builds an id map `{ key: stableId(kind, slug) }` from a map of slugs. */
function idsOf<K extends string>(kind: string, slugs: Record<K, string>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(slugs) as K[]) out[key] = stableId(kind, slugs[key]);
  return out;
}

/** Slugs of the demo organizers. */
export const ORG_SLUG = {
  vltava: "agentura-vltava",
  louka: "louka-open-air",
  divadlo: "divadlo-na-nabrezi",
  leto: "kulturne-leto-bratislava",
  donau: "donau-events",
} as const;

/** A demo organizer. */
export type OrgKey = keyof typeof ORG_SLUG;

/** Ids of the demo organizers. */
export const ORG = idsOf("organizer", ORG_SLUG);

/** Slugs of the demo event groups. */
export const GROUP_SLUG = {
  tour: "turne-na-sever",
  festival: "louka-open-air-festival",
  season: "divadelni-sezona",
  upcoming: "pripravovane-turne",
} as const;

/** Ids of the demo event groups. */
export const GROUP = idsOf("event-group", GROUP_SLUG);

/** Slugs of the demo venues (used only for their ids). */
export const VENUE_SLUG = {
  arena: "arena-holesovice",
  sklep: "klub-sklep-brno",
  trojhali: "klub-trojhali-ostrava",
  dunaj: "klub-dunaj-bratislava",
  jazz: "jazz-club-vinohrady",
  divadlo: "divadlo-na-nabrezi",
  louka: "festivalova-louka-palava",
  kemp: "kemp-pod-hradem",
  namestie: "hlavne-namestie-bratislava",
  kino: "letne-kino-na-hradzi",
  durnstein: "altstadt-duernstein",
  donauinsel: "sportpark-donauinsel",
} as const;

/** A demo venue. */
export type VenueKey = keyof typeof VENUE_SLUG;

/** Ids of the demo venues. */
export const VENUE = idsOf("venue", VENUE_SLUG);

/** Ids of the sectors of demo venues. */
export const SECTOR = {
  arenaFloor: stableId("sector", VENUE_SLUG.arena, "plocha"),
  arenaStand: stableId("sector", VENUE_SLUG.arena, "tribuna"),
  theatreStalls: stableId("sector", VENUE_SLUG.divadlo, "parter"),
  theatreBalcony: stableId("sector", VENUE_SLUG.divadlo, "balkon"),
  donauinselStand: stableId("sector", VENUE_SLUG.donauinsel, "tribuene"),
  donauinselStanding: stableId("sector", VENUE_SLUG.donauinsel, "stehplaetze"),
} as const;

/** Slugs of the demo events; unique across the catalog, so each is also unique per organizer. */
export const EVENT_SLUG = {
  tourPraha: "turne-na-sever-praha",
  tourBrno: "turne-na-sever-brno",
  tourOstrava: "turne-na-sever-ostrava",
  tourBratislava: "turne-na-sever-bratislava",
  jazzNight: "vikendova-jazzova-noc",
  anniversary: "polarni-zare-20-let",
  privateShow: "koncert-pro-partnery",
  festival: "louka-open-air",
  festivalCredit: "louka-open-air-kredit",
  warmUp: "louka-warm-up-party",
  beer: "pivni-slavnosti-pod-hradem",
  miser: "lakomec",
  littlePrince: "maly-princ",
  exhibition: "vystava-divadelnich-plakatu",
  wineTasting: "degustacia-vin-malych-karpat",
  streetTheatre: "festival-poulicneho-divadla",
  openAirCinema: "letne-kino-na-hradzi",
  wineHike: "wachauer-weinwandertag",
  beachVolley: "beachvolleyball-cup-donauinsel",
} as const;

/** A demo event. */
export type EventKey = keyof typeof EVENT_SLUG;

/** Ids of the demo events. */
export const EVENT = idsOf("event", EVENT_SLUG);

/** Slugs of the demo bands (profile slugs). */
export const BAND_SLUG = {
  polarni: "polarni-zare",
  straz: "hradni-straz",
  ocel: "ocelove-srdce",
  vlny: "dunajske-vlny",
  kvartet: "kvartet-vinohrady",
  ovce: "elektricke-ovce",
  bubenici: "bubenici-z-palavy",
  blechbande: "wiener-blechbande",
  polana: "ludova-muzika-polana",
} as const;

/** A demo band. */
export type BandKey = keyof typeof BAND_SLUG;

/** Ids of the demo bands. */
export const BAND = idsOf("band", BAND_SLUG);

/** Slugs of the demo performers (profile slugs). */
export const PERFORMER_SLUG = {
  klara: "klara-horakova",
  tomas: "tomas-benes",
  martin: "martin-kovac",
  jana: "jana-dvorakova",
  lukas: "lukas-gruber",
  petra: "petra-simkova",
  jiri: "jiri-prochazka",
  zuzana: "zuzana-hudakova",
} as const;

/** A demo performer. */
export type PerformerKey = keyof typeof PERFORMER_SLUG;

/** Ids of the demo performers. */
export const PERFORMER = idsOf("performer", PERFORMER_SLUG);

/** Slugs of the demo galleries. */
export const GALLERY_SLUG = {
  warmUp: "louka-warm-up-fotky",
  festival: "louka-open-air-ohlednuti",
  polarni: "polarni-zare-na-koncertech",
  exhibition: "vystava-plakatu-ukazky",
} as const;

/** A demo gallery. */
export type GalleryKey = keyof typeof GALLERY_SLUG;

/** Ids of the demo galleries. */
export const GALLERY = idsOf("gallery", GALLERY_SLUG);

/** Id of a ticket type of a demo event, e.g. `ticketTypeId("tourPraha", "vip")`. */
export function ticketTypeId(event: EventKey, key: string): string {
  return stableId("ticket-type", EVENT_SLUG[event], key);
}

/** Id of a ticket type group of a demo event. */
export function ticketGroupId(event: EventKey, key: string): string {
  return stableId("ticket-type-group", EVENT_SLUG[event], key);
}

/** Id of a reservation category of a demo event. */
export function reservationCategoryId(event: EventKey, key: string): string {
  return stableId("reservation-category", EVENT_SLUG[event], key);
}

/** Id of an extra product of a demo event. */
export function productId(event: EventKey, key: string): string {
  return stableId("extra-product", EVENT_SLUG[event], key);
}

/** Id of a product group of a demo event. */
export function productGroupId(event: EventKey, key: string): string {
  return stableId("product-group", EVENT_SLUG[event], key);
}

/** Id of a chip product of a demo event. */
export function chipProductId(event: EventKey, key: string): string {
  return stableId("chip-product", EVENT_SLUG[event], key);
}

/** Id of a stage of a demo event. */
export function stageId(event: EventKey, key: string): string {
  return stableId("stage", EVENT_SLUG[event], key);
}
