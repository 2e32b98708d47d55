/**
 * Build efficiency: publishing the site in four locales (`npm run build`: the publisher renders every page
 * through the server build) asks the pass service for each thing once. The service (demo catalog, PGlite in
 * memory) sits behind a small counting proxy that records every request with its query string and
 * `X-Languages` header (the service's own request log carries the path only); the build runs against the
 * proxy into its own OUT_DIR with one render worker (each worker fetches what its pages need once). Runs in the api-pglite project only: the build does
 * not depend on the database engine, and one build per suite run is enough. Images are no work of the build:
 * it reads no image of the service and writes no image file (pages name variants of the image endpoint).
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FRAGMENT_ISLAND_IDS_START } from "../../src/islands/island-ids.ts";
import { parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { type RunningService, startPassService } from "../../src/pass-service/server.ts";
import { largeCatalog } from "../support/large-catalog.ts";

const ROOT = join(import.meta.dirname, "../..");
const LOCALES = ["cs", "en", "de", "sk"];

/** One request the proxy passed on to the service. */
interface Recorded {
  method: string;
  /** Path and query string, as sent. */
  url: string;
  /** The `X-Languages` header (build-mode GETs ask for every locale at once), if any. */
  languages: string | undefined;
}

/** Starts an HTTP proxy on a free port that records each request and forwards it to `target()`. */
async function startCountingProxy(
  target: () => string,
): Promise<{ url: string; log: Recorded[]; server: Server }> {
  const log: Recorded[] = [];
  const server = createServer((req, res) => {
    const languages = req.headers["x-languages"];
    log.push({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      languages: Array.isArray(languages) ? languages.join(",") : languages,
    });
    const upstream = httpRequest(
      new URL(req.url ?? "/", target()),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, log, server };
}

/** Runs `npm run build` (scripts/build.ts) in a child process; resolves with its exit code and the tail of its output. */
function publishBuild(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // The child is a production build, not part of the test run: drop Vitest's variables (NODE_ENV=test).
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key !== "NODE_ENV" && key !== "TEST_DB" && !key.startsWith("VITEST"),
    ),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "scripts/build.ts")], {
      cwd: ROOT,
      env: { ...inherited, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** Every `.html` file under a folder. */
function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html"));
}

test("the large benchmark catalog is a valid catalog with deterministic ids", () => {
  const now = new Date("2026-05-01T10:00:00Z");
  const catalog = parseCatalog(largeCatalog(120, now));
  expect(catalog.events).toHaveLength(120);
  expect(catalog.organizers.length).toBeGreaterThan(1);
  expect(
    new Set(catalog.events.map((e) => e.poster && "generate" in e.poster && e.poster.generate.seed)).size,
  ).toBe(120);
  expect(JSON.stringify(largeCatalog(120, now))).toBe(JSON.stringify(largeCatalog(120, now)));
});

describe.runIf(process.env.TEST_DB !== "postgres")("publishing the site", () => {
  let service: RunningService | undefined;
  let proxy: Awaited<ReturnType<typeof startCountingProxy>> | undefined;
  const outDir = join(ROOT, ".cache", `build-test-${process.pid}`, "dist");

  beforeAll(async () => {
    let serviceUrl = "";
    proxy = await startCountingProxy(() => serviceUrl);
    service = await startPassService({
      port: 0,
      host: "127.0.0.1",
      dataDir: "memory",
      seed: true,
      logLevel: "silent",
      // Links the service hands out (images) must lead through the proxy too.
      settings: { publicUrl: proxy.url, corsOrigins: ["http://storefront.test"] },
    });
    serviceUrl = service.url;
  });

  afterAll(async () => {
    await service?.close();
    await new Promise<void>((resolve) => (proxy ? proxy.server.close(() => resolve()) : resolve()));
    rmSync(join(outDir, ".."), { recursive: true, force: true });
  });

  test("asks the pass service for each thing once, in all four locales at once", {
    timeout: 600_000,
  }, async () => {
    if (!proxy) throw new Error("the proxy did not start");
    const { code, output } = await publishBuild({
      PASS_API_URL: proxy.url,
      TICKETS_API_URL: proxy.url,
      OUT_DIR: relative(ROOT, outDir),
      PUBLISH_WORKERS: "1",
    });
    expect(code, `the build failed:\n${output.slice(-4000)}`).toBe(0);

    const pages = htmlFiles(join(outDir, "current", "client")).length;
    const log = proxy.log;
    const counts = new Map<string, number>();
    for (const r of log) counts.set(`${r.method} ${r.url}`, (counts.get(`${r.method} ${r.url}`) ?? 0) + 1);
    const api = log.filter((r) => r.url.startsWith("/api/"));
    // Requests per kind of call (ids and query values elided), for the messages of failed assertions.
    const byCall = new Map<string, number>();
    for (const r of log) {
      const call = `${r.method} ${r.url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":id").replace(/=[^&]+/g, "=…")}`;
      byCall.set(call, (byCall.get(call) ?? 0) + 1);
    }
    const breakdown = [...byCall]
      .sort((a, b) => b[1] - a[1])
      .map(([call, n]) => `${String(n).padStart(5)}  ${call}`)
      .join("\n");
    // Each pre-rendered page fetched per locale would cost at least one request per page and locale; with
    // X-Languages and memoisation a call serves all four locales and every page that needs it. A page needs
    // several calls (an event page about nine, shared with its cart page), so the bound is two API calls per
    // HTML file, i.e. half of pages × locales when "pages" counts each page once per locale.
    const budget = (pages * LOCALES.length) / 2;
    console.log(
      `build: ${pages} published HTML files (each page once per locale); ` +
        `${log.length} requests to the pass service (${api.length} API calls, ${log.length - api.length} ` +
        `images and other files), ${counts.size} distinct; bound for API calls: ${budget}`,
    );

    expect(pages).toBeGreaterThan(0);
    expect(
      log.filter((r) => r.url.startsWith("/media/")).map((r) => r.url),
      "images read by the build",
    ).toEqual([]);
    const imageFiles = readdirSync(outDir, { recursive: true, encoding: "utf8" }).filter((f) =>
      /\.(avif|webp|jpe?g|png|gif)$/i.test(f),
    );
    expect(imageFiles, "image files written by the build").toEqual([]);
    expect(log.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // The publisher reads the static-path lists to know the pages, then the render worker reads them again.
    const lists = (request: string) => request.startsWith("GET /api/v2/static-paths/");
    const repeated = [...counts]
      .filter(([request, n]) => n > (lists(request) ? 2 : 1))
      .map(([request, n]) => `${n}× ${request}`);
    expect(repeated, "each GET (method, path and query) is requested exactly once").toEqual([]);
    const perLocale = api
      .filter((r) => !LOCALES.every((code) => r.languages?.split(",").includes(code)))
      .map((r) => `${r.url} (X-Languages: ${r.languages ?? "none"})`);
    expect(perLocale, "API calls of a build fetch all four locales in one request").toEqual([]);
    expect(api.length, `API calls (by kind:\n${breakdown})`).toBeLessThanOrEqual(budget);
  });

  test("each page's islands have ids of their own, its shell's repeated ones too, and hydrate with one set of scripts", () => {
    const client = join(outDir, "current", "client");
    expect(existsSync(client), "the build of the test before").toBe(true);
    const shell = /\/(SessionEntry|ConsentIsland|DebuggerIsland)\.[\w-]+\.js$/;
    const problems: string[] = [];
    let islands = 0;
    for (const page of htmlFiles(client)) {
      const html = readFileSync(join(client, page), "utf8");
      const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
      const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
      if (twice.length > 0) problems.push(`${page}: ids used twice: ${twice.join(", ")}`);
      const tags = [...html.matchAll(/<astro-island\s[^>]*>/g)].map((m) => m[0]);
      islands += tags.length;
      const islandIds = tags.map((tag) => Number(/data-preact-island-id="(\d+)"/.exec(tag)?.[1]));
      if (new Set(islandIds).size !== islandIds.length)
        problems.push(`${page}: island ids ${islandIds.join(", ")}`);
      for (const [i, tag] of tags.entries()) {
        const url = /component-url="([^"]+)"/.exec(tag)?.[1] ?? "";
        const id = islandIds[i] ?? Number.NaN;
        if (shell.test(url) !== id >= FRAGMENT_ISLAND_IDS_START)
          problems.push(`${page}: ${url} has island id ${id}`);
      }
      const defines = html.split('customElements.define("astro-island"').length - 1;
      if (tags.length > 0 && defines !== 1)
        problems.push(`${page}: astro-island is defined ${defines} times`);
      if (
        tags.length > 0 &&
        html.indexOf('customElements.define("astro-island"') > html.indexOf("<astro-island")
      ) {
        problems.push(`${page}: an island comes before its element is defined`);
      }
      for (const directive of new Set(tags.map((tag) => /\sclient="([^"]+)"/.exec(tag)?.[1]))) {
        const scripts = html.split(`(self.Astro||(self.Astro={})).${directive}=`).length - 1;
        if (scripts !== 1) problems.push(`${page}: client:${directive} script ${scripts} times`);
      }
    }
    expect(islands).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
