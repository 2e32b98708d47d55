/** Astro's island style element is moved from the body into the head of a page (src/layouts/island-styles.ts). */
import { ISLAND_STYLES } from "astro/runtime/server/astro-island-styles.js";
import { describe, expect, it } from "vitest";
import { islandStyleEdits } from "../../src/layouts/island-styles.ts";
import { applyEdits } from "../../src/layouts/page-edits.ts";
import { htmlErrors } from "../e2e/support/html.ts";

const STYLE = `<style>${ISLAND_STYLES}</style>`;
const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page</title>${head}</head><body>${body}</body></html>`;
/** What the middleware hands over and gets back: the page's UTF-8 bytes. */
const moved = (html: string) => {
  const page = Buffer.from(html);
  return applyEdits(page, islandStyleEdits(page)).toString("utf8");
};

describe("islandStyleEdits", () => {
  it("moves the island style element from the body to the end of the head", async () => {
    const body = (style: string) =>
      `<header><div>${style}<astro-island uid="1"></astro-island></div></header>`;
    const before = page('<link rel="icon" href="/favicon.svg">', body(STYLE));
    expect(await htmlErrors(before)).not.toEqual([]);
    const after = moved(before);
    expect(after).toBe(page(`<link rel="icon" href="/favicon.svg">${STYLE}`, body("")));
    expect(await htmlErrors(after)).toEqual([]);
  });

  it("leaves a page without it, or with it in the head already, as it is", () => {
    const plain = page("", "<p>Text</p>");
    expect(moved(plain)).toBe(plain);
    const inHead = page(STYLE, "<p>Text</p>");
    expect(moved(inHead)).toBe(inHead);
  });

  it("moves it by bytes, whatever characters stand before it", () => {
    const body = (style: string) =>
      `<h1>Přihlášení – Anmeldung 🎫</h1>${style}<astro-island uid="1"></astro-island>`;
    expect(moved(page("<title>Vstupenky · Tickets</title>", body(STYLE)))).toBe(
      page(`<title>Vstupenky · Tickets</title>${STYLE}`, body("")),
    );
  });
});
