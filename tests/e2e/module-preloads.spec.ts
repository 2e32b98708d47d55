/**
 * Module preloads in Chromium: a page whose islands hydrate at load (the cart, and a seated cart's seat map)
 * names right before each of them every module that island and its renderer import statically and no island
 * before it named, and the browser asks for each of them from the page (its parser), not from the module that
 * imports it; modules the cart imports on demand are not named. A catalog page, whose islands wait, names none.
 * The module graph is read here from the served files with es-module-lexer.
 */
import { expect, type Page, test } from "@playwright/test";
import { ImportType, init, parse } from "es-module-lexer";
import { samplePath, seatedCartPath } from "./support/site.ts";

/** The modules a module needs before it runs (itself and its static imports, followed through), fetched. */
async function staticGraph(
  fetchText: (url: string) => Promise<string>,
  entries: string[],
): Promise<Set<string>> {
  await init;
  const graph = new Set<string>();
  const queue = [...entries];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (graph.has(url)) continue;
    graph.add(url);
    const [imports] = parse(await fetchText(url));
    for (const entry of imports) {
      if (entry.t === ImportType.Static && entry.n) queue.push(new URL(entry.n, url).href);
    }
  }
  return graph;
}

/**
 * Who asks for each URL from now on, as Chromium reports it: "<type> <URL>", the page's parser (a link in the
 * page), a script (the URL of the code that asked, the page's own or a module's) or a module importing it.
 */
async function recordAskedBy(page: Page): Promise<Map<string, string>> {
  const askedBy = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Network.requestWillBeSent", ({ request, initiator }) => {
    if (askedBy.has(request.url)) return;
    const frame = initiator.stack?.callFrames[0]?.url;
    askedBy.set(request.url, `${initiator.type} ${initiator.url ?? frame ?? ""}`);
  });
  await cdp.send("Network.enable");
  return askedBy;
}

/** The start tags of the page's islands that hydrate at load, each with the run of preloads right before it. */
function loadIslandRuns(html: string): { tag: string; named: string[] }[] {
  return [...html.matchAll(/((?:<link rel="modulepreload" href="[^"]+">)*)(<astro-island\b[^>]*>)/g)]
    .filter((match) => / client="load"/.test(match[2] ?? ""))
    .map((match) => ({
      tag: match[2] ?? "",
      named: [...(match[1] ?? "").matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? ""),
    }));
}

for (const [name, pathOf] of [
  ["cart", (baseURL: string) => samplePath(baseURL, "cart", "en")],
  ["seated cart", (baseURL: string) => seatedCartPath(baseURL, "en")],
] as const) {
  test(`the ${name} names each load island's modules right before it, and the browser asks for them from the page`, async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const askedBy = await recordAskedBy(page);
    const path = await pathOf(baseURL);
    const response = await page.goto(path);
    await expect(page.locator('#cart-island[data-hydrated="true"]')).toBeAttached();

    // As served: once the cart imports code on demand, the bundler's loader adds links of its own to the head.
    const html = (await response?.text()) ?? "";
    const runs = loadIslandRuns(html);
    expect(runs.length).toBeGreaterThan(0);
    const fetchText = async (url: string) => (await page.request.get(url)).text();
    const namedBefore = new Set<string>();
    for (const { tag, named } of runs) {
      const entries = [/ renderer-url="([^"]+)"/, / component-url="([^"]+)"/].map(
        (attribute) => new URL(attribute.exec(tag)?.[1] ?? "", baseURL).href,
      );
      const own = [...(await staticGraph(fetchText, entries))].filter((url) => !namedBefore.has(url));
      const urls = named.map((href) => new URL(href, baseURL).href);
      // Right before the island: what it needs that no island before it named, each once.
      expect(new Set(urls), tag.slice(0, 120)).toEqual(new Set(own));
      expect(urls).toHaveLength(own.length);
      for (const url of urls) namedBefore.add(url);
    }
    // Only there: none elsewhere in the page.
    expect(html.match(/<link rel="modulepreload"/g)).toHaveLength(namedBefore.size);

    // The browser asked for each of them from the page itself, not from the module that imports it.
    for (const url of namedBefore) {
      expect(askedBy.get(url), url).toBe(`parser ${new URL(path, baseURL).href}`);
    }
  });
}

test("a seated cart's seat map, loaded when reached, names its own modules, and they are asked for at once then", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  const askedBy = await recordAskedBy(page);
  const response = await page.goto(await seatedCartPath(baseURL, "en"));
  const html = (await response?.text()) ?? "";
  await expect(page.locator('#cart-island[data-hydrated="true"]')).toBeAttached();
  const tag = /<astro-island\b[^>]*\sclient="reached"[^>]*>/.exec(html)?.[0] ?? "";
  const named = (/ data-modules="([^"]+)"/.exec(tag)?.[1] ?? "")
    .split(" ")
    .map((path) => new URL(path, baseURL).href);
  // What it needs that the cart's preloads did not name: its own code, not yet asked for.
  const fetchText = async (url: string) => (await page.request.get(url)).text();
  const entries = [/ renderer-url="([^"]+)"/, / component-url="([^"]+)"/].map(
    (attribute) => new URL(attribute.exec(tag)?.[1] ?? "", baseURL).href,
  );
  const preloaded = new Set(
    [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map(
      (m) => new URL(m[1] ?? "", baseURL).href,
    ),
  );
  const own = [...(await staticGraph(fetchText, entries))].filter((url) => !preloaded.has(url));
  expect(own.length).toBeGreaterThan(1);
  expect(new Set(named)).toEqual(new Set(own));
  // The map's own component is not asked for before it is reached (what the cart imports on demand may be).
  await page.waitForLoadState("networkidle");
  const component = entries[1] ?? "";
  expect(named).toContain(component);
  expect(askedBy.has(component)).toBe(false);
  const unasked = named.filter((url) => !askedBy.has(url));
  expect(unasked.length).toBeGreaterThan(1);

  const seatMap = page.locator("[data-seating-island]");
  await seatMap.scrollIntoViewIfNeeded();
  await expect(seatMap).toHaveAttribute("data-hydrated", "true");
  // Each asked for by the page's own script when the map was reached, none by a module that imports it.
  const modules = new Set(named);
  for (const url of unasked) {
    const by = askedBy.get(url) ?? "";
    expect(by, url).not.toBe("");
    expect(modules.has(by.split(" ")[1] ?? ""), `${url} asked for by ${by}`).toBe(false);
  }
});

test("a catalog page, whose islands wait, names no module", async ({ page, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  const response = await page.goto(await samplePath(baseURL, "event", "en"));
  const html = (await response?.text()) ?? "";
  expect(html).toContain("<astro-island");
  expect(html).not.toContain('client="load"');
  expect(html).not.toContain("modulepreload");
});
