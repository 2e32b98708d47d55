import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { formatDate, formatDateRange, formatDateTime } from "../../src/lib/i18n/format.ts";
import { type CurrencyId, formatPriceRange } from "../../src/lib/money.ts";
import { ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { readsEvent } from "./support/inventory.ts";
import { LOCALES, text } from "./support/locales.ts";

/** The pass service of the test server: it runs on the E2E port + 1. */
const SERVICE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4391) + 1}`;

type Locale = (typeof LOCALES)[number]["code"];

/** Escapes a text for use inside a regular expression. */
function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The fields of an event the tests compare the pages with. */
interface ServiceEvent {
  eventId: string;
  name: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
  saleStartsAt: string | null;
}

/** The event as the service answers it in a language. */
async function serviceEvent(
  request: APIRequestContext,
  organizerSlug: string,
  eventSlug: string,
  locale: Locale,
): Promise<ServiceEvent> {
  const response = await request.get(`${SERVICE}/api/event-by-slugs`, {
    params: { organizerSlug, eventSlug },
    headers: { "accept-language": locale },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { event: ServiceEvent }).event;
}

/** Ticket types of an event as the service answers them in a language. */
async function serviceTicketTypes(request: APIRequestContext, eventId: string, locale: Locale) {
  const response = await request.get(`${SERVICE}/api/v2/event/id/${eventId}/ticket-type`, {
    headers: { "accept-language": locale },
  });
  expect(response.ok()).toBe(true);
  return (
    (await response.json()) as {
      ticketTypes: {
        ticketTypeId: string;
        namePub: string;
        soldOut: boolean;
        capacity: number;
        price: number;
        currencyId: number;
        sectorId: string | null;
      }[];
    }
  ).ticketTypes;
}

/** The parsed JSON-LD of the page. */
async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const raw = await page.locator('script[type="application/ld+json"]').textContent();
  return JSON.parse(raw ?? "null") as Record<string, unknown>;
}

/** Fails with the list of violations when axe finds any (WCAG 2.2 AA and best practices). */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

const TOUR = { organizerSlug: "agentura-vltava", eventSlug: "turne-na-sever-praha" };
const FESTIVAL = { organizerSlug: "louka-open-air", eventSlug: "louka-open-air" };
/** A play in the theatre's stalls and balcony, whose seats no spec picks (its seat map's states are read). */
const THEATRE = { organizerSlug: "divadlo-na-nabrezi", eventSlug: "maly-princ" };
const PAST = { organizerSlug: "louka-open-air", eventSlug: "louka-warm-up-party" };
const NOT_YET = { organizerSlug: "agentura-vltava", eventSlug: "polarni-zare-20-let" };

/** The pathname of a link, without its trailing slash (pages are folders: links and canonicals end in one). */
const bare = (href: string | null | undefined) =>
  new URL(href ?? "", "http://x").pathname.replace(/(.)\/$/, "$1");

const eventPath = (prefix: string, e: { organizerSlug: string; eventSlug: string }) =>
  `${prefix}/event/${e.organizerSlug}/${e.eventSlug}`;

for (const { code, prefix } of LOCALES) {
  test(`event page in ${code}: name, date, labels, buy link, alternates and JSON-LD`, async ({
    page,
    request,
  }) => {
    readsEvent("tourPraha");
    const event = await serviceEvent(request, TOUR.organizerSlug, TOUR.eventSlug, code);
    const path = eventPath(prefix, TOUR);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);

    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.name);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(event.name)}.* \\| Vstupio$`));

    const date = formatDate(event.startsAt, code, { dateStyle: "long", timeZone: event.timezone });
    const time = formatDateRange(event.startsAt, event.endsAt, code, {
      timeStyle: "short",
      timeZone: event.timezone,
    });
    await expect(page.getByTestId("event-date")).toHaveText(date);
    await expect(page.getByTestId("event-date")).toHaveAttribute("datetime", event.startsAt);
    await expect(page.getByTestId("event-time")).toHaveText(time);

    await expect(
      page.getByRole("heading", { level: 2, name: text(code, "main", "event.lineup"), exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: text(code, "main", "event.tickets"), exact: true }),
    ).toBeVisible();

    const buy = page.getByRole("link", { name: text(code, "main", "event.buy") });
    await expect(buy.first()).toBeVisible();
    for (const link of await buy.all()) await expect(link).toHaveAttribute("href", `${path}/cart/`);

    const map = page.getByRole("link", { name: new RegExp(escapeRegExp(text(code, "main", "event.map"))) });
    await expect(map.first()).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=[\d.]+&mlon=[\d.]+#map=16\//,
    );

    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(bare(canonical)).toBe(path);
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")] as const),
      );
    const tail = `/event/${TOUR.organizerSlug}/${TOUR.eventSlug}`;
    expect(hreflangs.map(([lang, href]) => `${lang} ${bare(href)}`).sort()).toEqual([
      `cs ${tail}`,
      `de /de${tail}`,
      `en /en${tail}`,
      `sk /sk${tail}`,
      `x-default ${tail}`,
    ]);

    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^https?:\/\/.+\/media\//,
    );

    const data = await jsonLd(page);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: event.name,
      startDate: event.startsAt,
      endDate: event.endsAt,
      inLanguage: code,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", address: { "@type": "PostalAddress", addressCountry: "CZ" } },
      organizer: { "@type": "Organization" },
    });
    expect(bare(String(data.url))).toBe(path);
    expect(String((data.image as string[])[0])).toMatch(/^https?:\/\//);
    const offers = data.offers as Record<string, string>[];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "CZK" });
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      // Every ticket type of the Prague stop is on sale, and no spec holds or buys there.
      expect(offer.availability).toBe("https://schema.org/InStock");
      expect(bare(offer.url)).toBe(`${path}/cart`);
    }
    const performers = data.performer as { "@type": string }[];
    expect(performers.map((p) => p["@type"])).toContain("MusicGroup");
  });
}

for (const { code, prefix } of LOCALES.filter((l) => l.code === "cs" || l.code === "en")) {
  test(`cart page in ${code} lists the ticket types known at build time and holds the island`, async ({
    page,
    request,
  }) => {
    const event = await serviceEvent(request, FESTIVAL.organizerSlug, FESTIVAL.eventSlug, code);
    const ticketTypes = await serviceTicketTypes(request, event.eventId, code);
    const path = `${eventPath(prefix, FESTIVAL)}/cart`;
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(event.name);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(bare(canonical)).toBe(path);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    const tickets = page.locator('section[aria-labelledby="cart-tickets"]');
    expect(ticketTypes.length).toBeGreaterThan(0);
    for (const ticketType of ticketTypes) {
      await expect(tickets.locator(`[data-ticket-type-id="${ticketType.ticketTypeId}"]`)).toContainText(
        ticketType.namePub,
      );
    }
    await expect(page.locator("#cart-extras")).toHaveText(text(code, "main", "cart.extras"));
    await expect(page.locator("#cart-chips")).toHaveText(text(code, "main", "chips.topUps"));
    await expect(
      page.locator('section[aria-labelledby="cart-extras"] [data-ticket-product-id]'),
    ).not.toHaveCount(0);
    const island = page.locator("#cart-island");
    await expect(island).toHaveAttribute("data-event-id", event.eventId);
    await expect(island).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("link", { name: text(code, "main", "cart.back") })).toHaveAttribute(
      "href",
      `${eventPath(prefix, FESTIVAL)}/`,
    );
  });
}

test("a seated event lists its hall's seated sectors with seats and prices and says seats are picked in the cart", async ({
  page,
  request,
}) => {
  readsEvent("littlePrince");
  for (const [event, names] of [
    [THEATRE, ["Přízemí", "Balkon"]],
    [TOUR, ["Tribuna – sezení"]],
  ] as const) {
    const { eventId } = await serviceEvent(request, event.organizerSlug, event.eventSlug, "cs");
    const ticketTypes = await serviceTicketTypes(request, eventId, "cs");
    await page.goto(eventPath("", event));
    const hall = page.getByTestId("hall-sectors");
    await expect(hall).toContainText(text("cs", "main", "hall.lead"));
    const sectors = hall.getByRole("listitem");
    await expect(sectors).toHaveCount(names.length);
    for (const [i, name] of names.entries()) {
      const item = sectors.nth(i);
      await expect(item).toContainText(name);
      const sectorId = await item.getAttribute("data-sector-id");
      const prices = ticketTypes.filter((t) => t.sectorId === sectorId).map((t) => t.price);
      const currencyId = ticketTypes[0]?.currencyId as CurrencyId;
      await expect(item).toContainText(
        formatPriceRange(Math.min(...prices), Math.max(...prices), currencyId, "cs"),
      );
    }
  }
  await expect(page.getByTestId("hall-sectors")).toContainText(/2\s000 míst/);

  await page.goto(`${eventPath("", THEATRE)}/cart`);
  const seating = page.locator('section[aria-labelledby="cart-seating"]');
  await expect(page.locator("#cart-seating")).toHaveText(text("cs", "main", "cart.seating"));
  await expect(seating).toBeVisible();
  // The seat categories (the seating island's legend is a list of its own).
  await expect(seating.getByRole("list").first().getByRole("listitem")).toHaveCount(2);
  await expect(seating.locator("[data-seating-island]")).toBeVisible();
});

test("a standing event's page says nothing of seats", async ({ page }) => {
  await page.goto(eventPath("", FESTIVAL));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("hall-sectors")).toHaveCount(0);
});

test("ticket availability: 'last tickets' for the five-place meet & greet, no badge where plenty are left", async ({
  page,
  request,
}) => {
  readsEvent("tourPraha");
  const event = await serviceEvent(request, TOUR.organizerSlug, TOUR.eventSlug, "en");
  const ticketTypes = await serviceTicketTypes(request, event.eventId, "en");
  await page.goto(eventPath("/en", TOUR));
  // No spec holds or buys on the Prague stop (support/inventory.ts): all its places are left.
  expect(ticketTypes.filter((t) => t.soldOut)).toEqual([]);
  const badge = (id: string) => page.locator(`#tickets [data-ticket-type-id="${id}"] [data-availability]`);
  // Five places left of five: "last tickets".
  const meetAndGreet = ticketTypeId("tourPraha", "setkani-s-kapelou");
  await expect(badge(meetAndGreet)).toHaveAttribute("data-availability", "fewLeft");
  await expect(badge(meetAndGreet)).toHaveText(text("en", "main", "event.availability.fewLeft"));
  // Plenty left of every other type: no badge, no count.
  for (const { ticketTypeId: id } of ticketTypes.filter((t) => t.ticketTypeId !== meetAndGreet)) {
    await expect(badge(id), id).toHaveCount(0);
  }
});

test("a past event's page stays online and says it has taken place, without a buy link", async ({ page }) => {
  for (const { code, prefix } of LOCALES.filter((l) => l.code === "cs" || l.code === "de")) {
    expect((await page.goto(eventPath(prefix, PAST)))?.status()).toBe(200);
    await expect(page.locator('[data-sales-state="ended"]').first()).toHaveText(
      text(code, "main", "event.eventOver"),
    );
    await expect(page.getByRole("link", { name: text(code, "main", "event.buy") })).toHaveCount(0);
  }
});

test("an event not on sale yet says when the sale starts, on its page and in its cart", async ({
  page,
  request,
}) => {
  const event = await serviceEvent(request, NOT_YET.organizerSlug, NOT_YET.eventSlug, "en");
  expect(event.saleStartsAt).not.toBeNull();
  const when = formatDateTime(event.saleStartsAt ?? "", "en", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: event.timezone,
  });
  const expected = text("en", "main", "event.saleStarts").replace("{{date}}", when);
  await page.goto(eventPath("/en", NOT_YET));
  await expect(page.locator('[data-sales-state="upcoming"]').first()).toHaveText(expected);
  await expect(page.getByRole("link", { name: text("en", "main", "event.buy") })).toHaveCount(0);
  await page.goto(`${eventPath("/en", NOT_YET)}/cart`);
  await expect(page.locator('p[data-sales-state="upcoming"]')).toHaveText(expected);
});

// One test per page and width: axe on a seated cart takes seconds, and eight in one test outran its timeout.
for (const width of [390, 1280]) {
  for (const path of [
    eventPath("/en", FESTIVAL),
    `${eventPath("/en", FESTIVAL)}/cart`,
    eventPath("", THEATRE),
    `${eventPath("", THEATRE)}/cart`,
  ]) {
    test(`${path} has no accessibility violations (WCAG 2.2 AA) at ${width} px`, async ({ page }) => {
      readsEvent("littlePrince");
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
}
