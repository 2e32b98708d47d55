/**
 * White-label sites (spec §1, sites.config.json): `SITE_HOST=<host> npm run build` builds only the pages of
 * the site's organizer or tour, with its logo, name, brand colours and tracking ids; the main build holds
 * every organizer. The two demo sites are built here from the test server's pass service into their own
 * folders and served by the production server on the ports above the test server's. Their catalog pages, with
 * the site's logo and colours, are checked by the W3C Nu Html Checker.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { createApiClient as createPassClient } from "../../src/client/http.ts";
import { CALLS } from "../../src/contract/index.ts";
import { nuErrors, type ServedPage } from "./support/nu.ts";
import { ROOT, runScript } from "./support/scripts.ts";
import { localeOfPath, pageTypeOf } from "./support/site.ts";

const ORGANIZER_SITE = {
  host: "vstupenky.louka-open-air.example",
  name: "Louka Open Air",
  organizer: "louka-open-air",
};
const TOUR_SITE = { host: "turne-na-sever.example", name: "Turné na sever", tour: "turne-na-sever" };

test.describe.configure({ mode: "serial" });

interface Served {
  dir: string;
  url: string;
  server: ChildProcess;
}

const served = new Map<string, Served>();
let storefrontPort = 0;

/** Builds a white-label site into the test server's cache folder and serves it on `port`. */
async function buildAndServe(host: string, port: number): Promise<Served> {
  const dir = join(ROOT, `.cache/e2e-${storefrontPort}/sites/${host}`);
  rmSync(dir, { recursive: true, force: true });
  const passApiUrl = `http://127.0.0.1:${storefrontPort + 1}`;
  await runScript("scripts/build.ts", {
    SITE_HOST: host,
    OUT_DIR: dir,
    PASS_API_URL: passApiUrl,
    LOG_LEVEL: "warn",
  });
  const server = spawn(process.execPath, [join(ROOT, "scripts/serve.ts")], {
    cwd: ROOT,
    env: { ...process.env, OUT_DIR: dir, HOST: "127.0.0.1", PORT: String(port), PASS_API_URL: passApiUrl },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      if (tries > 100) throw new Error(`the white-label server for ${host} did not start`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { dir, url, server };
}

test.beforeAll(async () => {
  const testInfo = test.info();
  testInfo.setTimeout(300_000);
  storefrontPort = Number(new URL(testInfo.project.use.baseURL ?? "").port);
  served.set(ORGANIZER_SITE.host, await buildAndServe(ORGANIZER_SITE.host, storefrontPort + 2));
  served.set(TOUR_SITE.host, await buildAndServe(TOUR_SITE.host, storefrontPort + 3));
});

test.afterAll(() => {
  for (const { server } of served.values()) server.kill("SIGTERM");
});

function site(host: string): Served {
  const found = served.get(host);
  if (!found) throw new Error(`${host} was not built`);
  return found;
}

/** Sub-folders of a built folder (none when it does not exist). */
function folders(path: string): string[] {
  return existsSync(path) ? readdirSync(path).sort() : [];
}

function pass() {
  return createPassClient({
    baseUrl: `http://127.0.0.1:${storefrontPort + 1}`,
    agentVersion: "e2e",
    agentSource: "web",
    language: "cs",
  });
}

test("the organizer's site holds only that organizer's pages", async ({ request }) => {
  const { dir, url } = site(ORGANIZER_SITE.host);
  const client = join(dir, "current", "client");
  for (const prefix of ["", "en", "de", "sk"]) {
    expect(folders(join(client, prefix, "event")), `${prefix}/event`).toEqual([ORGANIZER_SITE.organizer]);
    expect(folders(join(client, prefix, "organizer")), `${prefix}/organizer`).toEqual([
      ORGANIZER_SITE.organizer,
    ]);
  }
  const { events } = await pass().call(CALLS["v2.staticPathsEvents"]);
  const own = events.filter((e) => e.organizerSlug === ORGANIZER_SITE.organizer).map((e) => e.eventSlug);
  expect(folders(join(client, "event", ORGANIZER_SITE.organizer))).toEqual([...own].sort());
  // Its index links to its own events only, and its sitemap is on its own host.
  const index = await (await request.get(`${url}/`)).text();
  const eventLinks = [...index.matchAll(/href="(\/event\/[^"]+)"/g)].map((m) => m[1] ?? "");
  expect(eventLinks.length).toBeGreaterThan(0);
  for (const link of eventLinks) expect(link).toMatch(new RegExp(`^/event/${ORGANIZER_SITE.organizer}/`));
  const robots = await (await request.get(`${url}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: https://${ORGANIZER_SITE.host}/sitemap-index.xml`);
  const events404 = await request.get(
    `${url}/event/${events.find((e) => e.organizerSlug !== ORGANIZER_SITE.organizer)?.organizerSlug}/x/`,
  );
  expect(events404.status()).toBe(404);
});

test("the organizer's site shows its logo, name and brand colour, and exposes its tracking ids", async ({
  page,
}) => {
  const { url } = site(ORGANIZER_SITE.host);
  await page.goto(`${url}/en/`);
  const logo = page.getByRole("banner").getByRole("img", { name: ORGANIZER_SITE.name });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute("src", "/sites/louka-open-air/logo.svg");
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole("contentinfo")).toContainText(
    `© ${new Date().getFullYear()} ${ORGANIZER_SITE.name}`,
  );
  const colours = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    const current = document.querySelector('header a[aria-current="true"]');
    return {
      brand: style.getPropertyValue("--color-brand-600").trim(),
      brandDark: style.getPropertyValue("--color-brand-800").trim(),
      currentLanguage: current ? getComputedStyle(current).color : "",
    };
  });
  expect(colours.brand).toBe("#15803d");
  expect(colours.brandDark).toBe("#14532d");
  expect(colours.currentLanguage).toBe("rgb(20, 83, 45)");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#15803d");
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", ORGANIZER_SITE.name);
  const tracking = await page.locator("script#site-tracking").textContent();
  expect(JSON.parse(tracking ?? "")).toEqual({});
  await expect(page.locator("html")).toHaveAttribute("data-site", ORGANIZER_SITE.host);
});

test("the tour's site holds only the tour's events and its own tour page", async () => {
  const { dir } = site(TOUR_SITE.host);
  const client = join(dir, "current", "client");
  const p = pass();
  const { eventGroup } = await p.call(CALLS["v2.groupBySlug"], {
    params: { eventGroupSlug: TOUR_SITE.tour },
  });
  const { events } = await p.call(CALLS["event.groupEvents"], {
    query: { eventGroupId: eventGroup.eventGroupId },
  });
  const own = new Set(events.map((e) => `${e.organizerSlug}/${e.eventSlug}`));
  const built = folders(join(client, "event")).flatMap((org) =>
    folders(join(client, "event", org)).map((slug) => `${org}/${slug}`),
  );
  expect(built.length).toBeGreaterThan(0);
  for (const page of built) expect(own.has(page), page).toBe(true);
  expect(folders(join(client, "tour"))).toEqual([TOUR_SITE.tour]);
  expect(folders(join(client, "organizer"))).toEqual([]);
});

test("a catalog page of every kind of both sites, in every locale, passes the W3C Nu Html Checker", async () => {
  const pages: ServedPage[] = [];
  for (const host of [ORGANIZER_SITE.host, TOUR_SITE.host]) {
    const client = join(site(host).dir, "current", "client");
    const seen = new Set<string>();
    const files = readdirSync(client, { recursive: true, encoding: "utf8" }).sort();
    for (const file of files.filter((f) => f.endsWith("index.html"))) {
      const path = `/${file.replace(/index\.html$/, "")}`;
      const type = pageTypeOf(path);
      // The other pages are the main site's, checked with its crawl (site-crawl.spec.ts).
      const kind = `${localeOfPath(path)} ${type}`;
      if (!type || seen.has(kind)) continue;
      seen.add(kind);
      pages.push({ path: `${host}${path}`, html: readFileSync(join(client, file), "utf8") });
    }
    expect([...seen].filter((kind) => kind.endsWith(" cart")).length, `${host}: carts`).toBe(4);
  }
  expect(await nuErrors(pages), "the Nu checker's errors").toEqual([]);
});

test("the main build holds every organizer's pages and the storefront's own brand", async ({
  page,
  baseURL,
}) => {
  const client = join(ROOT, `.cache/e2e-${storefrontPort}/dist/current/client`);
  const { events } = await pass().call(CALLS["v2.staticPathsEvents"]);
  const organizers = [...new Set(events.map((e) => e.organizerSlug))].sort();
  expect(organizers.length).toBeGreaterThan(1);
  expect(folders(join(client, "event"))).toEqual(organizers);
  await page.goto(`${baseURL}/`);
  await expect(page.locator("html")).toHaveAttribute("data-site", "localhost");
  await expect(page.getByRole("banner").getByRole("img")).toHaveCount(0);
  await expect(page.getByRole("banner")).toContainText("Vstupio");
  const brand = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--color-brand-600").trim(),
  );
  expect(brand).toBe("#7c3aea");
});
