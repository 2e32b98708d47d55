/** Ticket types of the theatre, culture, wine and sports events, and the seat price categories of seated ones. */
import type { Localized } from "../schema.ts";
import { type DemoPart, l } from "./common.ts";
import { hallSeatCount } from "./halls.ts";
import { EVENT, type EventKey, reservationCategoryId, SECTOR, ticketTypeId } from "./keys.ts";
import { THEATRE_BALCONY, THEATRE_STALLS } from "./seating.ts";
import { groupsOf, TICKET_NAME, ticketTypesOf } from "./tickets.ts";
import type { DemoContext } from "./time.ts";

/** Ticket type groups of the theatre, culture, wine and sports events. */
export function demoCultureTicketGroups(): DemoPart<"ticketTypeGroups"> {
  return [
    ...groupsOf("miser", ["tickets"]),
    ...groupsOf("littlePrince", ["tickets", "family"]),
    ...groupsOf("exhibition", ["tickets", "family"]),
    ...groupsOf("wineTasting", ["tickets"]),
    ...groupsOf("streetTheatre", ["tickets", "family"]),
    ...groupsOf("openAirCinema", ["tickets"]),
    ...groupsOf("wineHike", ["tickets", "vip"]),
    ...groupsOf("beachVolley", ["tickets"]),
  ];
}

/** Ticket types of the theatre, culture, wine and sports events; seated ones are bound to sectors. */
export function demoCultureTicketTypes(ctx: DemoContext): DemoPart<"ticketTypes"> {
  const { day } = ctx;
  const stalls = SECTOR.theatreStalls;
  const balcony = SECTOR.theatreBalcony;
  const stallsSeats = hallSeatCount(THEATRE_STALLS);
  const balconySeats = hallSeatCount(THEATRE_BALCONY);
  return [
    ...ticketTypesOf("miser", [
      {
        key: "parter",
        name: l(
          "Přízemí – plné vstupné",
          "Stalls – full price",
          "Parkett – Normalpreis",
          "Prízemie – plné vstupné",
        ),
        price: 59000,
        capacity: stallsSeats,
        group: "tickets",
        sectorId: stalls,
        category: "a",
      },
      {
        key: "parter-snizene",
        name: l(
          "Přízemí – studenti a senioři",
          "Stalls – students and seniors",
          "Parkett – Studierende und Senioren",
          "Prízemie – študenti a seniori",
        ),
        price: 39000,
        capacity: 60,
        group: "tickets",
        max: 4,
        sectorId: stalls,
        category: "a",
      },
      {
        key: "balkon",
        name: l("Balkon", "Balcony", "Balkon", "Balkón"),
        price: 39000,
        capacity: balconySeats,
        group: "tickets",
        sectorId: balcony,
        category: "b",
      },
    ]),
    ...ticketTypesOf("littlePrince", [
      {
        key: "dospely",
        name: l("Přízemí – dospělý", "Stalls – adult", "Parkett – Erwachsene", "Prízemie – dospelý"),
        price: 29000,
        capacity: stallsSeats,
        group: "tickets",
        sectorId: stalls,
        category: "parter",
      },
      {
        key: "dite",
        name: l(
          "Přízemí – dítě do 12 let",
          "Stalls – child under 12",
          "Parkett – Kind unter 12",
          "Prízemie – dieťa do 12 rokov",
        ),
        price: 19000,
        capacity: stallsSeats,
        group: "tickets",
        sectorId: stalls,
        category: "parter",
      },
      {
        key: "rodinna-balkon",
        name: l(
          "Rodinná vstupenka na balkon (od 3 osob)",
          "Family ticket, balcony (3 people or more)",
          "Familienticket Balkon (ab 3 Personen)",
          "Rodinná vstupenka na balkón (od 3 osôb)",
        ),
        description: l(
          "Cena za osobu, kupujte alespoň tři místa.",
          "Price per person; buy at least three seats.",
          "Preis pro Person; mindestens drei Plätze kaufen.",
          "Cena za osobu, kúpte aspoň tri miesta.",
        ),
        price: 22000,
        capacity: balconySeats,
        group: "family",
        min: 3,
        sectorId: balcony,
        category: "balkon",
      },
    ]),
    ...ticketTypesOf("exhibition", [
      {
        key: "plne",
        name: l("Plné vstupné", "Full price", "Normalpreis", "Plné vstupné"),
        price: 18000,
        capacity: 5000,
        group: "tickets",
      },
      {
        key: "snizene",
        name: l("Snížené vstupné", "Reduced price", "Ermäßigt", "Znížené vstupné"),
        price: 9000,
        capacity: 2000,
        group: "tickets",
      },
      {
        key: "rodinne",
        name: l(
          "Rodinné vstupné (2 + 2)",
          "Family ticket (2 + 2)",
          "Familienkarte (2 + 2)",
          "Rodinné vstupné (2 + 2)",
        ),
        price: 45000,
        capacity: 500,
        group: "family",
        max: 2,
      },
    ]),
    ...ticketTypesOf("wineTasting", [
      {
        key: "degustace",
        name: l(
          "Degustační vstupenka se skleničkou",
          "Tasting ticket with a glass",
          "Verkostungsticket mit Glas",
          "Degustačná vstupenka s pohárom",
        ),
        price: 2500,
        capacity: 80,
        group: "tickets",
      },
    ]),
    ...ticketTypesOf("streetTheatre", [
      {
        key: "denni",
        name: l("Celodenní vstupenka", "Day pass", "Tageskarte", "Celodenná vstupenka"),
        price: 1200,
        capacity: 1500,
        group: "tickets",
      },
      {
        key: "tridenni",
        name: l("Třídenní vstupenka", "Three-day pass", "Dreitageskarte", "Trojdňová vstupenka"),
        price: 2900,
        capacity: 800,
        group: "tickets",
      },
      {
        key: "detska",
        name: l(
          "Dětská celodenní vstupenka",
          "Child day pass",
          "Kindertageskarte",
          "Detská celodenná vstupenka",
        ),
        price: 600,
        capacity: 500,
        group: "tickets",
      },
      {
        key: "rodinna",
        name: l(
          "Rodinná celodenní vstupenka (2 + 2)",
          "Family day pass (2 + 2)",
          "Familientageskarte (2 + 2)",
          "Rodinná celodenná vstupenka (2 + 2)",
        ),
        price: 3000,
        capacity: 200,
        group: "family",
        max: 2,
      },
    ]),
    ...ticketTypesOf("openAirCinema", [
      { key: "vstupenka", name: TICKET_NAME.admission, price: 700, capacity: 400, group: "tickets" },
      {
        key: "pro-dva",
        name: l(
          "Vstupenka pro dva s dekou",
          "Ticket for two with a blanket",
          "Ticket für zwei mit Decke",
          "Vstupenka pre dvoch s dekou",
        ),
        price: 1800,
        capacity: 50,
        group: "tickets",
        max: 2,
      },
    ]),
    ...ticketTypesOf("wineHike", [
      {
        key: "vinarsky-pas",
        name: l(
          "Vinařský pas s osmi ochutnávkami",
          "Wine pass with eight tastings",
          "Weinwanderpass mit acht Verkostungen",
          "Vinársky pas s ôsmimi ochutnávkami",
        ),
        price: 4900,
        capacity: 1000,
        group: "tickets",
      },
      {
        key: "brunch",
        name: l("Brunch u vinaře", "Winegrower's brunch", "Winzerbrunch", "Brunch u vinára"),
        price: 8900,
        capacity: 60,
        group: "vip",
        max: 4,
        salesTo: day(44, 16),
      },
    ]),
    ...ticketTypesOf("beachVolley", [
      {
        key: "tribuna",
        name: l(
          "Tribuna – celý víkend",
          "Grandstand – whole weekend",
          "Tribüne – ganzes Wochenende",
          "Tribúna – celý víkend",
        ),
        price: 4900,
        capacity: 200,
        group: "tickets",
        sectorId: SECTOR.donauinselStand,
        category: "tribuna",
      },
      {
        key: "stani",
        name: l(
          "Stání u kurtu – denní vstupenka",
          "Courtside standing – day ticket",
          "Stehplatz am Platz – Tagesticket",
          "Státie pri kurte – denná vstupenka",
        ),
        price: 1900,
        capacity: 1000,
        group: "tickets",
        sectorId: SECTOR.donauinselStanding,
      },
    ]),
  ];
}

/** A seat price category drawn in `color` on the seat map, pointing at its main ticket type. */
function category(
  event: EventKey,
  key: string,
  name: Localized,
  color: string,
  ticketKey: string,
  order: number,
) {
  return {
    reservationCategoryId: reservationCategoryId(event, key),
    eventId: EVENT[event],
    name,
    color,
    ticketTypeId: ticketTypeId(event, ticketKey),
    displayOrder: order,
  };
}

/** Seat price categories of the seated events. */
export function demoReservationCategories(): DemoPart<"reservationCategories"> {
  return [
    category(
      "miser",
      "a",
      l("Kategorie A", "Category A", "Kategorie A", "Kategória A"),
      "#c0392b",
      "parter",
      0,
    ),
    category(
      "miser",
      "b",
      l("Kategorie B", "Category B", "Kategorie B", "Kategória B"),
      "#2e86c1",
      "balkon",
      1,
    ),
    category(
      "littlePrince",
      "parter",
      l("Přízemí", "Stalls", "Parkett", "Prízemie"),
      "#27ae60",
      "dospely",
      0,
    ),
    category(
      "littlePrince",
      "balkon",
      l("Balkon", "Balcony", "Balkon", "Balkón"),
      "#f1c40f",
      "rodinna-balkon",
      1,
    ),
    category(
      "tourPraha",
      "tribuna",
      l("Tribuna", "Grandstand", "Tribüne", "Tribúna"),
      "#8e44ad",
      "tribuna",
      0,
    ),
    category(
      "anniversary",
      "tribuna",
      l("Tribuna", "Grandstand", "Tribüne", "Tribúna"),
      "#8e44ad",
      "tribuna",
      0,
    ),
    category(
      "beachVolley",
      "tribuna",
      l("Tribuna", "Grandstand", "Tribüne", "Tribúna"),
      "#e67e22",
      "tribuna",
      0,
    ),
  ];
}
