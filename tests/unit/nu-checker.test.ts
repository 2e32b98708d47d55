/**
 * The W3C Nu Html Checker as the end-to-end tests run it (tests/e2e/support/nu.ts): it reports errors such as the
 * cart pages' required drop-down without an empty placeholder first, and passes over exactly the four messages
 * on what the standards allow (`NU_LAGS`), not the same messages on anything else. (A `<style>` element in
 * `<body>`, the cart pages' other error once, the checker no longer reports; html-validate still refuses it:
 * tests/unit/html-checks.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { nuErrors } from "../e2e/support/nu.ts";

/** A valid page around the given body markup (and head markup). */
const page = (body: string, head = "") =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page</title>${head}</head><body>${body}</body></html>`;

const countries = '<option value="1">Czechia</option><option value="2">Slovakia</option>';
const select = (options: string, attrs = "") =>
  `<label for="c">Country</label><select id="c" name="c" required${attrs}>${options}</select>`;

/** Pages checked in one run of the checker (a run starts a Java VM), by name. */
const pages = {
  valid: page("<p>Text</p>", "<style>p{color:red}</style>"),
  unknownAttribute: page('<p data-x="1" colour="red">Text</p>'),
  noPlaceholder: page(select(countries)),
  placeholder: page(select(`<option value="">Choose a country</option>${countries}`)),
  multiple: page(select(countries, " multiple")),
  expect: page('<main id="tickets">Tickets</main>', '<link rel="expect" href="#tickets" blocking="render">'),
  blockingIcon: page("<p>Text</p>", '<link rel="icon" href="/favicon.svg" blocking="render">'),
  tailwindCss: page(
    "<p>Text</p>",
    '<style>@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
      "@supports (not (margin-trim:inline)){p{color:red}}" +
      "p{transition-property:color,--tw-gradient-from,--tw-gradient-to}</style>",
  ),
  badCss: page("<p>Text</p>", "<style>p{color:reddish}</style>"),
};

const errors = nuErrors(Object.entries(pages).map(([path, html]) => ({ path, html })));
/** The errors of one page, their paths dropped. */
const of = async (name: keyof typeof pages) =>
  (await errors).filter((line) => line.startsWith(`${name} `)).map((line) => line.slice(name.length + 1));

describe("nuErrors", () => {
  it("passes a valid page", async () => {
    expect(await of("valid")).toEqual([]);
  }, 120_000);

  it("reports an attribute an element does not have", async () => {
    expect((await of("unknownAttribute")).join("\n")).toMatch(
      /Attribute “colour” not allowed on element “p”/,
    );
  }, 120_000);

  it("wants an empty placeholder option first in a required drop-down", async () => {
    expect((await of("noPlaceholder")).join("\n")).toMatch(/placeholder option label/);
    expect(await of("placeholder")).toEqual([]);
    expect(await of("multiple")).toEqual([]);
  }, 120_000);

  it("passes over the checker's lags on the first screen's render block and Tailwind's CSS, and nothing else", async () => {
    expect(await of("expect")).toEqual([]);
    expect(await of("tailwindCss")).toEqual([]);
    expect((await of("blockingIcon")).join("\n")).toMatch(/“blocking” attribute/);
    expect((await of("badCss")).join("\n")).toMatch(/^\d+\.\d+ CSS: “color”/m);
  }, 120_000);
});
