/**
 * Incremental republishing (scripts/lib/publish/): a real pass service with a small catalog, a real full
 * publish into a temporary site folder, the real storefront server on it. Changing one event republishes
 * exactly its pages and the listings and sitemaps that show it; a hidden event's pages are gone and answer
 * 404; a failed run leaves the served release byte for byte as it was; an old release that cannot be deleted
 * does not fail a run that published; the site answers throughout; rollback switches back; other code makes a
 * full run; a tour left without visible events says so on its page. Runs in
 * the api-pglite project only (like build.test.ts): a publish does not depend on the database engine, and its
 * builds take a while.
 */

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import { parseImageVariantUrl } from "../../src/lib/image-url.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { pathTo } from "../../src/lib/routes.ts";
import { importCatalog } from "../../src/pass-service/catalog/import.ts";
import { type CatalogInput, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { type RunningService, startPassService } from "../../src/pass-service/server.ts";
import { imageEndpoint, variantStore } from "../../src/server/images.ts";
import { type RunningStorefront, startStorefrontServer } from "../../src/server/server.ts";
import { text } from "../e2e/support/locales.ts";
import { largeCatalog } from "../support/large-catalog.ts";

const ROOT = join(import.meta.dirname, "../..");

/** Makes a file immutable (`chattr +i`: not even root can delete it) or mutable again; false where it cannot. */
function immutable(file: string, on: boolean): boolean {
  try {
    execFileSync("chattr", [on ? "+i" : "-i", file], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
// Under the repository: the server build imports its packages from node_modules.
const WORK = join(ROOT, ".cache", `rebuild-test-${process.pid}`);
const DIST = join(WORK, "dist");
// The publish reads these from the environment. Test files share their worker process (vitest.config.ts), so
// the file puts back what it found when it is done.
const SET_ENV = ["OUT_DIR", "PUBLISH_WORKERS", "PASS_API_URL", "PASS_PUBLIC_URL"] as const;
const envBefore = Object.fromEntries(SET_ENV.map((name) => [name, process.env[name]]));
afterAll(() => {
  for (const name of SET_ENV) {
    if (envBefore[name] === undefined) delete process.env[name];
    else process.env[name] = envBefore[name];
  }
});
process.env.OUT_DIR = DIST;
process.env.PUBLISH_WORKERS = "2";
const { publish, warmingDone } = await import("../../scripts/lib/publish/publish.ts");
const { lcpPreloadUrls } = await import("../../scripts/lib/publish/warm.ts");
const { publishOptions, rollback } = await import("../../scripts/lib/publish/run.ts");

const NOW = new Date();
const quiet = (): void => {};

/** Content hash of every file of the served release, by path under `client/`. */
function snapshot(): Map<string, string> {
  const client = join(DIST, "current", "client");
  const files = new Map<string, string>();
  for (const file of readdirSync(client, { recursive: true, encoding: "utf8" })) {
    const path = join(client, file);
    try {
      files.set(file, createHash("sha256").update(readFileSync(path)).digest("hex"));
    } catch {
      // a folder
    }
  }
  return files;
}

/** Files added, removed or changed between two snapshots. */
function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}

/** The files of an event's pages (event and cart page in every locale). */
function eventFiles(organizerSlug: string, eventSlug: string): string[] {
  return LOCALES.flatMap((locale) =>
    (["event", "cart"] as const).map(
      (route) => `${pathTo(locale, route, { organizerSlug, eventSlug }).slice(1)}index.html`,
    ),
  );
}

/** A proxy to the service that answers 500 for requests whose URL contains `failOn` (when set). */
async function startFaultyProxy(
  target: string,
): Promise<{ url: string; server: Server; failOn: { text: string } }> {
  const failOn = { text: "" };
  const server = createServer((req, res) => {
    if (failOn.text && req.url?.includes(failOn.text)) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end("{}");
      return;
    }
    const upstream = httpRequest(
      new URL(req.url ?? "/", target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, failOn };
}

describe.runIf(process.env.TEST_DB !== "postgres")("republishing changed events", () => {
  let service: RunningService;
  let site: RunningStorefront;
  let proxy: Awaited<ReturnType<typeof startFaultyProxy>>;
  const catalog = largeCatalog(6, NOW) as CatalogInput & { events: { visible?: boolean }[] };
  const options = () => publishOptions(proxy.url, { log: quiet });
  /** Imports the catalog as it is now (each import stamps the changed pages' digests). */
  const reimport = () => importCatalog(service.database.db, parseCatalog(catalog), { now: new Date() });

  beforeAll(async () => {
    service = await startPassService({
      port: 0,
      host: "127.0.0.1",
      dataDir: "memory",
      seed: false,
      logLevel: "silent",
    });
    await reimport();
    proxy = await startFaultyProxy(service.url);
    // The server renders its 404 pages on demand, with the service's address.
    process.env.PASS_API_URL = proxy.url;
    // The service names its images under its own address: public, as the pages' image variants see it.
    process.env.PASS_PUBLIC_URL = service.url;
    const first = await publish(options());
    if (first.mode !== "full") throw new Error(`the first publish failed: ${first.error}`);
    site = await startStorefrontServer({
      distDir: DIST,
      host: "127.0.0.1",
      port: 0,
      serviceUrls: [proxy.url],
      logger: createLogger("storefront", { stage: "development" }),
    });
  }, 300_000);

  afterAll(async () => {
    await warmingDone();
    await site?.close();
    await service?.close();
    await new Promise<void>((resolve) => (proxy ? proxy.server.close(() => resolve()) : resolve()));
    rmSync(WORK, { recursive: true, force: true });
  });

  /** Polls the site until `check` holds for the answer to `path` (the server reads `current` once a second). */
  const eventually = async (path: string, check: (status: number) => boolean): Promise<number> => {
    let status = 0;
    for (let i = 0; i < 50; i++) {
      status = (await fetch(new URL(path, site.url))).status;
      if (check(status)) return status;
      await new Promise((r) => setTimeout(r, 100));
    }
    return status;
  };

  test("with nothing changed, a run publishes nothing", async () => {
    const current = readlinkSync(join(DIST, "current"));
    const report = await publish(options());
    expect(report.mode).toBe("nothing");
    expect(readlinkSync(join(DIST, "current"))).toBe(current);
  });

  test("one changed event republishes its pages and the listings that show it, nothing else; the site answers throughout", {
    timeout: 120_000,
  }, async () => {
    const event = catalog.events[1];
    if (!event) throw new Error("no event");
    const before = snapshot();
    event.name = { cs: "Změněný den", en: "Changed day", de: "Geänderter Tag", sk: "Zmenený deň" };
    await reimport();
    const { events } = (await (await fetch(`${service.url}/api/v2/static-paths/events`)).json()) as {
      events: { eventId: string; organizerSlug: string; eventSlug: string }[];
    };
    const entry = events.find((e) => e.eventId === event.eventId);
    if (!entry) throw new Error("the event has no page");
    const own = eventFiles(entry.organizerSlug, entry.eventSlug);
    const polled: number[] = [];
    let publishing = true;
    const poll = (async () => {
      while (publishing) {
        for (const path of ["/", `/${own[0]?.replace(/index\.html$/, "")}`, "/en/"]) {
          polled.push((await fetch(new URL(path, site.url))).status);
        }
      }
    })();
    const report = await publish(options());
    publishing = false;
    await poll;
    expect(report.mode, report.error).toBe("incremental");
    expect(report.reason).toContain(`${entry.organizerSlug}/${entry.eventSlug}`);
    const changed = changedFiles(before, snapshot());
    // Its own pages changed in every locale…
    expect(changed).toEqual(expect.arrayContaining(own));
    // …and besides them only listing pages and sitemaps: no other event's page, no asset, no other page.
    const others = changed.filter((f) => !own.includes(f));
    const listing =
      /^((en|de|sk)\/)?(index\.html|organizer\/[^/]+\/index\.html|tour\/[^/]+\/index\.html)$|^sitemap-[\w-]+\.xml$/;
    expect(others.filter((f) => !listing.test(f))).toEqual([]);
    expect(others).toEqual(expect.arrayContaining(["index.html", "en/index.html", "sitemap-events.xml"]));
    expect(report.rendered).toBeLessThan(report.pages / 2);
    expect(polled.length).toBeGreaterThan(0);
    expect(polled.filter((s) => s !== 200)).toEqual([]);
  });

  test("a republished event's LCP image variants are in the image cache before any request; no other event's are made", {
    timeout: 120_000,
  }, async () => {
    const [changed, unchanged] = [catalog.events[4], catalog.events[5]];
    if (!changed || !unchanged) throw new Error("no event");
    const { events } = (await (await fetch(`${service.url}/api/v2/static-paths/events`)).json()) as {
      events: { eventId: string; organizerSlug: string; eventSlug: string }[];
    };
    const pageOf = (eventId: string): string => {
      const entry = events.find((e) => e.eventId === eventId);
      if (!entry) throw new Error("the event has no page");
      return pathTo("en", "event", { organizerSlug: entry.organizerSlug, eventSlug: entry.eventSlug });
    };
    const variantsOf = (eventId: string) => {
      const html = readFileSync(
        join(DIST, "current", "client", `${pageOf(eventId).slice(1)}index.html`),
        "utf8",
      );
      return lcpPreloadUrls(html).map((url) => parseImageVariantUrl(url));
    };
    const cacheDir = join(DIST, "image-cache");
    const store = variantStore({ passApiUrl: proxy.url, cacheDir });
    await warmingDone();
    rmSync(cacheDir, { recursive: true, force: true });

    changed.name = { cs: "Ranní koncert", en: "Morning concert", de: "Morgenkonzert", sk: "Ranný koncert" };
    await reimport();
    const report = await publish(options());
    expect(report.mode, report.error).toBe("incremental");
    await warmingDone();
    expect(report.warm?.failed).toBe(0);
    expect(report.warm?.encoded).toBeGreaterThan(0);

    // The phone's and the desktop's picks of the changed event's poster preload, made before any request…
    const own = variantsOf(changed.eventId);
    expect(own.length).toBeGreaterThanOrEqual(2);
    for (const variant of own) expect(variant && (await store.has(variant))).toBe(true);
    // …and the first request for the phone's pick reads the cache (the endpoint of the storefront server).
    const html = await (await fetch(new URL(pageOf(changed.eventId), site.url))).text();
    const address = lcpPreloadUrls(html)[0];
    if (!address) throw new Error("the page preloads no image");
    const image = await imageEndpoint({ passApiUrl: proxy.url, cacheDir })(
      new Request(new URL(address, site.url)),
    );
    expect(image.status).toBe(200);
    expect(image.headers.get("x-cache")).toBe("hit");
    // An event the run did not republish: its poster variants were not made.
    for (const variant of variantsOf(unchanged.eventId)) {
      expect(variant && (await store.has(variant))).toBe(false);
    }
  });

  test("a hidden event's pages are gone from disk and answer 404", { timeout: 120_000 }, async () => {
    const event = catalog.events[2];
    if (!event) throw new Error("no event");
    const { events } = (await (await fetch(`${service.url}/api/v2/static-paths/events`)).json()) as {
      events: { eventId: string; organizerSlug: string; eventSlug: string }[];
    };
    const entry = events.find((e) => e.eventId === event.eventId);
    if (!entry) throw new Error("the event has no page");
    const own = eventFiles(entry.organizerSlug, entry.eventSlug);
    const page = pathTo("en", "event", { organizerSlug: entry.organizerSlug, eventSlug: entry.eventSlug });
    expect((await fetch(new URL(page, site.url))).status).toBe(200);
    event.visible = false;
    await reimport();
    const report = await publish(options());
    expect(report.mode, report.error).toBe("incremental");
    expect(report.removed).toBe(own.length);
    const files = snapshot();
    expect(own.filter((f) => files.has(f))).toEqual([]);
    expect(await eventually(page, (s) => s === 404)).toBe(404);
    const answer = await fetch(new URL(page, site.url));
    expect(answer.headers.get("content-type")).toContain("text/html");
    expect(await answer.text()).toContain("</html>");
  });

  test("a run that fails publishes nothing: the served release stays byte for byte", {
    timeout: 120_000,
  }, async () => {
    const event = catalog.events[3];
    if (!event) throw new Error("no event");
    const current = readlinkSync(join(DIST, "current"));
    const before = snapshot();
    event.name = { cs: "Nový název", en: "New name", de: "Neuer Name", sk: "Nový názov" };
    await reimport();
    proxy.failOn.text = event.eventId;
    const failed = await publish(options());
    proxy.failOn.text = "";
    expect(failed.mode).toBe("failed");
    expect(readlinkSync(join(DIST, "current"))).toBe(current);
    expect(changedFiles(before, snapshot())).toEqual([]);
    expect(readdirSync(join(DIST, "releases")).filter((name) => name.startsWith("."))).toEqual([]);
    // The service down: nothing either.
    const down = await publish(publishOptions("http://127.0.0.1:9", { log: quiet }));
    expect(down.mode).toBe("failed");
    expect(readlinkSync(join(DIST, "current"))).toBe(current);
    // Once the service answers again, the change is published.
    expect((await publish(options())).mode).toBe("incremental");
  });

  test("an old release that cannot be deleted leaves the run published, and says so", {
    timeout: 120_000,
  }, async (context) => {
    // Releases older than every other (names sort by time), enough of them for the oldest to be deleted, which
    // holds a file nobody can delete.
    const old = join(DIST, "releases", "0000-old");
    const stuck = join(old, "client", "stuck.html");
    for (const name of ["0000-old", "0001-old", "0002-old"])
      mkdirSync(join(DIST, "releases", name, "client"), { recursive: true });
    writeFileSync(stuck, "old");
    if (!immutable(stuck, true)) {
      rmSync(old, { recursive: true, force: true });
      context.skip("chattr cannot make a file immutable here");
    }
    try {
      const event = catalog.events[4];
      if (!event) throw new Error("no event");
      event.name = { cs: "Jiný název", en: "Other name", de: "Anderer Name", sk: "Iný názov" };
      await reimport();
      const lines: string[] = [];
      const report = await publish(publishOptions(proxy.url, { log: (line) => lines.push(line) }));
      expect(report.mode, report.error).toBe("incremental");
      expect(readlinkSync(join(DIST, "current"))).toBe(join("releases", basename(report.release ?? "")));
      expect(report.pruneError).toContain(old);
      expect(lines.join("\n")).toContain("old releases not deleted");
      expect(existsSync(stuck)).toBe(true);
    } finally {
      immutable(stuck, false);
    }
    // Deletable again, the next run that publishes deletes it.
    const event = catalog.events[4];
    if (event) event.name = { cs: "Třetí název", en: "Third name", de: "Dritter Name", sk: "Tretí názov" };
    await reimport();
    const next = await publish(options());
    expect(next.mode, next.error).toBe("incremental");
    expect(next.pruneError).toBeUndefined();
    expect(existsSync(old)).toBe(false);
  });

  test("rollback serves the release before; other code makes a full run", { timeout: 300_000 }, async () => {
    const hidden = catalog.events[2];
    const { events } = (await (await fetch(`${service.url}/api/v2/static-paths/events`)).json()) as {
      events: { eventId: string }[];
    };
    expect(events.some((e) => e.eventId === hidden?.eventId)).toBe(false);
    const current = readlinkSync(join(DIST, "current"));
    const previous = rollback();
    expect(previous).toBeDefined();
    expect(readlinkSync(join(DIST, "current"))).not.toBe(current);
    expect(existsSync(join(DIST, "current", "client"))).toBe(true);

    const report = await publish(
      publishOptions(proxy.url, { log: quiet, inputs: { passApiUrl: proxy.url, code: "other" } }),
    );
    expect(report.mode, report.error).toBe("full");
    expect(report.reason).toBe("code changed");
    expect(report.rendered).toBe(report.pages);
    expect(await eventually("/en/", (s) => s === 200)).toBe(200);
    // Its scripts and styles, and those of the build before it (for pages still open), listed by build.
    const manifest = JSON.parse(readFileSync(join(DIST, "current", "publish-manifest.json"), "utf8")) as {
      assets?: string[][];
    };
    const builds = manifest.assets ?? [];
    expect(builds.length).toBeGreaterThanOrEqual(2);
    expect(builds[0]?.some((file) => file.endsWith(".js"))).toBe(true);
    const served = new Set(
      readdirSync(join(DIST, "current", "client", "_astro"), { recursive: true, encoding: "utf8" }),
    );
    for (const file of builds.flat()) expect(served.has(file), file).toBe(true);
  });

  test("a tour whose events are all hidden says so on its page, in every locale", {
    timeout: 120_000,
  }, async () => {
    const tour = catalog.eventGroups?.[0];
    if (!tour) throw new Error("no tour");
    const ofTour = catalog.events.filter((e) => e.eventGroupIds?.includes(tour.eventGroupId));
    expect(ofTour.length).toBeGreaterThan(0);
    for (const event of ofTour) event.visible = false;
    await reimport();
    // The run before published other code: this run may be a full one.
    const report = await publish(options());
    expect(["incremental", "full"], report.error).toContain(report.mode);
    for (const locale of LOCALES) {
      const path = pathTo(locale, "tour", { eventGroupSlug: tour.eventGroupSlug });
      const html = readFileSync(join(DIST, "current", "client", path.slice(1), "index.html"), "utf8");
      expect(html, `${locale} tour page`).toContain(text(locale, "main", "tour.noUpcoming"));
    }
  });
});
