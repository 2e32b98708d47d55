/**
 * Pure helpers of the event and cart pages: what to show, in which order, in which words. No Astro, no fetch.
 */
import type { LineupBand, LineupPerformer } from "../../contract/band.ts";
import type { Geo } from "../../contract/common.ts";
import type { Event } from "../../contract/event.ts";
import type { ProgramEntry, Stage } from "../../contract/program.ts";
import type { TicketType, TicketTypeGroup } from "../../contract/ticket.ts";
import { fitTitle } from "../../layouts/seo.ts";
import { rememberIn } from "../../lib/bounded-memo.ts";
import { type EnumDefinition, type EnumEntry, eventType } from "../../lib/enums/index.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { formatDate, formatDateRange, formatDateTime, formatTime, getT } from "../../lib/i18n/index.ts";
import { type CurrencyId, formatMoney, formatPriceRange } from "../../lib/money.ts";

/** The OpenStreetMap page centred on a point with a marker (zoom 16). */
export function osmUrl(geo: Geo): string {
  return `https://www.openstreetmap.org/?mlat=${geo.lat}&mlon=${geo.lng}#map=16/${geo.lat}/${geo.lng}`;
}

/** Label of an enumeration id, or null for an id the enumeration does not know (a custom value). */
export function enumLabel<E extends EnumEntry>(
  enumeration: EnumDefinition<E>,
  id: number | null | undefined,
  locale: Locale,
): string | null {
  return id != null && enumeration.has(id) ? enumeration.label(id, locale) : null;
}

/** Formats minor units of a contract currency id (1–5) for a locale. */
export function money(minor: number, currencyId: number, locale: Locale): string {
  return formatMoney(minor, currencyId as CurrencyId, locale);
}

/** Formats a price range of a contract currency id; equal ends give one price. */
export function moneyRange(min: number, max: number, currencyId: number, locale: Locale): string {
  return formatPriceRange(min, max, currencyId as CurrencyId, locale);
}

/** One YYYY-MM-DD formatter per time zone (building an Intl formatter costs far more than using one). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of a moment in a time zone, as YYYY-MM-DD. */
function dayOf(value: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(value));
}

/** True when both moments fall on the same calendar day in the time zone. */
export function sameDay(a: string, b: string, timeZone: string): boolean {
  return dayOf(a, timeZone) === dayOf(b, timeZone);
}

/** How many calendar days a span touches in a time zone (1 when it starts and ends on the same day). */
export function calendarDays(startsAt: string, endsAt: string, timeZone: string): number {
  const day = (value: string) => Date.parse(`${dayOf(value, timeZone)}T00:00:00Z`);
  return Math.round((day(endsAt) - day(startsAt)) / ONE_DAY_MS) + 1;
}

/** Dates and times of an event as the page shows them, in the event's time zone. */
export interface EventWhen {
  /** "6 December 2026" or "21–23 January 2027". */
  date: string;
  /** "19:00–21:30" on one day; the start time of an event spanning days. */
  time: string;
  /** True when the event spans several calendar days (then `time` is its start). */
  multiDay: boolean;
  /** "18:30", or null without a doors time. */
  doors: string | null;
}

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/** Dates and times worked out so far, by locale and moments (`rememberIn`). */
const whens = new Map<string, Readonly<EventWhen>>();

/** Dates and times of events kept at most: an event's pages ask for its own several times (title, facts…). */
const WHENS_MAX = 2_000;

/**
 * Dates and times of an event in a locale: one day, one night (ends the next morning) or several days. Worked
 * out once per locale and moments: each of an event's pages asks for them three to five times (its title's
 * candidates, its description, its facts), and each is six to nine formattings.
 */
export function eventWhen(
  event: Pick<Event, "startsAt" | "endsAt" | "doorsAt" | "timezone">,
  locale: Locale,
): Readonly<EventWhen> {
  const key = `${locale}|${event.startsAt}|${event.endsAt}|${event.doorsAt ?? ""}|${event.timezone}`;
  return rememberIn(whens, key, WHENS_MAX, () => Object.freeze(whenOf(event, locale)));
}

function whenOf(
  event: Pick<Event, "startsAt" | "endsAt" | "doorsAt" | "timezone">,
  locale: Locale,
): EventWhen {
  const timeZone = event.timezone;
  const time = (value: string) => formatTime(value, locale, { timeStyle: "short", timeZone });
  const doors = event.doorsAt ? time(event.doorsAt) : null;
  const oneDate = formatDate(event.startsAt, locale, { dateStyle: "long", timeZone });
  if (sameDay(event.startsAt, event.endsAt, timeZone)) {
    const span = formatDateRange(event.startsAt, event.endsAt, locale, { timeStyle: "short", timeZone });
    return { date: oneDate, time: span, multiDay: false, doors };
  }
  if (Date.parse(event.endsAt) - Date.parse(event.startsAt) < ONE_DAY_MS) {
    return { date: oneDate, time: `${time(event.startsAt)}–${time(event.endsAt)}`, multiDay: false, doors };
  }
  const range = formatDateRange(event.startsAt, event.endsAt, locale, { dateStyle: "long", timeZone });
  return { date: range, time: time(event.startsAt), multiDay: true, doors };
}

/** The event's date span in the short style ("12–14 Jun 2026"), in its time zone. */
function shortDate(event: Pick<Event, "startsAt" | "endsAt" | "timezone">, locale: Locale): string {
  return formatDateRange(event.startsAt, event.endsAt, locale, {
    dateStyle: "medium",
    timeZone: event.timezone,
  });
}

/**
 * The event page's title: the most informative that fits: without the city when the name already says it
 * ("… – Prague"), then with a shorter date, then without the city, then the name alone.
 */
export function eventTitle(
  event: Pick<Event, "name" | "startsAt" | "endsAt" | "doorsAt" | "timezone" | "venue" | "city">,
  locale: Locale,
  brand: string,
): string {
  const t = getT(locale);
  const city = event.venue?.address.city ?? event.city;
  const cityInName = city
    ? event.name.toLocaleLowerCase(locale).includes(city.toLocaleLowerCase(locale))
    : false;
  const name = event.name;
  // Most informative first, each built only if the ones before do not fit.
  function* candidates(): Generator<string> {
    const long = eventWhen(event, locale).date;
    if (city && !cityInName) yield t("event.seoTitle", { name, city, date: long, brand });
    const short = shortDate(event, locale);
    if (city && !cityInName) yield t("event.seoTitle", { name, city, date: short, brand });
    yield t("event.seoTitleNoCity", { name, date: long, brand });
    yield t("event.seoTitleNoCity", { name, date: short, brand });
    yield t("event.seoTitleShort", { name, brand });
  }
  return fitTitle(candidates(), name, ` | ${brand}`);
}

/** True for an event that sells chip credit only (event type "credit recharge"): its pages speak of credit, not tickets. */
export function isCreditEvent(event: Pick<Event, "eventTypeId">): boolean {
  return event.eventTypeId === eventType.id.CREDIT_RECHARGE;
}

/** The locale keys of the cart page's words: a credit event's (under `chips.`) or the tickets' (under `cart.`). */
function cartKeys(event: Pick<Event, "eventTypeId">) {
  return isCreditEvent(event)
    ? {
        title: "chips.cartTitle",
        titleNoDate: "chips.cartTitleNoDate",
        heading: "chips.cartHeading",
        description: "chips.cartDescription",
      }
    : {
        title: "cart.title",
        titleNoDate: "cart.titleNoDate",
        heading: "cart.heading",
        description: "cart.description",
      };
}

/** The cart page's title: with the long date, the short date, or no date, whichever fits first. */
export function cartTitle(
  event: Pick<Event, "name" | "startsAt" | "endsAt" | "doorsAt" | "timezone" | "eventTypeId">,
  locale: Locale,
  brand: string,
): string {
  const t = getT(locale);
  const keys = cartKeys(event);
  const name = event.name;
  function* candidates(): Generator<string> {
    yield t(keys.title, { name, date: eventWhen(event, locale).date, brand });
    yield t(keys.title, { name, date: shortDate(event, locale), brand });
    yield t(keys.titleNoDate, { name, brand });
  }
  return fitTitle(candidates(), name, ` | ${brand}`);
}

/** The cart page's main heading: tickets of the event, or credit for a credit event. */
export function cartHeading(event: Pick<Event, "name" | "eventTypeId">, locale: Locale): string {
  return getT(locale)(cartKeys(event).heading, { name: event.name });
}

/** The cart page's meta description, in the words of {@link cartHeading}. */
export function cartDescription(
  event: Pick<Event, "name" | "startsAt" | "endsAt" | "doorsAt" | "timezone" | "eventTypeId">,
  locale: Locale,
): string {
  return getT(locale)(cartKeys(event).description, { name: event.name, date: eventWhen(event, locale).date });
}

/** A moment as date and time in a locale and time zone ("6 December 2026 at 09:00"). */
export function dateTimeText(value: string, locale: Locale, timeZone: string): string {
  return formatDateTime(value, locale, { dateStyle: "long", timeStyle: "short", timeZone });
}

/** A moment as a date in a locale and time zone. */
export function dateText(value: string, locale: Locale, timeZone: string): string {
  return formatDate(value, locale, { dateStyle: "long", timeZone });
}

/** Ticket types of one group, in display order; `group` is null for ticket types without a group. */
export interface TicketTypeSection {
  group: Pick<TicketTypeGroup, "ticketTypeGroupId" | "namePub"> & { description: string | null };
  ticketTypes: TicketType[];
}

/** Groups ticket types by their group in the groups' display order; ungrouped ones come last, in one section. */
export function groupTicketTypes(
  ticketTypes: readonly TicketType[],
  groups: readonly TicketTypeGroup[],
  ungroupedName: string,
): TicketTypeSection[] {
  const sorted = [...ticketTypes].sort((a, b) => a.displayOrder - b.displayOrder);
  const sections = [...groups]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((group) => ({
      group: {
        ticketTypeGroupId: group.ticketTypeGroupId,
        namePub: group.namePub,
        description: group.description,
      },
      ticketTypes: sorted.filter((t) => t.ticketTypeGroup?.ticketTypeGroupId === group.ticketTypeGroupId),
    }));
  const known = new Set(groups.map((g) => g.ticketTypeGroupId));
  const rest = sorted.filter((t) => !t.ticketTypeGroup || !known.has(t.ticketTypeGroup.ticketTypeGroupId));
  if (rest.length > 0) {
    sections.push({
      group: { ticketTypeGroupId: "", namePub: ungroupedName, description: null },
      ticketTypes: rest,
    });
  }
  return sections.filter((section) => section.ticketTypes.length > 0);
}

/** At most this many left (or this share of the capacity) reads as "last tickets". */
export const FEW_LEFT_COUNT = 10;
/** Share of the capacity at or below which a ticket type reads as "last tickets". */
export const FEW_LEFT_SHARE = 0.1;

/** Availability of a ticket type as known at build time: a hint, the cart shows the live state. */
export type Availability =
  | { kind: "available" }
  | { kind: "fewLeft" }
  | { kind: "soldOut" }
  | { kind: "notYet"; from: string }
  | { kind: "saleEnded" };

/** Availability of a ticket type at `now`: its sales window first, then what is left. */
export function ticketAvailability(ticketType: TicketType, now: Date): Availability {
  const at = now.getTime();
  if (ticketType.salesTo && Date.parse(ticketType.salesTo) <= at) return { kind: "saleEnded" };
  if (ticketType.soldOut || ticketType.available === 0) return { kind: "soldOut" };
  if (ticketType.salesFrom && Date.parse(ticketType.salesFrom) > at) {
    return { kind: "notYet", from: ticketType.salesFrom };
  }
  if (
    ticketType.available <= FEW_LEFT_COUNT ||
    ticketType.available <= ticketType.capacity * FEW_LEFT_SHARE
  ) {
    return { kind: "fewLeft" };
  }
  return { kind: "available" };
}

/** Main acts first, then by display order. */
export function byBilling<T extends { main: boolean; displayOrder: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(b.main) - Number(a.main) || a.displayOrder - b.displayOrder);
}

/** One act of the line-up, band or performer. */
export interface Act {
  id: string;
  kind: "band" | "performer";
  name: string;
  /** Genre, or a performer's role. */
  detail: string | null;
  image: LineupBand["image"];
  main: boolean;
}

/** The line-up: headliners (bands, then performers) and the rest, each in billing order. */
export function lineupOf(
  bands: readonly LineupBand[],
  performers: readonly LineupPerformer[],
): { headliners: Act[]; others: Act[] } {
  const acts: Act[] = [
    ...byBilling(bands).map((b) => ({
      id: b.bandId,
      kind: "band" as const,
      name: b.name,
      detail: b.genre,
      image: b.image,
      main: b.main,
    })),
    ...byBilling(performers).map((p) => ({
      id: p.performerId,
      kind: "performer" as const,
      name: p.name,
      detail: p.role ?? p.genre,
      image: p.image,
      main: p.main,
    })),
  ];
  return { headliners: acts.filter((a) => a.main), others: acts.filter((a) => !a.main) };
}

/** A stage with its program, split by day when the event spans several days. */
export interface StageProgram {
  stage: Stage;
  days: { day: string; label: string; entries: ProgramEntry[] }[];
}

/** The program by stage (stages in display order, entries by start), each stage split into days. */
export function programByStage(
  stages: readonly Stage[],
  entries: readonly ProgramEntry[],
  locale: Locale,
  timeZone: string,
): StageProgram[] {
  return [...stages]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((stage) => {
      const own = entries
        .filter((e) => e.stageId === stage.stageId)
        .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
      const days: StageProgram["days"] = [];
      for (const entry of own) {
        const day = dayOf(entry.startsAt, timeZone);
        let bucket = days.find((d) => d.day === day);
        if (!bucket) {
          bucket = {
            day,
            label: formatDate(entry.startsAt, locale, {
              weekday: "long",
              day: "numeric",
              month: "long",
              timeZone,
            }),
            entries: [],
          };
          days.push(bucket);
        }
        bucket.entries.push(entry);
      }
      return { stage, days };
    })
    .filter((program) => program.days.length > 0);
}

/** A time span of a program entry ("19:30–21:00"). */
export function timeSpan(startsAt: string, endsAt: string, locale: Locale, timeZone: string): string {
  return formatDateRange(startsAt, endsAt, locale, { timeStyle: "short", timeZone });
}

/**
 * What to say instead of "Buy tickets" when an event is not on sale: when the sale starts, that the event has
 * taken place, that sales have ended, or that it is sold out; null while tickets are on sale.
 */
export function salesStateText(
  event: Pick<Event, "salesState" | "saleStartsAt" | "endsAt" | "timezone">,
  locale: Locale,
  now: Date,
): string | null {
  const t = getT(locale);
  switch (event.salesState) {
    case "upcoming":
      return event.saleStartsAt
        ? t("event.saleStarts", { date: dateTimeText(event.saleStartsAt, locale, event.timezone) })
        : t("event.salesEnded");
    case "ended":
      return Date.parse(event.endsAt) <= now.getTime() ? t("event.eventOver") : t("event.salesEnded");
    case "soldOut":
      return t("event.soldOut");
    default:
      return null;
  }
}
