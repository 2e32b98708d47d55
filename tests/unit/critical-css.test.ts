import { describe, expect, it } from "vitest";
import { criticalCss, criticalCssEdits, indexStylesheet, pickRules } from "../../src/layouts/critical-css.ts";
import { applyEdits } from "../../src/layouts/page-edits.ts";
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
  ".a\\&b{color:blue}",
  "@media (width>=48rem){.md\\:flex-row{flex-direction:row}.md\\:hidden{display:none}}",
  "}",
].join("");

const keep = (classes: string[]): string => pickRules(indexStylesheet(CSS), new Set(classes));
/** The site's stylesheet link, as Astro writes it. */
const LINK = '<link rel="stylesheet" href="/_astro/site.abc.css">';
/** What the middleware hands over and gets back: the page's UTF-8 bytes. */
const critical = (html: string, read: (path: string) => string | undefined): string =>
  applyEdits(Buffer.from(html), criticalCssEdits(Buffer.from(html), read)).toString("utf8");

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
    const page = critical(
      `<html><head>${LINK}</head><body><div class="flex  aspect-[3/4]"><p class="a&amp;b">x</p></div></body></html>`,
      () => CSS,
    );
    expect(page).toContain(".flex{display:flex}");
    expect(page).toContain(".aspect-\\[3\\/4\\]{aspect-ratio:3/4}");
    expect(page).toContain(".a\\&b{color:blue}");
    expect(page).not.toContain(".grid{");
  });

  it("reads each page's own classes when pages repeat the same class attributes", () => {
    const index = indexStylesheet(CSS);
    const first = '<p class="flex  grid"></p><p class="a&amp;b"></p>';
    const second = '<p class="flex  grid"></p><i class="md:hidden"></i>';
    expect(criticalCss(index, first).css).toBe(keep(["a&b", "flex", "grid"]));
    expect(criticalCss(index, second).css).toBe(keep(["flex", "grid", "md:hidden"]));
    expect(criticalCss(index, first).css).toBe(keep(["a&b", "flex", "grid"]));
  });

  it("reads class and style attributes after HTML's white space, and no attribute whose name only ends so", () => {
    const index = indexStylesheet(CSS);
    const html = [
      '<p data-class="grid" data-style="color:var(--color-blue)"></p>',
      // A no-break space separates no attributes in HTML: the tag's name runs on.
      '<p\u00a0class="grid"></p>',
      '<p\nclass="flex"\tstyle="color:var(--color-red)"></p>',
      '<i class="md:hidden"></i><b class="shadow',
    ].join("");
    expect(criticalCss(index, html).css).toBe(
      pickRules(index, new Set(["flex", "md:hidden"]), ["--color-red"]),
    );
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
      const style = reads.map((name) => ` style="color:var(${name})"`).join("");
      const html = `<div class="${classes.join(" ")}"${style}></div>`;
      expect(criticalCss(index, html).css).toBe(pickRules(index, new Set(classes), reads));
    }
    // Classes outside the vocabulary and their order do not count: three distinct sets were picked.
    expect(index.picked.size).toBe(3);
  });

  it("reads a page as UTF-8 when a class of the stylesheet is not ASCII, else as Latin-1", () => {
    const arrow = `${CSS}.content-\\[\\'→\\'\\]{content:'→'}`;
    const html = `<html><head>${LINK}<title>Vstupenky – Žižkov</title></head><body class="content-['→'] flex"><p>Kůň</p></body></html>`;
    expect(indexStylesheet(CSS).ascii).toBe(true);
    expect(indexStylesheet(arrow).ascii).toBe(false);
    // Stylesheets are indexed once per path: this one has a path of its own.
    const withArrow = critical(html.replace("site.abc.css", "site.arrow.css"), () => arrow);
    expect(withArrow).toContain(".content-\\[\\'→\\'\\]{content:'→'}");
    expect(withArrow).toContain(".flex{display:flex}");
    expect(withArrow.split("</head>")[1]).toBe(`<body class="content-['→'] flex"><p>Kůň</p></body></html>`);
    const ascii = critical(html.replace("site.abc.css", "site.def.css"), () => CSS);
    expect(ascii).toContain(".flex{display:flex}");
    expect(ascii.split("</head>")[1]).toBe(`<body class="content-['→'] flex"><p>Kůň</p></body></html>`);
  });

  it("gives pages with the same classes the same bytes, and a page with a load island its own link", () => {
    const island = '<astro-island uid="a" component-url="/_astro/A.js" client="load"></astro-island>';
    const page = (body: string) =>
      `<html><head>${LINK.replace("abc", "ghi")}</head><body class="flex">${body}</body></html>`;
    const read = () => CSS;
    const first = critical(page("<p>Jedna</p>"), read);
    expect(critical(page("<p>Dvě</p>"), read).replace("Dvě", "Jedna")).toBe(first);
    const loading = critical(page(island), read);
    expect(loading).toContain('href="/_astro/site.ghi.css" media="print"');
    expect(critical(page("<p>Jedna</p>"), read)).toBe(first);
  });
});
