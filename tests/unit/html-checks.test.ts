/**
 * The html-validate check of the end-to-end tests (tests/e2e/support/html.ts) refuses a `<style>` element in
 * `<body>`, which the cart pages once had and the W3C Nu Html Checker no longer reports (its checks:
 * tests/unit/nu-checker.test.ts).
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
});
