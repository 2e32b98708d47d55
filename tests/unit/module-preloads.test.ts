import { describe, expect, it } from "vitest";
import {
  loadIslands,
  moduleClosure,
  modulePreloadEdits,
  staticImports,
} from "../../src/layouts/module-preloads.ts";
import { applyEdits } from "../../src/layouts/page-edits.ts";

/** The page with the module preloads of its islands (`modulePreloadEdits` applied). */
function withModulePreloads(page: Buffer<ArrayBuffer>, read: (path: string) => string | undefined) {
  return applyEdits(page, modulePreloadEdits(page, read));
}

/** Built modules as Rolldown writes them (minified, relative imports), by URL path. */
const FILES: Record<string, string> = {
  "/_astro/client.js": 'export{t as default}from"./page.js";',
  "/_astro/page.js": 'import{n as e}from"./runtime.js";var t=()=>e;export{t};',
  "/_astro/runtime.js": "var n=1;export{n};",
  "/_astro/Cart.js":
    'const d=["_astro/hold.js"];import{t as a}from"./page.js";import"./styles.js";' +
    'import{s}from"../_astro/store.js";const l=()=>import("./hold.js");const u=import.meta.url;export{a as default};',
  "/_astro/store.js": 'import{t}from"./page.js";import{c}from"./cycle.js";export const s=[t,c];',
  "/_astro/cycle.js": 'import{s}from"./store.js";export const c=()=>s;',
  "/_astro/styles.js": "document.title;",
  "/_astro/hold.js": 'import{missing}from"./gone.js";export const h=1;',
  "/_astro/Login.js": 'import{t}from"./page.js";import{f}from"./form.js";export default t;',
  "/_astro/form.js": "export const f=1;",
  "/_astro/Consent.js": 'import{t}from"./page.js";import"./banner.js";export default t;',
};
const read = (path: string): string | undefined => FILES[path];

/** An island's start tag as Astro writes it. */
function island(component: string, client: string): string {
  return (
    `<astro-island uid="u${component}" component-url="/_astro/${component}.js" component-export="default" ` +
    `renderer-url="/_astro/client.js" props="{&quot;a&quot;:[0,1]}" ssr client="${client}" opts="{}">` +
    "<p>…</p></astro-island>"
  );
}

/** A page: a head, a heading with a non-ASCII title, then the given islands. */
function page(...islands: string[]): Buffer<ArrayBuffer> {
  return Buffer.from(
    `<!doctype html><html><head><title>Vstupenky – Žižkov</title></head><body><h1>Příliš žluťoučký kůň</h1>` +
      `<script>(self.Astro||(self.Astro={})).load=1</script>${islands.join("")}</body></html>`,
  );
}

/** The hrefs of the page's module preloads, in order. */
function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1] ?? "");
}

describe("staticImports", () => {
  it('lists `import … from`, `import "…"` and `export … from`, resolved against the module\'s path', () => {
    expect(staticImports("/_astro/Cart.js", FILES["/_astro/Cart.js"] ?? "")).toEqual([
      "/_astro/page.js",
      "/_astro/styles.js",
      "/_astro/store.js",
    ]);
    expect(staticImports("/_astro/client.js", FILES["/_astro/client.js"] ?? "")).toEqual(["/_astro/page.js"]);
  });

  it("leaves out dynamic imports, import.meta and bare specifiers", () => {
    expect(
      staticImports("/_astro/x.js", 'import"node:fs";import{a}from"preact";const b=()=>import("./c.js");'),
    ).toEqual([]);
  });
});

describe("moduleClosure", () => {
  it("is the module and everything it imports statically, followed through cycles", () => {
    expect(moduleClosure("/_astro/Cart.js", read)).toEqual([
      "/_astro/Cart.js",
      "/_astro/page.js",
      "/_astro/runtime.js",
      "/_astro/styles.js",
      "/_astro/store.js",
      "/_astro/cycle.js",
    ]);
  });

  it("names no module it cannot find", () => {
    expect(moduleClosure("/_astro/Consent.js", read)).toEqual([
      "/_astro/Consent.js",
      "/_astro/page.js",
      "/_astro/runtime.js",
    ]);
    expect(moduleClosure("/_astro/none.js", read)).toEqual([]);
  });
});

describe("loadIslands", () => {
  it("takes the islands that hydrate at load, each with the modules no island before it named", () => {
    const html = page(
      island("Consent", "consent"),
      island("Cart", "load"),
      island("Login", "load"),
    ).toString();
    expect(loadIslands(html, read)).toEqual([
      {
        at: html.indexOf('<astro-island uid="uCart"'),
        client: "load",
        modules: [
          "/_astro/client.js",
          "/_astro/page.js",
          "/_astro/runtime.js",
          "/_astro/Cart.js",
          "/_astro/styles.js",
          "/_astro/store.js",
          "/_astro/cycle.js",
        ],
      },
      {
        at: html.indexOf('<astro-island uid="uLogin"'),
        client: "load",
        modules: ["/_astro/Login.js", "/_astro/form.js"],
      },
    ]);
  });

  it("takes each island that hydrates when reached with what no load island named, and a load island after it names those again", () => {
    const html = page(
      island("Cart", "load"),
      island("Login", "reached"),
      island("Consent", "reached"),
    ).toString();
    expect(loadIslands(html, read).slice(1)).toEqual([
      {
        at: html.indexOf('<astro-island uid="uLogin"'),
        client: "reached",
        modules: ["/_astro/Login.js", "/_astro/form.js"],
      },
      // Consent.js's page.js was named by the cart; its banner.js is not there to be read.
      {
        at: html.indexOf('<astro-island uid="uConsent"'),
        client: "reached",
        modules: ["/_astro/Consent.js"],
      },
    ]);
    // What a reached island needs may never be asked for: a load island after it names it again.
    const later = page(
      island("Login", "reached"),
      island("Login", "load").replace("uLogin", "uAgain"),
    ).toString();
    expect(loadIslands(later, read).map(({ client, modules }) => [client, modules.length])).toEqual([
      ["reached", 5],
      ["load", 5],
    ]);
  });

  it("leaves out an island whose modules were all named before it", () => {
    const html = page(island("Cart", "load"), island("Cart", "load").replace("uCart", "uAgain")).toString();
    expect(loadIslands(html, read).map(({ at }) => at)).toEqual([html.indexOf('<astro-island uid="uCart"')]);
  });
});

/** The page with every run of module preloads taken out. */
const withoutPreloads = (html: string): string =>
  html.replace(/(<link rel="modulepreload" href="[^"]+">)+/g, "");

describe("modulePreloadEdits", () => {
  it("names the load island's modules right before it, bytes before and after kept", () => {
    const before = page(island("Consent", "consent"), island("Cart", "load"));
    const after = withModulePreloads(before, read).toString("utf8");
    const links = preloads(after);
    expect(links).toEqual(
      moduleClosure("/_astro/client.js", read)
        .concat(moduleClosure("/_astro/Cart.js", read))
        .filter((path, index, all) => all.indexOf(path) === index),
    );
    expect(links).not.toContain("/_astro/hold.js");
    const at = after.indexOf('<link rel="modulepreload"');
    expect(after.slice(at).replace(/(<link rel="modulepreload" href="[^"]+">)+/, "")).toMatch(
      /^<astro-island uid="uCart"/,
    );
    expect(withoutPreloads(after)).toBe(before.toString("utf8"));
  });

  it("names a later load island's own modules right before it, not with the first island's", () => {
    const before = page(island("Cart", "load"), "<p>Ř</p>", island("Login", "load"));
    const after = withModulePreloads(before, read).toString("utf8");
    const runs = [
      ...after.matchAll(/((?:<link rel="modulepreload" href="[^"]+">)+)(<astro-island uid="(\w+)")/g),
    ];
    expect(runs.map((run) => [run[3], preloads(run[1] ?? "")])).toEqual([
      ["uCart", loadIslands(before.toString("latin1"), read)[0]?.modules],
      ["uLogin", ["/_astro/Login.js", "/_astro/form.js"]],
    ]);
    expect(withoutPreloads(after)).toBe(before.toString("utf8"));
  });

  it("names a reached island's modules in its start tag, and preloads none of them", () => {
    const before = page(island("Cart", "load"), island("Login", "reached"));
    const after = withModulePreloads(before, read).toString("utf8");
    expect(after).toContain(
      '<astro-island data-modules="/_astro/Login.js /_astro/form.js" uid="uLogin" component-url="/_astro/Login.js"',
    );
    expect(preloads(after)).not.toContain("/_astro/Login.js");
    expect(preloads(after)).not.toContain("/_astro/form.js");
    expect(withoutPreloads(after).replace(/ data-modules="[^"]*"/, "")).toBe(before.toString("utf8"));
    // A page whose only island with modules to name hydrates when reached.
    const alone = page(island("Consent", "consent"), island("Login", "reached"));
    expect(withModulePreloads(alone, read).toString("utf8")).toContain(
      'data-modules="/_astro/client.js /_astro/page.js /_astro/runtime.js /_astro/Login.js /_astro/form.js"',
    );
  });

  it("leaves a page without an island that hydrates at load as it is", () => {
    const without = page(island("Consent", "consent"), island("Login", "session"));
    expect(withModulePreloads(without, read)).toBe(without);
    const unknown = page(island("Unknown", "load").replaceAll("/_astro/client.js", "/_astro/none.js"));
    expect(withModulePreloads(unknown, read)).toBe(unknown);
  });
});
