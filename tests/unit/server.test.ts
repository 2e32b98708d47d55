import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/lib/logger.ts";
import { parseTrustProxy, TRUST_NOBODY, type TrustProxy } from "../../src/lib/trust-proxy.ts";
import { createStorefrontApp } from "../../src/server/app.ts";
import { encode, negotiateEncoding } from "../../src/server/compression.ts";
import type { NodeHandler } from "../../src/server/node-handler.ts";
import {
  contentSecurityPolicy,
  cspHash,
  inlineContent,
  NO_INLINE,
  NON_PAGE_CSP,
  parseCspExtra,
} from "../../src/server/security.ts";
import { isNotModified } from "../../src/server/static-files.ts";

const INLINE_SCRIPT = "document.documentElement.dataset.ready='1'";
const INLINE_STYLE = "astro-island{display:contents}";
const LONG = "<p>Vstupenky na koncerty, festivaly a divadlo.</p>\n".repeat(60);
const PAGE = `<!doctype html><html lang="cs"><head><title>Index</title><style>${INLINE_STYLE}</style><script type="application/ld+json">{"@type":"Event"}</script><script>${INLINE_SCRIPT}</script><script type="module" src="/_astro/app.js"></script></head><body>${LONG}</body></html>`;
const NOT_FOUND_CS =
  "<!doctype html><html lang=cs><title>Stránka nenalezena</title><h1>Stránka nenalezena</h1>";
const NOT_FOUND_EN = "<!doctype html><html lang=en><title>Page not found</title><h1>Page not found</h1>";
const ASSET = `export const value = ${JSON.stringify("x".repeat(4000))};\n`;
/** Text that brotli 11 packs smaller than brotli 5 (the repeated "x" above it does not). */
const PROSE = Array.from(
  { length: 300 },
  (_, i) =>
    `Prodej vstupenek na akci číslo ${i} začíná ${(i % 28) + 1}. ${["ledna", "února", "března"][i % 3]} v ${i % 24}:00.`,
).join("\n");

const PROSE_PAGE = `<!doctype html><html lang="cs"><title>Prose</title><p>${PROSE}</p></html>`;

let root: string;
let client: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "storefront-server-"));
  client = join(root, "client");
  const files: Record<string, string> = {
    "index.html": PAGE,
    "tour/x/index.html": PAGE.replace("Index", "Tour"),
    "en/event/o/e/cart/index.html": PAGE.replace("Index", "Cart"),
    "_astro/app.js": ASSET,
    "_astro/prose.js": PROSE,
    "prose/index.html": PROSE_PAGE,
    "404.html": NOT_FOUND_CS,
    "en/404.html": NOT_FOUND_EN,
    "robots.txt": "User-agent: *\n",
    "sites/a/logo.svg": "<svg xmlns='http://www.w3.org/2000/svg'><title>A</title></svg>",
    ".hidden": "secret",
    "styled/index.html":
      '<!doctype html><html><body><div style="color:red">x</div><style>p{}</style></body></html>',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(client, path, ".."), { recursive: true });
    writeFileSync(join(client, path), text);
  }
  writeFileSync(join(root, "secret.txt"), "outside");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The server's logger as on a development stage. */
const logger = createLogger("storefront", { stage: "development" });
const app = () =>
  createStorefrontApp({ clientDir: client, serviceOrigins: ["http://pass.test:4322"], logger });

describe("static files", () => {
  it("serves directory-style pages with and without the trailing slash, without redirects", async () => {
    const a = await app().request("/tour/x");
    const b = await app().request("/tour/x/");
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.text()).toContain("<title>Tour</title>");
    expect(await b.text()).toContain("<title>Tour</title>");
  });

  it("gives pages a revalidating cache policy with validators and answers 304 when they match", async () => {
    const server = app();
    const first = await server.request("/");
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(first.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    expect(lastModified).not.toBe("");
    const byTag = await server.request("/", { headers: { "if-none-match": etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get("etag")).toBe(etag);
    expect(await byTag.text()).toBe("");
    const byDate = await server.request("/", { headers: { "if-modified-since": lastModified } });
    expect(byDate.status).toBe(304);
    const changed = await server.request("/", { headers: { "if-none-match": 'W/"other"' } });
    expect(changed.status).toBe(200);
  });

  it("caches fingerprinted assets for a year and other files for an hour", async () => {
    const asset = await app().request("/_astro/app.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const robots = await app().request("/robots.txt");
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
    const logo = await app().request("/sites/a/logo.svg");
    expect(logo.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(logo.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
  });

  it("compresses with brotli or gzip as accepted, and sends small files as they are", async () => {
    const br = await app().request("/_astro/app.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBody.byteLength);
    expect(brotliDecompressSync(brBody).toString()).toBe(ASSET);
    const gz = await app().request("/_astro/app.js", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(ASSET);
    const plain = await app().request("/_astro/app.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(ASSET);
    const small = await app().request("/robots.txt", { headers: { "accept-encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
  });

  it.each([
    ["fingerprinted assets", "/_astro/prose.js", PROSE],
    ["pages", "/prose/", PROSE_PAGE],
  ])(
    "answers %s fast first, then with the smallest compression made meanwhile",
    async (_kind, path, text) => {
      const server = app();
      const get = async () =>
        Buffer.from(
          await (await server.request(path, { headers: { "accept-encoding": "br" } })).arrayBuffer(),
        );
      const [fast, best] = await Promise.all([
        encode(Buffer.from(text), "br", "fast"),
        encode(Buffer.from(text), "br", "max"),
      ]);
      expect(best.byteLength).toBeLessThan(fast.byteLength);
      const first = await get();
      expect(first.equals(fast)).toBe(true);
      // The smallest compression replaces the fast one once it is made (in the background).
      await expect.poll(async () => (await get()).equals(best), { timeout: 10_000 }).toBe(true);
      expect(brotliDecompressSync(await get()).toString()).toBe(text);
    },
  );

  it("answers unknown paths with the 404 page, the locale's own under its prefix", async () => {
    const cs = await app().request("/nic-takoveho");
    expect(cs.status).toBe(404);
    expect(await cs.text()).toBe(NOT_FOUND_CS);
    expect(cs.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const en = await app().request("/en/nothing-here/");
    expect(en.status).toBe(404);
    expect(await en.text()).toBe(NOT_FOUND_EN);
    const de = await app().request("/de/nichts");
    expect(await de.text()).toBe(NOT_FOUND_CS);
  });

  it("refuses paths that leave the folder or name hidden files", async () => {
    for (const path of [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/.hidden",
      "/%2ehidden",
      "/a%00b",
      "/%E0%A4%A",
    ]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/outside|secret/);
    }
  });
});

describe("security headers", () => {
  it("sends every security header, and no HSTS over plain http", async () => {
    const plain = await app().request("/");
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
    expect(plain.headers.get("permissions-policy")).toContain("camera=()");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  it("keeps the windows of pages where a buyer signs in, pays or sees their data from other sites' windows, not the catalog's", async () => {
    for (const path of ["/en/event/o/e/cart/", "/en/event/o/e/cart", "/en/event/o/e/cart/index.html"]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cross-origin-opener-policy"), path).toBe("same-origin-allow-popups");
      const etag = res.headers.get("etag") ?? "";
      const revalidated = await app().request(path, { headers: { "If-None-Match": etag } });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.headers.get("cross-origin-opener-policy"), path).toBe("same-origin-allow-popups");
    }
    for (const path of ["/", "/tour/x/", "/prose/"]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(res.headers.get("cross-origin-opener-policy"), path).toBeNull();
    }
  });

  it("sends a file that is not a page the headers that apply to it, and a page's 304 the page's", async () => {
    for (const path of ["/_astro/app.js", "/sites/a/logo.svg", "/robots.txt"]) {
      const res = await app().request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      // Opened by itself (an SVG is a document then), it loads and runs nothing, and nothing frames it.
      expect(res.headers.get("content-security-policy"), path).toBe(NON_PAGE_CSP);
      expect(res.headers.get("permissions-policy"), path).toBeNull();
      expect(res.headers.get("cross-origin-opener-policy"), path).toBeNull();
    }
    // A 304's headers replace those stored with the page: a page's 304 has no Content-Type, and the page's headers.
    const page = await app().request("/");
    const etag = page.headers.get("etag") ?? "";
    const revalidated = await app().request("/", { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-type")).toBeNull();
    expect(revalidated.headers.get("content-security-policy")).toBe(
      page.headers.get("content-security-policy"),
    );
    expect(revalidated.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("believes X-Forwarded-Proto (HSTS) only from a trusted proxy", async () => {
    const served = async (trustProxy: TrustProxy) => {
      const app = createStorefrontApp({ clientDir: client, serviceOrigins: [], trustProxy, logger });
      const info = await new Promise<{ port: number; close: () => void }>((done) => {
        const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (i) =>
          done({ port: i.port, close: () => server.close() }),
        );
      });
      const res = await fetch(`http://127.0.0.1:${info.port}/`, {
        headers: { "x-forwarded-proto": "https" },
      });
      info.close();
      return res;
    };
    const claimed = await served(TRUST_NOBODY);
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
    expect(claimed.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    const proxied = await served(parseTrustProxy("loopback"));
    expect(proxied.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(proxied.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("allows exactly the page's inline script and style by hash, the pass service for images, calls and forms", async () => {
    const csp = (await app().request("/")).headers.get("content-security-policy") ?? "";
    const directive = (name: string) =>
      csp
        .split("; ")
        .find((d) => d.startsWith(`${name} `))
        ?.split(" ")
        .slice(1);
    expect(directive("default-src")).toEqual(["'self'"]);
    expect(directive("script-src")).toEqual(["'self'", cspHash(INLINE_SCRIPT)]);
    expect(directive("style-src")).toEqual(["'self'", cspHash(INLINE_STYLE)]);
    expect(directive("img-src")).toEqual(["'self'", "data:", "http://pass.test:4322"]);
    expect(directive("connect-src")).toEqual(["'self'", "http://pass.test:4322"]);
    expect(directive("form-action")).toEqual(["'self'", "http://pass.test:4322"]);
    expect(directive("frame-ancestors")).toEqual(["'none'"]);
    expect(directive("base-uri")).toEqual(["'self'"]);
  });

  it("falls back to 'unsafe-inline' styles on a page with style attributes", async () => {
    const csp = (await app().request("/styled/")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("style-src 'self' 'unsafe-inline';");
  });

  it("finds inline scripts and skips data blocks and external scripts", () => {
    const found = inlineContent(
      `<script>a()</script><script type="module">b()</script><script type="application/json" id="x">{"a":1}</script>` +
        `<script type='application/ld+json'>{}</script><script src="/x.js"></script><p>style="not an attribute"</p>`,
    );
    expect(found.scriptHashes).toEqual([cspHash("a()"), cspHash("b()")]);
    expect(found.styleAttributes).toBe(false);
  });

  it("adds an operator's extra sources (CSP_EXTRA)", () => {
    const extra = parseCspExtra("script-src https://tags.example; frame-src https://pay.example");
    const csp = contentSecurityPolicy({ serviceOrigins: [], inline: NO_INLINE, https: false, extra });
    expect(csp).toContain("script-src 'self' https://tags.example;");
    expect(csp).toContain("frame-src 'self' https://pay.example");
    expect(() => parseCspExtra("script_src x")).toThrow(/directive/);
  });
});

describe("negotiation and validators", () => {
  it("prefers brotli, honours q-values and refusals", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it("compares entity tags weakly and lists of them", () => {
    const last = new Date(0).toUTCString();
    expect(isNotModified({ ifNoneMatch: '"a", W/"b"', ifModifiedSince: undefined }, 'W/"b"', last)).toBe(
      true,
    );
    expect(isNotModified({ ifNoneMatch: "*", ifModifiedSince: undefined }, 'W/"b"', last)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"c"', ifModifiedSince: last }, 'W/"b"', last)).toBe(false);
  });
});

describe("on-demand pages through a Node handler", () => {
  const handler: NodeHandler = (req, res) => {
    const out = res as unknown as import("node:http").ServerResponse;
    const url = req.url ?? "/";
    if (url.startsWith("/api/json")) {
      out.setHeader("Content-Type", "application/json");
      out.writeHead(200, { "Set-Cookie": ["a=1; Path=/", "b=2; Path=/"] });
      out.write(JSON.stringify({ items: "y".repeat(3000) }));
      out.end();
    } else if (url.startsWith("/order/")) {
      out.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      out.write("<!doctype html><html><head><script>order()</script></head><body>");
      setTimeout(() => out.end(`${LONG}</body></html>`), 5);
    } else if (url.startsWith("/en/")) {
      out.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
      out.end("<!doctype html><title>Rendered 404</title>");
    } else {
      out.writeHead(404);
      out.end();
    }
  };
  let base = "";
  let close: () => void = () => {};

  beforeAll(async () => {
    const app = createStorefrontApp({ clientDir: client, astroHandler: handler, serviceOrigins: [], logger });
    const info = await new Promise<AddressInfo>((done) => {
      const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, done);
      close = () => server.close();
    });
    base = `http://127.0.0.1:${info.port}`;
  });
  afterAll(() => close());

  it("passes requests no file answers to the handler, with its headers and cookies", async () => {
    const res = await fetch(`${base}/api/json`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await res.json()) as unknown).toEqual({ items: "y".repeat(3000) });
  });

  it("hashes an on-demand page's inline scripts into its CSP and compresses it", async () => {
    const res = await fetch(`${base}/order/1`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-security-policy")).toContain(`script-src 'self' ${cspHash("order()")}`);
    expect(await res.text()).toContain("</body></html>");
  });

  it("keeps a 404 page the handler renders, and sends the built one when it renders none", async () => {
    const rendered = await fetch(`${base}/en/nothing`);
    expect(rendered.status).toBe(404);
    expect(await rendered.text()).toContain("Rendered 404");
    const empty = await fetch(`${base}/nothing`);
    expect(empty.status).toBe(404);
    expect(await empty.text()).toBe(NOT_FOUND_CS);
    expect(empty.headers.get("x-frame-options")).toBe("DENY");
  });

  it("still serves files before the handler", async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(await res.text()).toBe("User-agent: *\n");
  });
});
