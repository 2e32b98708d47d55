/**
 * The production server in front of the built site (src/server/): cache policy and validators, compression,
 * security headers and a CSP that the pages live with, directory-style paths and the 404 page.
 */
import { expect, type Page, test } from "@playwright/test";
import { createApiClient as createPassClient } from "../../src/client/http.ts";
import { CALLS } from "../../src/contract/index.ts";
import { pathTo } from "../../src/lib/routes.ts";

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "permissions-policy",
];

/** The pass service of the test server (one port above the storefront, see playwright.config.ts). */
function passUrl(baseURL: string): string {
  const url = new URL(baseURL);
  return `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`;
}

/** A sample event page and tour page of the test catalog. */
async function samplePages(baseURL: string): Promise<{ event: string; tour: string }> {
  const pass = createPassClient({
    baseUrl: passUrl(baseURL),
    agentVersion: "e2e",
    agentSource: "web",
    language: "cs",
  });
  const [{ events }, { groups }] = await Promise.all([
    pass.call(CALLS["v2.staticPathsEvents"]),
    pass.call(CALLS["v2.staticPathsGroups"]),
  ]);
  const event = events[0];
  const group = groups[0];
  if (!event || !group) throw new Error("The test catalog has no event or no tour");
  return {
    event: pathTo("cs", "event", { organizerSlug: event.organizerSlug, eventSlug: event.eventSlug }),
    tour: pathTo("en", "tour", { eventGroupSlug: group.eventGroupSlug }),
  };
}

test("pages revalidate on every use; fingerprinted assets are cached for a year", async ({ request }) => {
  const page = await request.get("/");
  expect(page.status()).toBe(200);
  expect(page.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect(page.headers().etag).toMatch(/^W\/".+"$/);
  expect(Date.parse(page.headers()["last-modified"] ?? "")).not.toBeNaN();
  const html = await page.text();
  // Pages carry their CSS inline; their scripts are named by the islands' component and renderer URLs.
  const assets = [...html.matchAll(/(?:href|src|component-url|renderer-url)="(\/_astro\/[^"]+)"/g)].map(
    (m) => m[1] ?? "",
  );
  expect(assets.length, "the index references built assets").toBeGreaterThan(0);
  const asset = await request.get(assets[0] ?? "");
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const favicon = await request.get("/favicon.svg");
  expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
});

test("a revalidation answers 304 Not Modified", async ({ request }) => {
  const first = await request.get("/en/");
  const etag = first.headers().etag ?? "";
  const byTag = await request.get("/en/", { headers: { "if-none-match": etag } });
  expect(byTag.status()).toBe(304);
  expect(byTag.headers().etag).toBe(etag);
  expect((await byTag.body()).byteLength).toBe(0);
  const byDate = await request.get("/en/", {
    headers: { "if-modified-since": first.headers()["last-modified"] ?? "" },
  });
  expect(byDate.status()).toBe(304);
  const stale = await request.get("/en/", { headers: { "if-none-match": 'W/"stale"' } });
  expect(stale.status()).toBe(200);
});

test("responses are compressed with brotli or gzip, as the client accepts", async ({ request }) => {
  for (const encoding of ["br", "gzip"]) {
    const res = await request.get("/", { headers: { "accept-encoding": encoding } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-encoding"], encoding).toBe(encoding);
    expect(res.headers().vary).toContain("Accept-Encoding");
    expect(await res.text()).toContain("<html");
  }
  const identity = await request.get("/", { headers: { "accept-encoding": "identity" } });
  expect(identity.headers()["content-encoding"]).toBeUndefined();
});

test("a page answers with and without the trailing slash, without a redirect", async ({
  request,
  baseURL,
}) => {
  const { event } = await samplePages(baseURL ?? "");
  for (const path of [event, `${event}/`, "/en", "/en/"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toBe("text/html; charset=utf-8");
  }
});

test("the cart keeps its window from other sites' windows; the catalog's pages, the same for everyone, do not", async ({
  request,
}) => {
  const event = /href="(\/event\/[^/"]+\/[^/"]+\/)"/.exec(await (await request.get("/")).text())?.[1];
  expect(event, "an event linked from the index").toBeTruthy();
  for (const path of ["/", event ?? "", "/terms/"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cross-origin-opener-policy"], path).toBeUndefined();
  }
  for (const path of [`${event}cart/`, "/en/login/", "/account/"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cross-origin-opener-policy"], path).toBe("same-origin-allow-popups");
  }
});

test("every security header is on pages and the 404 page, those that apply on assets; HSTS only over https", async ({
  request,
}) => {
  const script = /\/_astro\/[^"]+\.js/.exec(await (await request.get("/")).text())?.[0];
  expect(script, "a script of the index").toBeTruthy();
  for (const path of ["/", "/favicon.svg", "/e2e-no-such-page-3b1c", script ?? ""]) {
    const res = await request.get(path);
    const page = res.headers()["content-type"]?.startsWith("text/html") ?? false;
    for (const header of SECURITY_HEADERS) {
      if (page || header !== "permissions-policy")
        expect(res.headers()[header], `${header} on ${path}`).toBeTruthy();
    }
    expect(res.headers()["x-frame-options"]).toBe("DENY");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers()["strict-transport-security"], `no HSTS over http on ${path}`).toBeUndefined();
    if (!page) {
      // Document-only headers stay off the rest; its CSP allows nothing, should it be opened by itself.
      expect(res.headers()["permissions-policy"], path).toBeUndefined();
      expect(res.headers()["cross-origin-opener-policy"], path).toBeUndefined();
      expect(res.headers()["content-security-policy"], path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  }
  const csp = (await request.get("/")).headers()["content-security-policy"] ?? "";
  for (const directive of [
    "default-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ]) {
    expect(csp).toContain(directive);
  }
  const proxied = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(proxied.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("an unknown path answers 404 with the site's 404 page, in the path's language", async ({ request }) => {
  const cs = await request.get("/e2e-no-such-page-3b1c");
  expect(cs.status()).toBe(404);
  expect(cs.headers()["content-type"]).toBe("text/html; charset=utf-8");
  const csHtml = await cs.text();
  expect(csHtml).toContain('<html lang="cs"');
  expect(csHtml).toMatch(/<meta name="robots" content="noindex"/);
  const en = await request.get("/en/e2e-no-such-page-3b1c/");
  expect(en.status()).toBe(404);
  expect(await en.text()).toContain('<html lang="en"');
  const asset = await request.get("/_astro/e2e-missing.js");
  expect(asset.status()).toBe(404);
});

/** Records CSP violations the page reports (events and console messages). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("__reportCsp", (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCsp(line: string): void }).__reportCsp(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${location.pathname}`,
      );
    });
  });
  return violations;
}

test("the CSP lets the index, an event page and a tour page load without violations", async ({
  page,
  baseURL,
}) => {
  const { event, tour } = await samplePages(baseURL ?? "");
  const violations = await watchCsp(page);
  for (const path of ["/", event, tour]) {
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response?.status(), path).toBe(200);
    expect(response?.headers()["content-security-policy"], path).toContain("script-src 'self'");
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});
