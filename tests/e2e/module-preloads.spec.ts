/**
 * Module preloads in Chromium: a page whose island hydrates at load (the cart) names every module that island
 * and its renderer import statically, together, right before the island, and the browser asks for each of them
 * from the page (its parser), not from the module that imports it; modules the cart imports on demand are not
 * named. A catalog page, whose islands wait, names none. The module graph is read here from the served files
 * with es-module-lexer.
 */
import { expect, test } from "@playwright/test";
import { ImportType, init, parse } from "es-module-lexer";
import { samplePath } from "./support/site.ts";

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

test("the cart names its island's modules right before the island, and the browser asks for them from the page", async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  // Who asked for each script, as Chromium reports it: the page's parser (a link) or a module importing it.
  const askedBy = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Network.requestWillBeSent", ({ request, initiator }) => {
    if (!askedBy.has(request.url)) askedBy.set(request.url, `${initiator.type} ${initiator.url ?? ""}`);
  });
  await cdp.send("Network.enable");
  const path = await samplePath(baseURL, "cart", "en");
  const response = await page.goto(path);
  await expect(page.locator('#cart-island[data-hydrated="true"]')).toBeAttached();

  const island = page.locator('astro-island[client="load"]').first();
  const entries = await Promise.all(
    ["renderer-url", "component-url"].map(
      async (name) => new URL((await island.getAttribute(name)) ?? "", baseURL).href,
    ),
  );
  const graph = await staticGraph(async (url) => (await page.request.get(url)).text(), entries);
  // As served: once the cart imports code on demand, the bundler's loader adds links of its own to the head.
  const html = (await response?.text()) ?? "";
  const links = /(?:<link rel="modulepreload" href="[^"]+">)+/.exec(html);
  const named = [...(links?.[0] ?? "").matchAll(/href="([^"]+)"/g)].map(
    (m) => new URL(m[1] ?? "", baseURL).href,
  );
  // Right before the island (its props are escaped: its first ` client="` is its directive).
  const after = html.slice((links?.index ?? 0) + (links?.[0].length ?? 0));
  expect(/^<astro-island\b[\s\S]*?\sclient="(\w+)"/.exec(after)?.[1]).toBe("load");
  expect(new Set(named)).toEqual(graph);
  expect(named).toHaveLength(graph.size);
  // All of them together: none elsewhere in the page.
  expect(html.match(/rel="modulepreload"/g)).toHaveLength(named.length);

  // The browser asked for each of them from the page itself, not from the module that imports it.
  for (const url of named) expect(askedBy.get(url), url).toBe(`parser ${new URL(path, baseURL).href}`);
});

test("a catalog page, whose islands wait, names no module", async ({ page, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is not configured");
  const response = await page.goto(await samplePath(baseURL, "event", "en"));
  const html = (await response?.text()) ?? "";
  expect(html).toContain("<astro-island");
  expect(html).not.toContain('client="load"');
  expect(html).not.toContain("modulepreload");
});
