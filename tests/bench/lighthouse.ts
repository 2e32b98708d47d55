/**
 * Lighthouse on every page type in the four locales: the `lighthouse` package drives the machine's Chromium
 * (headless) with its default mobile profile (a mid-range phone, simulated slow 4G and a 4× slower CPU) and
 * prints, per page, the performance score, FCP, LCP, TBT, CLS and the JavaScript the page loaded (transfer
 * size of its script resources). Pages are the sample pages the end-to-end tests inspect (the first
 * organizer and tour, the richest event and its cart, the cart of the first event with a seat map) plus the
 * login and account pages. The visitor is a first visit (no consent choice yet, as Lighthouse sees a page);
 * BENCH_VISITOR=declined sets the cookie of a visitor who declined tracking in the browser first
 * (support/chrome-cookie.ts). Nothing is downloaded: the pages come from the running site.
 * Printed, never asserted.
 * Run: `npm run bench:lighthouse` against a running storefront (`npm start`; BENCH_BASE, default
 * http://127.0.0.1:4321, its pass service one port above); BENCH_LOCALES (e.g. "en") and BENCH_TYPES
 * (e.g. "event,cart") narrow the set; BENCH_RUNS (default 1) measures each page that many times (one row per
 * run, then a row per page with the median, lowest and highest of its runs). Each row also gives the LCP's
 * parts as Lighthouse observed them (unthrottled): time to first byte, resource load delay, resource load
 * duration and element render delay.
 * Each row also gives the host's CPU power as Lighthouse measured it before the run (its BenchmarkIndex: the
 * simulated 4× slower phone is 4× slower than this host, so the figures of two days compare only when their
 * BenchmarkIndex does; Lighthouse expects 1,000 or more).
 * BENCH_THROTTLING=devtools throttles the browser while it loads the page (Lighthouse's applied throttling:
 * every request waits its round trip) instead of simulating the load from an unthrottled one (the default,
 * `simulate`, what PageSpeed Insights reports). The two can rank variants of a page differently (README,
 * "First paint").
 */
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { declineAll, encodeConsent } from "../../src/lib/consent/model.ts";
import { CONSENT_COOKIE } from "../../src/lib/constants.ts";
import { LOCALES, type Locale } from "../../src/lib/i18n/config.ts";
import { pathTo } from "../../src/lib/routes.ts";
import { samplePath, seatedCartPath } from "../e2e/support/site.ts";
import { setChromeCookie } from "./support/chrome-cookie.ts";
import { spread } from "./support/stats.ts";

const BASE = process.env.BENCH_BASE ?? "http://127.0.0.1:4321";
const TYPES = ["index", "organizer", "tour", "event", "cart", "seated-cart", "login", "account"] as const;
type BenchType = (typeof TYPES)[number];

/** A comma-separated list of the environment, kept to the allowed values (all of them when unset). */
function chosen<T extends string>(value: string | undefined, all: readonly T[]): readonly T[] {
  if (!value) return all;
  const wanted = new Set(value.split(",").map((s) => s.trim()));
  return all.filter((item) => wanted.has(item));
}

const locales = chosen(process.env.BENCH_LOCALES, LOCALES);
const types = chosen(process.env.BENCH_TYPES, TYPES);
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 1);
const throttling = process.env.BENCH_THROTTLING === "devtools" ? "devtools" : "simulate";

/** The path of a page type in a locale. */
async function pathOf(type: BenchType, locale: Locale): Promise<string> {
  if (type === "login" || type === "account") return pathTo(locale, type);
  if (type === "seated-cart") return seatedCartPath(BASE, locale);
  return samplePath(BASE, type, locale);
}

/** One row of the table. */
interface Row {
  page: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scripts: number;
  scriptBytes: number;
  renderBlocking: number;
  /** The LCP's observed parts (ms): TTFB / load delay / load duration / render delay. */
  lcpParts: string;
  /** The host's CPU power, Lighthouse's BenchmarkIndex (higher is faster). */
  hostCpu: number;
}

/** The figures of one Lighthouse run. */
async function measure(url: string, port: number): Promise<Omit<Row, "page">> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    throttlingMethod: throttling,
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items;
  const scripts = (requests ?? []).filter((item) => item.resourceType === "Script");
  const blocking = lhr.audits["render-blocking-insight"] ?? lhr.audits["render-blocking-resources"];
  const blockingItems = (blocking?.details as { items?: unknown[] } | undefined)?.items ?? [];
  const breakdown = lhr.audits["lcp-breakdown-insight"]?.details as
    | { items?: { items?: { subpart?: string; duration?: number }[] }[] }
    | undefined;
  const parts = (breakdown?.items?.[0]?.items ?? []).filter((part) => part.subpart);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    scripts: scripts.length,
    scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    renderBlocking: blockingItems.length,
    lcpParts: parts.map((part) => Math.round(part.duration ?? 0)).join(" / "),
    hostCpu: lhr.environment.benchmarkIndex,
  };
}

/**
 * One run, measured again once when Lighthouse lost the page load's trace (NO_NAVSTART, NO_FCP: its own
 * flake, not the page's; the retry is printed). Any other failure, or a second loss, ends the benchmark.
 */
async function measureAgainOnTraceLoss(url: string, port: number): Promise<Omit<Row, "page">> {
  try {
    return await measure(url, port);
  } catch (error) {
    if (!/\b(NO_NAVSTART|NO_FCP)\b/.test(String(error))) throw error;
    console.error(`measuring again: ${error instanceof Error ? error.message : error}`);
    return measure(url, port);
  }
}

/** The fields of a request of the `network-requests` audit this benchmark reads. */
interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

const chromePath =
  process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const chrome = await chromeLauncher.launch({
  ...(chromePath ? { chromePath } : {}),
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const rows: Row[] = [];
try {
  // A returning visitor's choice is a cookie the page's own code reads (document.cookie), set in the browser.
  if (process.env.BENCH_VISITOR === "declined")
    await setChromeCookie(chrome.port, BASE, CONSENT_COOKIE, encodeConsent(declineAll(), new Date()));
  for (const type of types) {
    for (const locale of locales) {
      const path = await pathOf(type, locale);
      for (let run = 0; run < runs; run++) {
        rows.push({
          page: `${type} ${locale} ${path}`,
          ...(await measureAgainOnTraceLoss(BASE + path, chrome.port)),
        });
        const row = rows.at(-1);
        if (row) console.error(`measured ${row.page}: ${row.score}`);
      }
    }
  }
} finally {
  chrome.kill();
}

const ms = (n: number) => `${Math.round(n)} ms`;
console.log(
  `Lighthouse mobile (${throttling === "devtools" ? "applied" : "simulated"} throttling) on ${BASE}, ${process.env.BENCH_VISITOR ?? "first"} visit`,
);
console.table(
  rows.map((r) => ({
    page: r.page,
    score: r.score,
    FCP: ms(r.fcp),
    LCP: ms(r.lcp),
    TBT: ms(r.tbt),
    CLS: r.cls.toFixed(3),
    "JS files": r.scripts,
    "JS KB (transfer)": (r.scriptBytes / 1024).toFixed(1),
    "render-blocking": r.renderBlocking,
    "LCP parts (observed ms)": r.lcpParts,
    "host CPU (BenchmarkIndex)": Math.round(r.hostCpu),
  })),
);

// Lighthouse's figures vary from run to run; with several runs, a row per page sums them up.
if (runs > 1) {
  const pages = Map.groupBy(rows, (row) => row.page);
  console.log(`Per page, ${runs} runs: median (lowest–highest)`);
  console.table(
    [...pages].map(([page, measured]) => ({
      page,
      score: spread(
        measured.map((r) => r.score),
        "",
      ),
      FCP: spread(measured.map((r) => r.fcp)),
      LCP: spread(measured.map((r) => r.lcp)),
      TBT: spread(measured.map((r) => r.tbt)),
      "CLS (highest)": Math.max(...measured.map((r) => r.cls)).toFixed(3),
    })),
  );
}
