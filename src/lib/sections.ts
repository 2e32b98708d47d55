/**
 * Index sections (spec §3 sectionType) that can be known when the index is built: popular, our selection,
 * happening now, this weekend, just announced and special. "Near me" needs the visitor's position and is
 * left to the browser. Pure functions of the event list and a moment, so a build (and a test) decides
 * with one fixed `now`; calendar days are counted in Europe/Prague, where the events take place.
 * The functions take the few fields they read (`SectionEvent`): the contract's event summary has them.
 */
import { type SectionTypeId, sectionType } from "./enums/index.ts";
import { DEFAULT_TIME_ZONE } from "./i18n/config.ts";

/** What the index sections read of an event: its times, name, editorial flags, visibility, last update. */
export interface SectionEvent {
  eventId: string;
  name: string;
  /** ISO 8601 moments. */
  startsAt: string;
  endsAt: string;
  updatedAt: string;
  visible: boolean;
  flags: { popular: boolean; ourSelection: boolean; special: boolean };
}

/** Events shown per section at most. */
export const SECTION_LIMIT = 8;

/** How recent an update must be for an event to count as "just announced", in days. */
export const JUST_ANNOUNCED_DAYS = 30;

/** Stable ids of the sections the index can show (also the HTML ids of their headings' sections). */
export const INDEX_SECTION_IDS = [
  "popular",
  "our-selection",
  "happening-now",
  "this-weekend",
  "just-announced",
  "special",
] as const;

/** Stable id of an index section. */
export type IndexSectionId = (typeof INDEX_SECTION_IDS)[number];

/** The sectionType enumeration id of each index section. */
export const SECTION_TYPE_OF: Readonly<Record<IndexSectionId, SectionTypeId>> = {
  popular: sectionType.id.POPULAR,
  "our-selection": sectionType.id.OUR_SELECTION,
  "happening-now": sectionType.id.HAPPENING_NOW,
  "this-weekend": sectionType.id.THIS_WEEKEND,
  "just-announced": sectionType.id.JUST_ANNOUNCED,
  special: sectionType.id.SPECIAL,
};

/** One section of the index: its id, its sectionType id and its events in display order. */
export interface IndexSection<E extends SectionEvent = SectionEvent> {
  id: IndexSectionId;
  sectionTypeId: SectionTypeId;
  events: E[];
}

/** Options of `indexSections`. */
export interface IndexSectionsOptions {
  /** Events per section at most (default `SECTION_LIMIT`). */
  limit?: number;
  /** Time zone whose calendar defines the weekend (default Europe/Prague). */
  timeZone?: string;
}

/** A half-open span of time: `start` inclusive, `end` exclusive. */
export interface TimeSpan {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** Calendar fields of a moment on the wall clock of a time zone (weekday 0 = Sunday). */
function zonedParts(date: Date, timeZone: string): ZonedParts {
  let format = partFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

/** Offset of a time zone from UTC at a moment, in ms (Prague in summer: +2 h). */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}

/** The moment of midnight at the start of a calendar day in a time zone (days may overflow the month). */
function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - zoneOffsetMs(new Date(wall), timeZone);
  const second = wall - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}

/**
 * The weekend a visitor means by "this weekend": Saturday 00:00 to Monday 00:00 on the zone's wall clock,
 * the coming one on a weekday and the current one on Saturday and Sunday.
 */
export function weekendSpan(now: Date, timeZone: string = DEFAULT_TIME_ZONE): TimeSpan {
  const today = zonedParts(now, timeZone);
  // Days from today back (Sunday: -1, Saturday: 0) or forward (Monday: +5 … Friday: +1) to Saturday.
  const toSaturday = today.weekday === 0 ? -1 : 6 - today.weekday;
  const start = zonedMidnight(today.year, today.month, today.day + toSaturday, timeZone);
  const end = zonedMidnight(today.year, today.month, today.day + toSaturday + 2, timeZone);
  return { start, end };
}

/** True when the event has not ended at `now`. */
export function isUpcoming(event: Pick<SectionEvent, "endsAt">, now: Date): boolean {
  return Date.parse(event.endsAt) > now.getTime();
}

/** True when the event has started and not ended at `now`. */
export function isHappeningNow(event: Pick<SectionEvent, "startsAt" | "endsAt">, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(event.startsAt) <= t && t < Date.parse(event.endsAt);
}

/** True when the event takes place at some time within the span. */
export function overlaps(event: Pick<SectionEvent, "startsAt" | "endsAt">, span: TimeSpan): boolean {
  return Date.parse(event.startsAt) < span.end.getTime() && Date.parse(event.endsAt) > span.start.getTime();
}

/** Orders events by start, then end, then name, then id (a total order, so builds are repeatable). */
export function byStart(a: SectionEvent, b: SectionEvent): number {
  return (
    Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
    Date.parse(a.endsAt) - Date.parse(b.endsAt) ||
    a.name.localeCompare(b.name) ||
    a.eventId.localeCompare(b.eventId)
  );
}

/** Orders events by last update, newest first, then by start. */
function byNewest(a: SectionEvent, b: SectionEvent): number {
  return Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || byStart(a, b);
}

/**
 * The index sections of spec §3 that can be known at build time, in the enumeration's order, each only
 * when it has events. Hidden and ended events are left out; events are sorted by start (just announced:
 * newest update first) and limited per section.
 */
export function indexSections<E extends SectionEvent>(
  events: readonly E[],
  now: Date,
  options: IndexSectionsOptions = {},
): IndexSection<E>[] {
  const limit = options.limit ?? SECTION_LIMIT;
  const weekend = weekendSpan(now, options.timeZone ?? DEFAULT_TIME_ZONE);
  const announcedSince = now.getTime() - JUST_ANNOUNCED_DAYS * DAY_MS;
  const listed = events.filter((e) => e.visible && isUpcoming(e, now));

  const pick: Record<IndexSectionId, () => E[]> = {
    popular: () => listed.filter((e) => e.flags.popular).sort(byStart),
    "our-selection": () => listed.filter((e) => e.flags.ourSelection).sort(byStart),
    "happening-now": () => listed.filter((e) => isHappeningNow(e, now)).sort(byStart),
    "this-weekend": () => listed.filter((e) => overlaps(e, weekend)).sort(byStart),
    "just-announced": () => listed.filter((e) => Date.parse(e.updatedAt) >= announcedSince).sort(byNewest),
    special: () => listed.filter((e) => e.flags.special).sort(byStart),
  };

  return INDEX_SECTION_IDS.map((id) => ({
    id,
    sectionTypeId: SECTION_TYPE_OF[id],
    events: pick[id]().slice(0, limit),
  })).filter((section) => section.events.length > 0);
}
