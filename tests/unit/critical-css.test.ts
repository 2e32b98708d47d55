import { describe, expect, it } from "vitest";
import {
  classesOf,
  criticalCss,
  indexStylesheet,
  pickRules,
  withCriticalCss,
} from "../../src/layouts/critical-css.ts";
import { SITE_CSS_ATTRIBUTE } from "../../src/lib/constants.ts";

/** A stylesheet shaped as Tailwind writes it: layers, escaped class names, variants in media queries. */
const CSS = [
  "@layer theme,base,utilities;",
  "@property --tw-shadow{syntax:'*';inherits:false}",
  "@property --tw-ring{syntax:'*';inherits:false}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  "@keyframes ping{to{opacity:0}}",
  "@layer theme{:root,:host{--color-red:#e00;--color-blue:#00e;--shade:var(--color-blue);--animate-spin:spin 1s linear infinite}}",
  "@layer base{*,:after{box-sizing:border-box}h1{font-size:inherit}[hidden]{display:none}}",
  "@layer utilities{",
  ".shadow{--tw-shadow:0 1px 2px var(--shade);box-shadow:var(--tw-shadow)}",
  ".animate-spin{animation:var(--animate-spin)}",
  ".flex{display:flex}",
  ".grid{display:grid}",
  ".aspect-\\[3\\/4\\]{aspect-ratio:3/4}",
  ".\\32 xl\\:p-4{padding:1rem}",
  ".sr-only:not(.focus\\:not-sr-only){position:absolute}",
  ".group-hover\\:underline:is(:where(.group):hover *){text-decoration:underline}",
  ".card .title{font-weight:700}",
  ".a,.b{color:red}",
  "@media (width>=48rem){.md\\:flex-row{flex-direction:row}.md\\:hidden{display:none}}",
  "}",
].join("");

const keep = (classes: string[]): string => pickRules(indexStylesheet(CSS), new Set(classes));
/** What the middleware hands over and gets back: the page's UTF-8 bytes. */
const critical = (html: string, read: (path: string) => string | undefined): string =>
  withCriticalCss(Buffer.from(html), read).toString("utf8");

describe("critical CSS", () => {
  it("keeps the rules without classes for every page, and no custom property or keyframes it does not use", () => {
    const css = keep([]);
    expect(css).toContain("@layer theme,base,utilities;");
    expect(css).toContain("h1{font-size:inherit}");
    expect(css).toContain("[hidden]{display:none}");
    expect(css).not.toContain(".flex");
    expect(css).not.toContain("@property");
    expect(css).not.toContain("@keyframes");
    expect(css).not.toContain("--color");
    expect(css).not.toContain(":root");
  });

  it("keeps the custom properties the kept rules read, followed through values, with their @property", () => {
    const css = keep(["shadow"]);
    expect(css).toContain(".shadow{--tw-shadow:0 1px 2px var(--shade);box-shadow:var(--tw-shadow)}");
    expect(css).toContain("@property --tw-shadow{");
    expect(css).not.toContain("@property --tw-ring");
    expect(css).toContain("@layer theme{:root,:host{--color-blue:#00e;--shade:var(--color-blue)}}");
    expect(css).not.toContain("--color-red");
    expect(css).not.toContain("--animate-spin");
  });

  it("keeps the keyframes a kept declaration names, and no others", () => {
    const css = keep(["animate-spin"]);
    expect(css).toContain("--animate-spin:spin 1s linear infinite");
    expect(css).toContain("@keyframes spin{");
    expect(css).not.toContain("@keyframes ping");
  });

  it("keeps a rule when the page has its classes, by their unescaped names", () => {
    const css = keep(["flex", "aspect-[3/4]", "2xl:p-4", "md:flex-row"]);
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain(".aspect-\\[3\\/4\\]{aspect-ratio:3/4}");
    expect(css).toContain(".\\32 xl\\:p-4{padding:1rem}");
    expect(css).toContain("@media (width>=48rem){.md\\:flex-row{flex-direction:row}}");
    expect(css).not.toContain(".grid");
    expect(css).not.toContain("md\\:hidden");
  });

  it("needs every class of a selector, and one selector of a list", () => {
    expect(keep(["card"])).not.toContain(".card .title");
    expect(keep(["card", "title"])).toContain(".card .title{font-weight:700}");
    expect(keep(["b"])).toContain(".a,.b{color:red}");
  });

  it("never needs a class inside :not(), :is() or :where()", () => {
    expect(keep(["sr-only"])).toContain(".sr-only:not(.focus\\:not-sr-only){position:absolute}");
    expect(keep(["group-hover:underline"])).toContain(".group-hover\\:underline:is(");
  });

  it("keeps the stylesheet's order and its at-rules around the rules it keeps", () => {
    const css = keep(["grid", "flex", "md:hidden"]);
    expect(css.indexOf(".flex")).toBeLessThan(css.indexOf(".grid"));
    expect(css).toMatch(
      /@layer utilities\{\.flex\{[^}]*\}\.grid\{[^}]*\}@media \(width>=48rem\)\{\.md\\:hidden\{display:none\}\}\}$/,
    );
  });

  it("reads the classes of a page's class attributes, entities decoded", () => {
    const html = '<div class="flex  aspect-[3/4]"><svg class="size-5"></svg><p class="a&amp;b">x</p></div>';
    expect([...classesOf(html)].sort()).toEqual(["a&b", "aspect-[3/4]", "flex", "size-5"]);
  });

  it("reads each page's own classes when pages repeat the same class attributes", () => {
    const first = '<p class="flex  grid"></p><p class="a&amp;b"></p>';
    const second = '<p class="flex  grid"></p><i class="size-5"></i>';
    expect([...classesOf(first)].sort()).toEqual(["a&b", "flex", "grid"]);
    expect([...classesOf(second)].sort()).toEqual(["flex", "grid", "size-5"]);
    expect([...classesOf(first)].sort()).toEqual(["a&b", "flex", "grid"]);
  });

  it("inlines a page's critical CSS and links the stylesheet disabled: fetched only if an island starts", () => {
    const html =
      '<html><head><link rel="stylesheet" href="/_astro/site.abc.css"></head><body class="flex"></body></html>';
    const read = (path: string) => (path === "/_astro/site.abc.css" ? CSS : undefined);
    const page = critical(html, read);
    expect(page).toContain(".flex{display:flex}");
    expect(page).not.toContain(".grid{");
    expect(page).toContain(
      `<link rel="stylesheet" href="/_astro/site.abc.css" disabled ${SITE_CSS_ATTRIBUTE}>`,
    );
    expect(page).not.toContain('<link rel="stylesheet" href="/_astro/site.abc.css">');
  });

  it("a page with an island that hydrates at load fetches the stylesheet while it loads (media print)", () => {
    const link = '<link rel="stylesheet" href="/_astro/site.abc.css">';
    const island = (client: string) =>
      `<html><head>${link}</head><body><astro-island uid="a" component-url="/_astro/A.js" client="${client}"></astro-island></body></html>`;
    const print = `<link rel="stylesheet" href="/_astro/site.abc.css" media="print" ${SITE_CSS_ATTRIBUTE}>`;
    expect(critical(island("load"), () => CSS)).toContain(print);
    for (const client of ["session", "consent", "visible"]) {
      const page = critical(island(client), () => CSS);
      expect(page).not.toContain(print);
      expect(page).toContain(
        `<link rel="stylesheet" href="/_astro/site.abc.css" disabled ${SITE_CSS_ATTRIBUTE}>`,
      );
    }
  });

  it("keeps the custom properties a style attribute reads", () => {
    const html =
      '<html><head><link rel="stylesheet" href="/_astro/site.abc.css"></head><body><p style="color:var(--color-red)">x</p></body></html>';
    const page = critical(html, () => CSS);
    expect(page).toContain(":root,:host{--color-red:#e00}");
    expect(critical(html.replace("var(--color-red)", "red"), () => CSS)).not.toContain("--color-red");
  });

  it("leaves a page as it is when its stylesheet cannot be read", () => {
    const html = '<html><head><link rel="stylesheet" href="/_astro/missing.css"></head><body></body></html>';
    expect(critical(html, () => undefined)).toBe(html);
  });

  it("replaces the link by bytes, whatever characters stand before and after it", () => {
    const html =
      '<html><head><title>Přihlášení · Anmeldung</title><link rel="stylesheet" href="/_astro/site.abc.css"></head><body class="flex"><p>Vstupenky – 🎫 žluťoučký kůň</p></body></html>';
    const [head, body] = critical(html, () => CSS).split("</head>");
    expect(head).toMatch(
      /^<html><head><title>Přihlášení · Anmeldung<\/title><style>[^<]*\.flex\{display:flex\}[^<]*<\/style>/,
    );
    expect(
      head?.endsWith(`<link rel="stylesheet" href="/_astro/site.abc.css" disabled ${SITE_CSS_ATTRIBUTE}>`),
    ).toBe(true);
    expect(body).toBe('<body class="flex"><p>Vstupenky – 🎫 žluťoučký kůň</p></body></html>');
  });

  it("picks a page's rules once per set of the stylesheet's classes and style reads it names", () => {
    const index = indexStylesheet(CSS);
    const pages: [string[], string[]][] = [
      [["flex", "card", "title"], []],
      [["flex", "card", "title", "no-rule-needs-this", "neither-this"], []],
      [["title", "card", "flex"], []],
      [["flex", "card"], []],
      [["flex", "card", "title"], ["--color-red"]],
    ];
    for (const [classes, reads] of pages) {
      expect(criticalCss(index, new Set(classes), new Set(reads))).toBe(
        pickRules(index, new Set(classes), reads),
      );
    }
    // Classes outside the vocabulary and their order do not count: three distinct sets were picked.
    expect([...index.picked.keys()]).toEqual([
      "card flex title|",
      "card flex|",
      "card flex title|--color-red",
    ]);
  });
});
