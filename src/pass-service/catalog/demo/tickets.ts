/** Ticket type groups and ticket types of the demo music events (prices in minor units of the event currency). */
import { itemType } from "../../../lib/enums/index.ts";
import type { Locale } from "../../../lib/i18n/config.ts";
import { formatDate } from "../../../lib/i18n/format.ts";
import type { Localized } from "../schema.ts";
import { type DemoItem, type DemoPart, l, same } from "./common.ts";
import { FESTIVAL_DAY } from "./events-music.ts";
import { hallSeatCount } from "./halls.ts";
import { EVENT, type EventKey, reservationCategoryId, SECTOR, ticketGroupId, ticketTypeId } from "./keys.ts";
import { ARENA_STAND } from "./seating.ts";
import type { DemoContext } from "./time.ts";

type TicketType = DemoItem<"ticketTypes">;

/** Names of the ticket type groups. */
export const GROUP_NAME = {
  tickets: l("Vstupenky", "Tickets", "Tickets", "Vstupenky"),
  vip: same("VIP"),
  family: l("Rodinné", "Family", "Familie", "Rodinné"),
  packages: l("Balíčky", "Packages", "Pakete", "Balíčky"),
} as const;

/** A group key of `GROUP_NAME`. */
export type GroupKey = keyof typeof GROUP_NAME;

/** The ticket type groups of an event, in the order given. */
export function groupsOf(event: EventKey, keys: GroupKey[]): DemoPart<"ticketTypeGroups"> {
  return keys.map((key, displayOrder) => ({
    ticketTypeGroupId: ticketGroupId(event, key),
    eventId: EVENT[event],
    namePub: GROUP_NAME[key],
    displayOrder,
  }));
}

/** What a ticket type needs besides its event; `group`, `sector` and `category` are keys, not ids. */
export interface TicketSpec {
  key: string;
  name: Localized;
  price: number;
  capacity: number;
  group?: GroupKey;
  description?: Localized;
  min?: number;
  max?: number;
  itemTypeId?: number;
  sectorId?: string;
  category?: string;
  salesFrom?: string;
  salesTo?: string;
}

/** The ticket types of an event, in the order given (six per order unless `max` says otherwise). */
export function ticketTypesOf(event: EventKey, specs: TicketSpec[]): TicketType[] {
  return specs.map((s, displayOrder) => ({
    ticketTypeId: ticketTypeId(event, s.key),
    eventId: EVENT[event],
    ...(s.group ? { ticketTypeGroupId: ticketGroupId(event, s.group) } : {}),
    namePub: s.name,
    ...(s.description ? { description: s.description } : {}),
    price: s.price,
    capacity: s.capacity,
    minPerOrder: s.min ?? 1,
    maxPerOrder: s.max ?? 6,
    itemTypeId: s.itemTypeId ?? itemType.id.EVENT_ENTRY,
    ...(s.sectorId ? { sectorId: s.sectorId } : {}),
    ...(s.category ? { reservationCategoryId: reservationCategoryId(event, s.category) } : {}),
    ...(s.salesFrom ? { salesFrom: s.salesFrom } : {}),
    ...(s.salesTo ? { salesTo: s.salesTo } : {}),
    displayOrder,
  }));
}

/**
 * The name of a one-day ticket: the day it admits to, as the buyer's calendar shows it ("sobota 24. ledna"),
 * not "day two" of a festival whose first day the buyer has to look up.
 */
export function dayTicketName(validOn: string): Localized {
  const date = (locale: Locale) =>
    formatDate(validOn, locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "Europe/Prague",
    });
  return l(
    `Jednodenní vstupenka – ${date("cs")}`,
    `One-day ticket – ${date("en")}`,
    `Tagesticket – ${date("de")}`,
    `Jednodňová vstupenka – ${date("sk")}`,
  );
}

/** Names shared by several events. */
export const TICKET_NAME = {
  standing: l("Stání", "Standing", "Stehplatz", "Státie"),
  admission: l("Vstupné", "Admission", "Eintritt", "Vstupné"),
  vip: l(
    "VIP vstup s welcome drinkem",
    "VIP entry with a welcome drink",
    "VIP-Eintritt mit Begrüßungsgetränk",
    "VIP vstup s welcome drinkom",
  ),
  stand: l("Sezení na tribuně", "Grandstand seat", "Sitzplatz auf der Tribüne", "Sedenie na tribúne"),
} as const;

/** Ticket type groups of the music events. */
export function demoMusicTicketGroups(): DemoPart<"ticketTypeGroups"> {
  return [
    ...groupsOf("tourPraha", ["tickets", "vip"]),
    ...groupsOf("tourBrno", ["tickets", "vip"]),
    ...groupsOf("tourOstrava", ["tickets"]),
    ...groupsOf("tourBratislava", ["tickets", "vip"]),
    ...groupsOf("jazzNight", ["tickets"]),
    ...groupsOf("anniversary", ["tickets", "vip"]),
    ...groupsOf("festival", ["packages", "tickets", "vip", "family"]),
    ...groupsOf("warmUp", ["tickets"]),
    ...groupsOf("beer", ["tickets"]),
  ];
}

/** Ticket types of the music events: the tour sells a meet & greet of five places, meant to sell out. */
export function demoMusicTicketTypes(ctx: DemoContext): DemoPart<"ticketTypes"> {
  const { day } = ctx;
  const floor = SECTOR.arenaFloor;
  const stand = SECTOR.arenaStand;
  const standSeats = hallSeatCount(ARENA_STAND);
  return [
    ...ticketTypesOf("tourPraha", [
      {
        key: "stani",
        name: TICKET_NAME.standing,
        price: 89000,
        capacity: 2000,
        group: "tickets",
        sectorId: floor,
      },
      {
        key: "stani-prvni-vlna",
        name: l(
          "Stání – první vlna",
          "Standing – early bird",
          "Stehplatz – Frühbucher",
          "Státie – prvá vlna",
        ),
        price: 69000,
        capacity: 300,
        group: "tickets",
        sectorId: floor,
        salesFrom: day(-30, 8),
        salesTo: day(7, 22),
      },
      {
        key: "vip",
        name: TICKET_NAME.vip,
        price: 249000,
        capacity: 100,
        group: "vip",
        max: 4,
        sectorId: floor,
      },
      {
        key: "setkani-s-kapelou",
        name: l(
          "Setkání s kapelou",
          "Meet & greet with the band",
          "Meet & Greet mit der Band",
          "Stretnutie s kapelou",
        ),
        description: l(
          "Jen pět míst: společná fotka a podpis alba po koncertě.",
          "Only five places: a photo together and a signed album after the show.",
          "Nur fünf Plätze: ein gemeinsames Foto und ein signiertes Album nach dem Konzert.",
          "Len päť miest: spoločná fotka a podpis albumu po koncerte.",
        ),
        price: 390000,
        capacity: 5,
        group: "vip",
        max: 2,
      },
      {
        key: "tribuna",
        name: TICKET_NAME.stand,
        price: 119000,
        capacity: standSeats,
        group: "tickets",
        sectorId: stand,
        category: "tribuna",
      },
    ]),
    ...ticketTypesOf("tourBrno", [
      { key: "stani", name: TICKET_NAME.standing, price: 79000, capacity: 600, group: "tickets" },
      { key: "vip", name: TICKET_NAME.vip, price: 199000, capacity: 40, group: "vip", max: 4 },
    ]),
    ...ticketTypesOf("tourOstrava", [
      { key: "stani", name: TICKET_NAME.standing, price: 79000, capacity: 800, group: "tickets" },
    ]),
    ...ticketTypesOf("tourBratislava", [
      { key: "stani", name: TICKET_NAME.standing, price: 3500, capacity: 700, group: "tickets" },
      { key: "vip", name: TICKET_NAME.vip, price: 8900, capacity: 50, group: "vip", max: 4 },
    ]),
    ...ticketTypesOf("jazzNight", [
      { key: "vstupne", name: TICKET_NAME.admission, price: 35000, capacity: 100, group: "tickets" },
      {
        key: "studentske",
        name: l("Studentské vstupné", "Student admission", "Studentenermäßigung", "Študentské vstupné"),
        price: 25000,
        capacity: 20,
        group: "tickets",
        max: 2,
      },
    ]),
    ...ticketTypesOf("anniversary", [
      {
        key: "stani",
        name: TICKET_NAME.standing,
        price: 99000,
        capacity: 2000,
        group: "tickets",
        sectorId: floor,
      },
      {
        key: "vip",
        name: TICKET_NAME.vip,
        price: 299000,
        capacity: 200,
        group: "vip",
        max: 4,
        sectorId: floor,
      },
      {
        key: "tribuna",
        name: TICKET_NAME.stand,
        price: 129000,
        capacity: standSeats,
        group: "tickets",
        sectorId: stand,
        category: "tribuna",
      },
    ]),
    ...ticketTypesOf("privateShow", [
      {
        key: "pozvanka",
        name: l("Vstupenka na pozvánku", "Invitation ticket", "Einladungsticket", "Vstupenka na pozvánku"),
        price: 0,
        capacity: 80,
        max: 2,
      },
    ]),
    ...ticketTypesOf("festival", [
      {
        key: "balicek",
        name: l(
          "Festivalový balíček: vstup, kemp a parkování",
          "Festival package: entry, camping and parking",
          "Festivalpaket: Eintritt, Camping und Parken",
          "Festivalový balíček: vstup, kemp a parkovanie",
        ),
        description: l(
          "Třídenní vstup, místo pro stan a parkovací místo pro jedno auto.",
          "Three-day entry, a tent pitch and a parking space for one car.",
          "Dreitägiger Eintritt, ein Zeltplatz und ein Parkplatz für ein Auto.",
          "Trojdňový vstup, miesto pre stan a parkovacie miesto pre jedno auto.",
        ),
        price: 329000,
        capacity: 800,
        group: "packages",
        max: 4,
      },
      {
        key: "tridenni",
        name: l("Třídenní vstupenka", "Three-day ticket", "Dreitagesticket", "Trojdňová vstupenka"),
        price: 249000,
        capacity: 2000,
        group: "tickets",
      },
      {
        key: "jednodenni",
        name: dayTicketName(day(FESTIVAL_DAY + 1, 12)),
        price: 119000,
        capacity: 1000,
        group: "tickets",
        salesTo: day(FESTIVAL_DAY + 1, 12),
      },
      {
        key: "kemp",
        name: l(
          "Místo ve stanovém městečku",
          "Tent pitch in the camping village",
          "Zeltplatz im Zeltdorf",
          "Miesto v stanovom mestečku",
        ),
        price: 39000,
        capacity: 800,
        group: "tickets",
        max: 4,
        itemTypeId: itemType.id.ZONE,
      },
      {
        key: "vip",
        name: l(
          "VIP třídenní vstupenka",
          "Three-day VIP ticket",
          "Dreitages-VIP-Ticket",
          "Trojdňová VIP vstupenka",
        ),
        price: 499000,
        capacity: 150,
        group: "vip",
        max: 4,
      },
      {
        key: "rodinna",
        name: l(
          "Rodinná vstupenka (2 dospělí + 2 děti)",
          "Family ticket (2 adults + 2 children)",
          "Familienticket (2 Erwachsene + 2 Kinder)",
          "Rodinná vstupenka (2 dospelí + 2 deti)",
        ),
        price: 599000,
        capacity: 100,
        group: "family",
        max: 2,
      },
    ]),
    ...ticketTypesOf("warmUp", [
      { key: "vstupne", name: TICKET_NAME.admission, price: 29000, capacity: 300, group: "tickets" },
    ]),
    ...ticketTypesOf("beer", [
      {
        key: "vstupne",
        name: l("Vstupné na oba dny", "Two-day admission", "Eintritt für beide Tage", "Vstupné na oba dni"),
        price: 25000,
        capacity: 1500,
        group: "tickets",
      },
      {
        key: "s-pullitrem",
        name: l(
          "Vstupné s degustačním půllitrem",
          "Admission with a tasting glass",
          "Eintritt mit Verkostungskrug",
          "Vstupné s degustačným pollitrom",
        ),
        price: 39000,
        capacity: 500,
        group: "tickets",
      },
    ]),
  ];
}
