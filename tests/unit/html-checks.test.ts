/**
 * The HTML checks of the end-to-end tests (tests/e2e/support/html.ts) find what the W3C Nu validator finds:
 * a `<style>` element in `<body>` and a required drop-down without an empty placeholder option first.
 */
import { describe, expect, it } from "vitest";
import { htmlErrors } from "../e2e/support/html.ts";

/** A valid page around the given body markup (and head markup). */
const page = (body: string, head = "") =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page</title>${head}</head><body>${body}</body></html>`;

const rules = async (html: string) => (await htmlErrors(html)).map((line) => line.split(" ")[0]);

describe("htmlErrors", () => {
  it("accepts a style element in the head and refuses one in the body", async () => {
    expect(await rules(page("<p>Text</p>", "<style>p{color:red}</style>"))).toEqual([]);
    expect(await rules(page("<style>p{color:red}</style><p>Text</p>"))).toContain(
      "element-permitted-content",
    );
  });

  it("wants an empty placeholder option first in a required drop-down", async () => {
    const select = (options: string, attrs = "") =>
      page(`<label for="c">Country</label><select id="c" name="c" required${attrs}>${options}</select>`);
    const countries = '<option value="1">Czechia</option><option value="2">Slovakia</option>';
    expect(await rules(select(countries))).toEqual(["storefront/select-placeholder"]);
    expect(await rules(select(`<optgroup label="All"><option value="">Choose</option></optgroup>`))).toEqual([
      "storefront/select-placeholder",
    ]);
    expect(await rules(select(`<option value="">Choose a country</option>${countries}`))).toEqual([]);
    expect(await rules(select(`<option></option>${countries}`))).toEqual([]);
    // Not a drop-down, or not required: no placeholder needed.
    expect(await rules(select(countries, " multiple"))).toEqual([]);
    expect(await rules(select(countries, ' size="3"'))).toEqual([]);
    expect(
      await rules(page(`<label for="c">Country</label><select id="c" name="c">${countries}</select>`)),
    ).toEqual([]);
  });
});
