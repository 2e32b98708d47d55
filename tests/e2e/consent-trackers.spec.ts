/**
 * The tracking providers and consent (spec §2, §4, §7, §8, §9), in Chromium against the built site whose
 * main site configures all seven providers. The providers' scripts are local stand-ins served at their real
 * addresses (support/trackers.ts); every request to a provider origin is counted. A returning visitor's
 * choice is the stored `cc_cookie_v4` cookie.
 */
import { createHash } from "node:crypto";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { CONSENT_COOKIES } from "../../src/lib/consent/cookies.ts";
import { acceptAll, type Consent, declineAll } from "../../src/lib/consent/model.ts";
import {
  PROVIDER_CONSENT,
  TRACKING_PROVIDERS,
  type TrackingProviderKey,
} from "../../src/lib/consent/providers.ts";
import { PROVIDER_SOURCES } from "../../src/lib/consent/sources.ts";
import { EVENT_SLUG, ORG_SLUG } from "../../src/pass-service/catalog/demo/keys.ts";
import {
  addOne,
  type CartType,
  cartPath,
  gatewayPay,
  methodRadio,
  payButton,
  t,
  termsCheckbox,
  ticketType,
  waitForHold,
} from "./support/buying.ts";
import { text } from "./support/locales.ts";
import {
  E2E_ERROR_DSN,
  errorReports,
  type FakeTrackerCalls,
  fakeTrackers,
  storeConsent,
} from "./support/trackers.ts";

test.use({ storageState: { cookies: [], origins: [] } });

/** Names of the cookies only trackers set (every category but necessary), with their `_<suffix>` variants. */
const TRACKER_COOKIES = CONSENT_COOKIES.filter((cookie) => cookie.category !== "necessary").map(
  (c) => c.name,
);

async function trackerCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies())
    .map((cookie) => cookie.name)
    .filter((name) => TRACKER_COOKIES.some((listed) => name === listed || name.startsWith(`${listed}_`)));
}

/** The events the storefront tracked on the page (`window.__vstupioTracked`). */
async function trackedEvents(page: Page): Promise<{ event: string; data: { value: number } }[]> {
  return page.evaluate(
    () =>
      (window as { __vstupioTracked?: { event: string; data: { value: number } }[] }).__vstupioTracked ?? [],
  );
}

async function fakeCalls(page: Page): Promise<FakeTrackerCalls> {
  return page.evaluate(() => (window as { __fakeTrackers?: FakeTrackerCalls }).__fakeTrackers ?? {});
}

/** The calls one stand-in recorded, as JSON texts (easy to search). */
async function callsOf(page: Page, key: TrackingProviderKey): Promise<string[]> {
  return ((await fakeCalls(page))[key] ?? []).map((call) => JSON.stringify(call));
}

/** The open-air cinema, whose tickets these tests put in the cart and buy. */
const CINEMA = { organizerSlug: ORG_SLUG.leto, eventSlug: EVENT_SLUG.openAirCinema };

/** Browses the catalog and puts a ticket in the cart, then waits for the network to settle. */
async function browseAndAddTicket(page: Page, ticket: CartType): Promise<void> {
  await page.goto("/");
  await page.goto(cartPath("cs", CINEMA));
  await addOne(page, "cs", ticket);
  await waitForHold(page, "cs");
  await page.waitForLoadState("networkidle");
}

/** The cinema's admission ticket, as its cart sells it in Czech. */
function someTicket(request: Parameters<typeof ticketType>[0]): Promise<CartType> {
  return ticketType(request, "openAirCinema", "vstupenka", "cs");
}

const choices: [string, Consent | null][] = [
  ["before any choice", null],
  ["after declining", declineAll()],
];
for (const [when, consent] of choices) {
  test(`${when}: no request to any tracker origin and no tracker cookie, also in the cart`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    if (consent) await storeConsent(context, baseURL as string, consent);
    const traffic = await fakeTrackers(context);
    await browseAndAddTicket(page, await someTicket(request));
    expect((await trackedEvents(page)).map((e) => e.event)).toContain("addToCart");
    expect(traffic.requests).toEqual([]);
    expect(await trackerCookies(context)).toEqual([]);
  });
}

test("accept all: each provider loads once and gets the page view; a purchase reaches them with the right amounts and the hashed e-mail", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await storeConsent(context, baseURL as string, acceptAll());
  const traffic = await fakeTrackers(context);
  await page.goto("/");
  const once = Object.fromEntries(TRACKING_PROVIDERS.map((key) => [key, 1]));
  await expect.poll(() => traffic.scripts()).toEqual(once);
  await expect
    .poll(() => callsOf(page, "adNetwork"))
    .toContainEqual(JSON.stringify(["retargetingHit", { rtgId: 424242, consent: 1 }]));
  const calls = await fakeCalls(page);
  const json = (key: TrackingProviderKey) => (calls[key] ?? []).map((call) => JSON.stringify(call));
  expect(json("tagManager").some((c) => c.includes('"event":"page_view"'))).toBe(true);
  expect(json("gtag").some((c) => c.startsWith('["event","page_view"'))).toBe(true);
  expect(json("socialPixel")).toContainEqual(JSON.stringify(["track", "PageView"]));
  expect(json("shortVideoPixel")).toContainEqual(JSON.stringify(["page"]));
  expect(json("sessionRecording")).toContainEqual(JSON.stringify(["event", "pageView"]));
  expect(json("emailMarketing")).toContainEqual(JSON.stringify(["trackPageView"]));
  // Consent Mode v2: denied by default before the Google tags, then the update of the visitor's choice.
  const consentCalls = (calls.gtag ?? []).filter((call) => (call as unknown[])[0] === "consent");
  expect(consentCalls.slice(0, 2)).toEqual([
    [
      "consent",
      "default",
      {
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
        analytics_storage: "denied",
        wait_for_update: 500,
      },
    ],
    [
      "consent",
      "update",
      {
        ad_storage: "granted",
        ad_user_data: "granted",
        ad_personalization: "granted",
        analytics_storage: "granted",
      },
    ],
  ]);
  // The trackers' cookies exist now.
  await expect.poll(() => trackerCookies(context)).toEqual(expect.arrayContaining(["_ga", "_fbp", "_clck"]));

  // A purchase with an e-mail in upper case and with spaces.
  const ticket = await someTicket(request);
  await page.goto(cartPath("cs", CINEMA));
  await addOne(page, "cs", ticket);
  await waitForHold(page, "cs");
  await page.getByLabel(t("cs", "cart.form.firstName"), { exact: true }).fill("Jana");
  await page.getByLabel(t("cs", "cart.form.lastName"), { exact: true }).fill("Nováková");
  const email = "  Jana.Novakova@Example.CZ ";
  await page.getByLabel(t("cs", "cart.form.email"), { exact: true }).fill(email);
  await page.locator("#cart-field-phone").fill("+420 777 123 456");
  await termsCheckbox(page, "cs").check();
  await methodRadio(page, "cs", 1).check();
  await payButton(page, "cs").click();
  await page.waitForURL(/\/gateway\//, { timeout: 20_000 });
  await gatewayPay(page, "cs").click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: t("cs", "order.phase.paid.heading") })).toBeVisible({
    timeout: 20_000,
  });

  // The order's value as the storefront tracked it (minor units), e.g. 7,00 € = 700 → 7 for the pixels.
  await expect
    .poll(async () => (await trackedEvents(page)).some((e) => e.event === "purchaseSuccess"))
    .toBe(true);
  const success = (await trackedEvents(page)).find((e) => e.event === "purchaseSuccess");
  const minor = success?.data.value ?? Number.NaN;
  expect(minor).toBeGreaterThan(0);
  const major = minor / 100;
  const hash = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  await expect
    .poll(() => callsOf(page, "adNetwork"))
    .toEqual(
      expect.arrayContaining([
        expect.stringContaining(`"updateIdentities",{"eid":"${hash}"`),
        expect.stringMatching(new RegExp(`"conversionHit",\\{"id":424242,"value":${minor},`)),
      ]),
    );
  const after = await fakeCalls(page);
  const texts = (key: TrackingProviderKey) => (after[key] ?? []).map((call) => JSON.stringify(call));
  expect(texts("adNetwork").join()).not.toContain("Novakova");
  expect(texts("tagManager").find((c) => c.includes('"event":"purchase"'))).toContain(`"value":${major}`);
  expect(texts("gtag").find((c) => c.startsWith('["event","purchase"'))).toContain(`"value":${major}`);
  expect(texts("socialPixel").find((c) => c.startsWith('["track","Purchase"'))).toContain(`"value":${major}`);
  expect(texts("shortVideoPixel").find((c) => c.startsWith('["track","CompletePayment"'))).toContain(
    `"value":${major}`,
  );
  expect(texts("emailMarketing").find((c) => c.startsWith('["addTrans"'))).toContain(`,${minor},`);
  expect(texts("sessionRecording")).toContainEqual(JSON.stringify(["event", "purchaseSuccess"]));
});

const switches: [string, Consent][] = [
  ["statistics only", { necessary: true, statistics: true, marketing: false }],
  ["marketing only", { necessary: true, statistics: false, marketing: true }],
];
for (const [name, consent] of switches) {
  test(`${name}: exactly the providers the consent table grants load`, async ({ page, context, baseURL }) => {
    await storeConsent(context, baseURL as string, consent);
    const traffic = await fakeTrackers(context);
    await page.goto("/");
    const expected = Object.fromEntries(
      TRACKING_PROVIDERS.map((key) => [key, PROVIDER_CONSENT[key](consent) ? 1 : 0]),
    );
    await expect.poll(() => traffic.scripts()).toEqual(expected);
    await page.waitForLoadState("networkidle");
    expect(traffic.scripts()).toEqual(expected);
    const loaded = TRACKING_PROVIDERS.filter((key) => expected[key] === 1);
    expect(loaded).toEqual(
      consent.statistics
        ? ["tagManager", "gtag", "sessionRecording", "adNetwork", "emailMarketing"]
        : ["tagManager", "gtag", "socialPixel", "shortVideoPixel", "adNetwork", "emailMarketing"],
    );
  });
}

test("the page's CSP names exactly the configured providers' origins and the DSN's", async ({ request }) => {
  const csp = (await request.get("/")).headers()["content-security-policy"] ?? "";
  const directives = new Map(
    csp.split(";").map((part) => {
      const [directive = "", ...sources] = part.trim().split(/\s+/);
      return [directive, sources] as const;
    }),
  );
  // Every third-party origin of each directive is one of the configured providers' (all seven here).
  const expected = new Map<string, Set<string>>();
  for (const key of TRACKING_PROVIDERS) {
    for (const [directive, sources] of Object.entries(PROVIDER_SOURCES[key].csp)) {
      expected.set(directive, new Set([...(expected.get(directive) ?? []), ...sources]));
    }
  }
  for (const [directive, sources] of expected) {
    // The test server's own services are http://127.0.0.1:<port>; every https:// source is a third party.
    const thirdParty = (directives.get(directive) ?? []).filter((source) => source.startsWith("https://"));
    const withoutDsn = thirdParty.filter((source) => source !== new URL(E2E_ERROR_DSN).origin);
    expect(new Set(withoutDsn)).toEqual(sources);
  }
  expect(directives.get("connect-src")).toContain(new URL(E2E_ERROR_DSN).origin);
  expect(csp).not.toContain("'unsafe-inline' https:");
  expect(directives.get("script-src")).not.toContain("'unsafe-inline'");
});

test("a provider that throws does not stop the others, and the failure is reported with the event name", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await storeConsent(context, baseURL as string, acceptAll());
  await fakeTrackers(context, { throwingSocialPixel: true });
  const reports = await errorReports(context);
  await page.goto(cartPath("cs", CINEMA));
  await expect.poll(() => callsOf(page, "socialPixel")).toContainEqual(JSON.stringify(["track", "PageView"]));
  await addOne(page, "cs", await someTicket(request));
  await expect
    .poll(async () => (await callsOf(page, "tagManager")).join())
    .toContain('"event":"add_to_cart"');
  await expect.poll(async () => (await callsOf(page, "shortVideoPixel")).join()).toContain('"AddToCart"');
  expect((await callsOf(page, "socialPixel")).join()).not.toContain("AddToCart");
  await expect.poll(() => reports.join("\n")).toContain("The social pixel failed on AddToCart");
  const report = reports.join("\n");
  expect(report).toContain('"event":"addToCart"');
  expect(report).toContain('"provider":"socialPixel:100200300400500"');
});

test("nothing of the error-reporting service loads while nothing fails", async ({
  page,
  context,
  baseURL,
}) => {
  await storeConsent(context, baseURL as string, acceptAll());
  const traffic = await fakeTrackers(context);
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await page.goto("/");
  await expect.poll(() => traffic.scripts().adNetwork).toBe(1);
  await page.waitForLoadState("networkidle");
  const bodies = await Promise.all(
    scripts
      .filter((url) => url.startsWith(baseURL as string))
      .map(async (url) => (await page.request.get(url)).text()),
  );
  expect(bodies.join("\n")).not.toContain("__SENTRY__");
});

/** An English text of the consent texts. */
const consentText = (key: string): string => text("en", "common", `consent.${key}`);

test("a first visit: Accept all on the banner loads each provider once, and each gets the page view", async ({
  page,
  context,
}) => {
  const traffic = await fakeTrackers(context);
  await page.goto("/en/");
  const banner = page.getByRole("dialog", { name: consentText("banner.title"), exact: true });
  await expect(banner).toBeVisible({ timeout: 10_000 });
  expect(traffic.requests).toEqual([]);
  await banner.getByRole("button", { name: consentText("banner.acceptAll"), exact: true }).click();
  await expect(banner).toBeHidden();
  const once = Object.fromEntries(TRACKING_PROVIDERS.map((key) => [key, 1]));
  await expect.poll(() => traffic.scripts()).toEqual(once);
  await expect.poll(() => callsOf(page, "socialPixel")).toContainEqual(JSON.stringify(["track", "PageView"]));
  await expect.poll(() => callsOf(page, "shortVideoPixel")).toContainEqual(JSON.stringify(["page"]));
  await expect.poll(() => callsOf(page, "emailMarketing")).toContainEqual(JSON.stringify(["trackPageView"]));
  // The next page is a route change: every provider gets its page view there too, still loaded once.
  await page.goto(cartPath("en"));
  await expect.poll(() => callsOf(page, "socialPixel")).toContainEqual(JSON.stringify(["track", "PageView"]));
  await expect.poll(() => callsOf(page, "tagManager")).toContainEqual(expect.stringContaining('"page_view"'));
});

test("withdrawing marketing in the settings stops the pixels, deletes their cookies and keeps the others", async ({
  page,
  context,
  baseURL,
}) => {
  await storeConsent(context, baseURL as string, acceptAll());
  const traffic = await fakeTrackers(context);
  await page.goto("/en/");
  await expect.poll(() => trackerCookies(context)).toEqual(expect.arrayContaining(["_fbp", "_ttp", "_ga"]));
  await page
    .getByRole("contentinfo")
    .getByRole("button", { name: consentText("footerLink"), exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: consentText("settings.title"), exact: true });
  await dialog.getByRole("button", { name: consentText("sections.marketing.title"), exact: true }).click();
  const marketing = dialog.getByRole("switch", {
    name: consentText("sections.marketing.switch"),
    exact: true,
  });
  await expect(marketing).toBeChecked();
  await marketing.click();
  await expect(marketing).not.toBeChecked();
  // The pixels are told, their cookies go; the statistics providers keep theirs.
  await expect.poll(() => callsOf(page, "socialPixel")).toContainEqual(JSON.stringify(["consent", "revoke"]));
  await expect.poll(() => trackerCookies(context)).not.toEqual(expect.arrayContaining(["_fbp"]));
  const left = await trackerCookies(context);
  expect(left).not.toContain("_ttp");
  expect(left).toContain("_ga");
  await expect
    .poll(async () => (await callsOf(page, "gtag")).join())
    .toContain(
      '["consent","update",{"ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","analytics_storage":"granted"}]',
    );
  // On the next page the pixels' scripts are not requested again; the statistics providers' are.
  const before = traffic.scripts();
  await page.keyboard.press("Escape");
  await page.goto("/en/");
  await expect.poll(() => traffic.scripts().sessionRecording).toBe(before.sessionRecording + 1);
  await page.waitForLoadState("networkidle");
  expect(traffic.scripts().socialPixel).toBe(before.socialPixel);
  expect(traffic.scripts().shortVideoPixel).toBe(before.shortVideoPixel);
});
