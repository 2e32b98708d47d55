/**
 * The storefront page a deep link stands for (its web equivalent): where a visitor without the app lands,
 * and where the service's mails link to, so that the mail's link and the app's link always agree.
 *
 * | link | storefront page |
 * |---|---|
 * | setPassword | `/set-password?email=…&accessCode=…` |
 * | login | `/login?email=…` |
 * | eventDetail | the event page (when its slugs are known) |
 * | ticketCart | the event's cart, `?codes=A,B` with codes (when its slugs are known) |
 * | eventGroupDetail | the tour page, `?codes=…` with codes (when its slug is known) |
 * | orderDetail | the order page (when its event's slugs are known) |
 * | chipDetail | the account page (the account's chips) |
 * | openUrl | the URL itself |
 * | oAuth, plantOrderDetail | none: only the app continues them |
 */

import type { DeepLink } from "./deep-links.ts";
import type { Locale } from "./i18n/config.ts";
import { pathTo } from "./routes.ts";
import { CODES_PARAM } from "./validation/code-list.ts";

/** The slugs of an event's pages. */
export interface EventSlugs {
  organizerSlug: string;
  eventSlug: string;
}

/** Looks up what a link's ids alone do not say (the slugs of its pages); a missing answer means no page. */
export interface PageRefs {
  event?: (eventId: string) => EventSlugs | undefined;
  eventGroup?: (eventGroupId: string) => string | undefined;
  order?: (orderId: string) => EventSlugs | undefined;
}

/** The storefront path (or, for openUrl, the URL) a deep link stands for, or null when no page does. */
export function storefrontPathOf(locale: Locale, link: DeepLink, refs: PageRefs = {}): string | null {
  const codes = "codes" in link && link.codes?.length ? { [CODES_PARAM]: link.codes.join(",") } : undefined;
  switch (link.link) {
    case "setPassword":
      return pathTo(locale, "setPassword", undefined, { email: link.email, accessCode: link.accessCode });
    case "login":
      return pathTo(locale, "login", undefined, { email: link.email });
    case "chipDetail":
      return pathTo(locale, "account");
    case "openUrl":
      return link.url;
    case "eventDetail":
    case "ticketCart": {
      const slugs = refs.event?.(link.eventId);
      if (!slugs) return null;
      return link.link === "eventDetail"
        ? pathTo(locale, "event", slugs)
        : pathTo(locale, "cart", slugs, codes);
    }
    case "eventGroupDetail": {
      const eventGroupSlug = refs.eventGroup?.(link.eventGroupId);
      return eventGroupSlug ? pathTo(locale, "tour", { eventGroupSlug }, codes) : null;
    }
    case "orderDetail": {
      const slugs = refs.order?.(link.orderId);
      return slugs ? pathTo(locale, "order", { ...slugs, orderId: link.orderId }) : null;
    }
    case "oAuth":
    case "plantOrderDetail":
      return null;
  }
}
