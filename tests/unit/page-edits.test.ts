/** The page middleware's edits, applied at once to a page's bytes (src/layouts/page-edits.ts). */
import { ISLAND_STYLES } from "astro/runtime/server/astro-island-styles.js";
import { describe, expect, it } from "vitest";
import { criticalCssEdits } from "../../src/layouts/critical-css.ts";
import { islandStyleEdits } from "../../src/layouts/island-styles.ts";
import { modulePreloadEdits } from "../../src/layouts/module-preloads.ts";
import { applyEdits, type PageEdit } from "../../src/layouts/page-edits.ts";

const edit = (at: number, remove: number, insert: string): PageEdit => ({
  at,
  remove,
  insert: Buffer.from(insert),
});
const applied = (text: string, edits: PageEdit[]): string =>
  applyEdits(Buffer.from(text), edits).toString("utf8");

describe("applyEdits", () => {
  it("returns the page itself when there is nothing to change", () => {
    const page = Buffer.from("<p>Text</p>");
    expect(applyEdits(page, [])).toBe(page);
  });

  it("applies edits by index, whatever their order, and those at one index in the order given", () => {
    expect(applied("0123456789", [edit(7, 1, "h"), edit(2, 0, "a"), edit(2, 0, "b"), edit(4, 2, "")])).toBe(
      "01ab236h89",
    );
  });

  it("inserts right where a removal ends, and counts indexes in bytes", () => {
    expect(applied("žluť|kůň", [edit(0, 6, ""), edit(6, 0, "[")])).toBe("[|kůň");
  });

  it("refuses edits that overlap or reach past the page", () => {
    expect(() => applied("0123456789", [edit(2, 4, ""), edit(5, 0, "x")])).toThrow(RangeError);
    expect(() => applied("0123", [edit(3, 2, "")])).toThrow(RangeError);
  });
});

describe("the middleware's edits", () => {
  const css = "@layer utilities{.flex{display:flex}.grid{display:grid}}";
  const files: Record<string, string> = {
    "/_astro/site.abc.css": css,
    "/_astro/client.js": "export const r=1;",
    "/_astro/Cart.js": 'import{r}from"./client.js";import"./cart-part.js";export default r;',
    "/_astro/cart-part.js": "export const p=1;",
  };
  const read = (path: string): string | undefined => files[path];
  const island = (client: string) =>
    `<astro-island uid="u1" component-url="/_astro/Cart.js" component-export="default" ` +
    `renderer-url="/_astro/client.js" props="{&quot;a&quot;:[0,&quot;&gt;&quot;]}" ssr client="${client}" ` +
    `opts="{}"><p class="grid">…</p></astro-island>`;
  const page = (client: string) =>
    Buffer.from(
      `<!doctype html><html><head><title>Vstupenky – Žižkov</title>` +
        `<link rel="stylesheet" href="/_astro/site.abc.css"></head><body><h1 class="flex">Kůň</h1>` +
        `<style>${ISLAND_STYLES}</style>${island(client)}</body></html>`,
    );

  it.each(["load", "reached", "idle"])(
    "give a page with a %s island what the steps give one after another",
    (client) => {
      const before = page(client);
      const text = before.toString("latin1");
      const atOnce = applyEdits(before, [
        ...islandStyleEdits(before),
        ...criticalCssEdits(before, read, text),
        ...modulePreloadEdits(before, read, text),
      ]).toString("utf8");
      // Each step on the page the step before it gave.
      const steps = [
        (p: Buffer) => islandStyleEdits(p),
        (p: Buffer) => criticalCssEdits(p, read),
        (p: Buffer) => modulePreloadEdits(p, read),
      ];
      const inTurn = steps.reduce((p, edits) => applyEdits(p, edits(p)), page(client)).toString("utf8");
      expect(atOnce).toBe(inTurn);
      expect(atOnce).toContain(`<style>${ISLAND_STYLES}</style></head>`);
      expect(atOnce).toContain(".flex{display:flex}");
      if (client === "load") {
        expect(atOnce).toContain(
          '<link rel="modulepreload" href="/_astro/client.js"><link rel="modulepreload" href="/_astro/Cart.js">',
        );
      }
    },
  );
});
