/**
 * Texts of the catalog components (event cards, event rows, tour cards): when an event takes place, where,
 * from what price, and its sales badge. Pure functions over the contract's event summary.
 */
import type { EventSummary } from "../../contract/event.ts";
import { eventCategory } from "../../lib/enums/index.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import type { Translate } from "../../lib/i18n/index.ts";
import { formatDate, formatDateRange, formatTime } from "../../lib/i18n/index.ts";
import { CURRENCY_CODES, type CurrencyId, formatMoney } from "../../lib/money.ts";

/** A date text with the machine-readable moment for its `<time datetime>`. */
export interface WhenText {
  text: string;
  datetime: string;
}

/** Events longer than this that end on another calendar day are shown as a span of days. */
const MULTI_DAY_MS = 20 * 3_600_000;

const dayKey = (value: string, locale: Locale): string =>
  formatDate(value, locale, { year: "numeric", month: "2-digit", day: "2-digit" });

const sameYear = (value: string, now: Date, locale: Locale): boolean =>
  formatDate(value, locale, { year: "numeric" }) === formatDate(now, locale, { year: "numeric" });

/**
 * When an event takes place, in Prague time: "Sun 22 November · 20:00" for a show, "21–23 January 2027"
 * for a festival or a long-running exhibition; the year is added when it is not the year of `now`.
 */
export function cardWhen(
  event: Pick<EventSummary, "startsAt" | "endsAt">,
  locale: Locale,
  now: Date,
): WhenText {
  const { startsAt, endsAt } = event;
  const multiDay =
    Date.parse(endsAt) - Date.parse(startsAt) > MULTI_DAY_MS &&
    dayKey(startsAt, locale) !== dayKey(endsAt, locale);
  const withYear = !(sameYear(startsAt, now, locale) && sameYear(endsAt, now, locale));
  if (multiDay) {
    const text = formatDateRange(startsAt, endsAt, locale, {
      day: "numeric",
      month: "long",
      ...(withYear ? { year: "numeric" } : {}),
    });
    return { text, datetime: startsAt };
  }
  const day = formatDate(startsAt, locale, {
    weekday: "short",
    day: "numeric",
    month: "long",
    ...(withYear ? { year: "numeric" } : {}),
  });
  return { text: `${day} · ${formatTime(startsAt, locale)}`, datetime: startsAt };
}

/** Where an event takes place: "Venue, City", without repeating a city the venue's name already holds. */
export function eventPlace(event: Pick<EventSummary, "venueName" | "city">): string | null {
  const { venueName, city } = event;
  if (venueName && city && !venueName.includes(city)) return `${venueName}, ${city}`;
  return venueName ?? city ?? null;
}

/** The lowest price as "from 250 Kč", "Free entry" for 0, or null without a price or a known currency. */
export function eventPrice(
  event: Pick<EventSummary, "priceFrom" | "currencyId">,
  locale: Locale,
  t: Translate,
): string | null {
  if (event.priceFrom === null || !Object.hasOwn(CURRENCY_CODES, event.currencyId)) return null;
  if (event.priceFrom === 0) return t("card.free");
  return t("card.priceFrom", { price: formatMoney(event.priceFrom, event.currencyId as CurrencyId, locale) });
}

/** Label of the event's first known category, or null. */
export function eventCategoryLabel(
  event: Pick<EventSummary, "eventCategoryIds">,
  locale: Locale,
): string | null {
  const id = event.eventCategoryIds.find((c) => eventCategory.has(c));
  return id === undefined ? null : eventCategory.label(id, locale);
}

/** Tone of a sales badge: strong for sold out, muted for ended, brand for not yet on sale. */
export type BadgeTone = "strong" | "muted" | "brand";

/** The sales badge of an event that is not simply on sale: sold out, sale not started, sales ended. */
export function salesBadge(
  event: Pick<EventSummary, "salesState" | "saleStartsAt">,
  locale: Locale,
  t: Translate,
): { text: string; tone: BadgeTone } | null {
  switch (event.salesState) {
    case "soldOut":
      return { text: t("card.soldOut"), tone: "strong" };
    case "ended":
      return { text: t("card.saleEnded"), tone: "muted" };
    case "upcoming":
      return event.saleStartsAt
        ? {
            text: t("card.saleFrom", {
              date: formatDate(event.saleStartsAt, locale, { day: "numeric", month: "long" }),
            }),
            tone: "brand",
          }
        : { text: t("card.saleSoon"), tone: "brand" };
    default:
      return null;
  }
}

/** Date span of a tour ("13 December 2026 – 3 January 2027"), or null when it has no dated events. */
export function dateSpan(from: string | null, to: string | null, locale: Locale, now: Date): WhenText | null {
  if (!from) return null;
  const end = to ?? from;
  const withYear = !(sameYear(from, now, locale) && sameYear(end, now, locale));
  const options: Intl.DateTimeFormatOptions = {
    day: "numeric",
    month: "long",
    ...(withYear ? { year: "numeric" } : {}),
  };
  const text =
    dayKey(from, locale) === dayKey(end, locale)
      ? formatDate(from, locale, options)
      : formatDateRange(from, end, locale, options);
  return { text, datetime: from };
}
