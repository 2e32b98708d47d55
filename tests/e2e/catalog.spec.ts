/**
 * The catalog pages in all four locales: index sections, organizer and tour pages, and the 404 page.
 * Names and counts are compared with what the test server's pass service answers in each language.
 */
import { expect, type Page, test } from "@playwright/test";
import { sectionType } from "../../src/lib/enums/index.ts";
import type { Locale as RouteLocale } from "../../src/lib/i18n/config.ts";
import { pathTo } from "../../src/lib/routes.ts";
import { axeViolations } from "./support/axe.ts";
import { LOCALES, text } from "./support/locales.ts";

const SERVICE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4391) + 1}`;

interface EventItem {
  eventId: string;
  organizerSlug: string;
  eventSlug: string;
  name: string;
  startsAt: string;
  endsAt: string;
  flags: { popular: boolean; ourSelection: boolean; special: boolean };
}
interface GroupItem {
  eventGroupId: string;
  eventGroupSlug: string;
  namePub: string;
  organizerSlug: string;
  eventCount: number;
}

/** A GET on the test server's pass service in a language. */
async function service<T>(path: string, locale: RouteLocale = "cs"): Promise<T> {
  const response = await fetch(`${SERVICE}${path}`, { headers: { "accept-language": locale } });
  expect(response.ok, `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

/** The tour with the most events and its organizer: the demo's richest pair of pages. */
async function tourAndOrganizer(): Promise<{ group: GroupItem; organizerSlug: string }> {
  const { eventGroups } = await service<{ eventGroups: GroupItem[] }>("/api/event-groups-all");
  const group = [...eventGroups].sort((a, b) => b.eventCount - a.eventCount)[0];
  if (!group) throw new Error("The catalog has no tour");
  return { group, organizerSlug: group.organizerSlug };
}

/** Events that surely have not ended while the tests run (an hour of margin), by start. */
function stillUpcoming(events: EventItem[]): EventItem[] {
  const soon = Date.now() + 3_600_000;
  return events
    .filter((e) => Date.parse(e.endsAt) > soon)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** A path as pages link it: directory-style, ending in a slash. */
const bare = (path: string): string => (path.endsWith("/") ? path : `${path}/`);

/** Pathnames of the hreflang alternates, as "code path". */
async function alternates(page: Page): Promise<string[]> {
  const links = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((ls) => ls.map((l) => [l.getAttribute("hreflang") ?? "", l.getAttribute("href") ?? ""]));
  return links.map(([code, href]) => `${code} ${bare(new URL(href ?? "").pathname)}`).sort();
}

/** Pathname of the canonical link (without a trailing slash). */
async function canonicalPath(page: Page): Promise<string> {
  return bare(new URL((await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "").pathname);
}

/** The expected alternates of a route in every locale plus x-default (Czech). */
function expectedAlternates(route: (locale: RouteLocale) => string): string[] {
  return [
    ...LOCALES.map(({ code }) => `${code} ${bare(route(code))}`),
    `x-default ${bare(route("cs"))}`,
  ].sort();
}

for (const { code } of LOCALES) {
  test(`organizer page in ${code}: name, sections, cards linking to localized event pages, alternates`, async ({
    page,
  }) => {
    const { group, organizerSlug } = await tourAndOrganizer();
    const { organizer } = await service<{ organizer: { name: string } }>(
      `/api/organizer-by-slug?organizerSlug=${organizerSlug}`,
      code,
    );
    const { events } = await service<{ events: EventItem[] }>(
      `/api/events-by-organizer?organizerSlug=${organizerSlug}`,
      code,
    );
    const { eventGroup } = await service<{ eventGroup: GroupItem }>(
      `/api/v2/group/slug/${group.eventGroupSlug}`,
      code,
    );
    const path = pathTo(code, "organizer", { organizerSlug });

    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(organizer.name);
    await expect(page).toHaveTitle(new RegExp(organizer.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));

    const upcoming = page.getByRole("region", { name: text(code, "main", "organizer.upcoming") });
    await expect(upcoming.getByRole("heading", { level: 2 })).toHaveText(
      text(code, "main", "organizer.upcoming"),
    );
    for (const event of stillUpcoming(events)) {
      await expect(upcoming.getByRole("link", { name: event.name, exact: true })).toHaveAttribute(
        "href",
        pathTo(code, "event", { organizerSlug: event.organizerSlug, eventSlug: event.eventSlug }),
      );
    }
    const tours = page.getByRole("region", { name: text(code, "main", "organizer.tours") });
    await expect(tours.getByRole("link", { name: eventGroup.namePub, exact: true })).toHaveAttribute(
      "href",
      pathTo(code, "tour", { eventGroupSlug: group.eventGroupSlug }),
    );

    expect(await canonicalPath(page)).toBe(path);
    expect(await alternates(page)).toEqual(
      expectedAlternates((l) => pathTo(l, "organizer", { organizerSlug })),
    );
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({ "@type": "Organization", name: organizer.name });
  });

  test(`tour page in ${code}: name, dates in order, organizer link, alternates`, async ({ page }) => {
    const { group, organizerSlug } = await tourAndOrganizer();
    const { eventGroup } = await service<{ eventGroup: GroupItem }>(
      `/api/v2/group/slug/${group.eventGroupSlug}`,
      code,
    );
    const { organizer } = await service<{ organizer: { name: string } }>(
      `/api/organizer-by-slug?organizerSlug=${organizerSlug}`,
      code,
    );
    const { events } = await service<{ events: EventItem[] }>(
      `/api/event-group-events?eventGroupId=${group.eventGroupId}`,
      code,
    );
    const path = pathTo(code, "tour", { eventGroupSlug: group.eventGroupSlug });

    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(eventGroup.namePub);
    await expect(page.getByRole("link", { name: organizer.name, exact: true })).toHaveAttribute(
      "href",
      pathTo(code, "organizer", { organizerSlug }),
    );

    const dates = page.getByRole("region", { name: text(code, "main", "tour.dates") });
    const expected = stillUpcoming(events);
    expect(expected.length).toBeGreaterThan(0);
    // The cards come in date order and each links to the event's page in this language.
    const names = await dates.getByRole("heading", { level: 3 }).allTextContents();
    expect(names.map((n) => n.trim()).filter((n) => expected.some((e) => e.name === n))).toEqual(
      expected.map((e) => e.name),
    );
    for (const event of expected) {
      await expect(dates.getByRole("link", { name: event.name, exact: true })).toHaveAttribute(
        "href",
        pathTo(code, "event", { organizerSlug: event.organizerSlug, eventSlug: event.eventSlug }),
      );
    }

    expect(await canonicalPath(page)).toBe(path);
    expect(await alternates(page)).toEqual(
      expectedAlternates((l) => pathTo(l, "tour", { eventGroupSlug: group.eventGroupSlug })),
    );
  });

  test(`index in ${code}: sections with localized headings and event cards, organizers and tours`, async ({
    page,
  }) => {
    const { events } = await service<{ events: EventItem[] }>("/api/events-all", code);
    const { organizers } = await service<{ organizers: { organizerSlug: string; name: string }[] }>(
      "/api/organizers-all",
      code,
    );
    const path = pathTo(code, "index");
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", code);

    const sectionHeadings = sectionType.entries.map((e) => sectionType.label(e.id, code));
    const ownHeadings = ["index.allEvents", "index.tours", "index.organizers"].map((k) =>
      text(code, "main", k),
    );
    const headings = (await page.getByRole("heading", { level: 2 }).allTextContents()).map((h) => h.trim());
    expect(
      headings.every((h) => [...sectionHeadings, ...ownHeadings].includes(h)),
      headings.join(" | "),
    ).toBe(true);
    expect(headings).not.toContain(sectionType.label(sectionType.id.NEAR_ME, code));

    // "Popular" lists the flagged events (the demo flags fewer than a section holds) with localized links.
    const flagged = stillUpcoming(events.filter((e) => e.flags.popular));
    expect(flagged.length).toBeGreaterThan(0);
    const popular = page.getByRole("region", { name: sectionType.label(sectionType.id.POPULAR, code) });
    for (const event of flagged.slice(0, 8)) {
      await expect(popular.getByRole("link", { name: event.name, exact: true })).toHaveAttribute(
        "href",
        pathTo(code, "event", { organizerSlug: event.organizerSlug, eventSlug: event.eventSlug }),
      );
    }
    const hrefs = await page
      .locator('main a[href*="/event/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs)
      expect(href).toMatch(new RegExp(`^${code === "cs" ? "" : `/${code}`}/event/[a-z0-9-]+/[a-z0-9-]+/$`));

    const organizersRegion = page.getByRole("region", { name: text(code, "main", "index.organizers") });
    for (const organizer of organizers) {
      await expect(organizersRegion.getByRole("link", { name: organizer.name, exact: true })).toHaveAttribute(
        "href",
        pathTo(code, "organizer", { organizerSlug: organizer.organizerSlug }),
      );
    }
    await expect(
      page.getByRole("region", { name: text(code, "main", "index.tours") }).getByRole("link"),
    ).not.toHaveCount(0);
  });

  test(`an unknown path in ${code} answers 404 with the ${code} message and a link home`, async ({
    page,
  }) => {
    const prefix = LOCALES.find((l) => l.code === code)?.prefix ?? "";
    const response = await page.goto(`${prefix}/e2e-catalog-missing-9d2e/page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(code, "main", "notFound.heading"));
    await expect(
      page.getByRole("link", { name: text(code, "main", "notFound.back"), exact: true }),
    ).toHaveAttribute("href", pathTo(code, "index"));
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    // The other languages' messages are there too, each marked with its language.
    for (const other of LOCALES.filter((l) => l.code !== code)) {
      await expect(
        page.locator(`[lang="${other.code}"]`, { hasText: text(other.code, "main", "notFound.heading") }),
      ).toHaveCount(1);
    }
  });
}

test("the language switcher keeps the organizer and the tour page", async ({ page }) => {
  const { group, organizerSlug } = await tourAndOrganizer();
  await page.goto(pathTo("cs", "organizer", { organizerSlug }));
  const nav = page.getByRole("navigation", { name: text("cs", "common", "languageSwitcher.label") });
  await nav.getByRole("link", { name: text("cs", "common", "languages.en") }).click();
  await expect(page).toHaveURL(new RegExp(`${pathTo("en", "organizer", { organizerSlug })}/?$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.goto(pathTo("de", "tour", { eventGroupSlug: group.eventGroupSlug }));
  const deNav = page.getByRole("navigation", { name: text("de", "common", "languageSwitcher.label") });
  await deNav.getByRole("link", { name: text("de", "common", "languages.sk") }).click();
  await expect(page).toHaveURL(
    new RegExp(`${pathTo("sk", "tour", { eventGroupSlug: group.eventGroupSlug })}/?$`),
  );
  await expect(page.locator("html")).toHaveAttribute("lang", "sk");
  const { eventGroup } = await service<{ eventGroup: GroupItem }>(
    `/api/v2/group/slug/${group.eventGroupSlug}`,
    "sk",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(eventGroup.namePub);
});

// The index and the 404 page of every language are checked by site-crawl.spec.ts, with one organizer and one
// tour; this checks the largest tour and its organizer.
test("the largest tour and its organizer have no accessibility violations at 390 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { group, organizerSlug } = await tourAndOrganizer();
  const paths = [
    pathTo("en", "organizer", { organizerSlug }),
    pathTo("cs", "tour", { eventGroupSlug: group.eventGroupSlug }),
    pathTo("de", "tour", { eventGroupSlug: group.eventGroupSlug }),
  ];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
    }
  }
});
