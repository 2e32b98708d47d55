/**
 * `CachedFragment` (src/components/cached-fragment.ts), called as Astro calls a component: its children are
 * rendered once per name and variant, then repeated; its islands take the ids of its name's block; a fragment
 * that fails is rendered again by the next page. (The built pages' islands are checked in
 * tests/api/build.test.ts.)
 */
import { chunkToString, renderTemplate } from "astro/runtime/server/index.js";
import { h } from "preact";
import { describe, expect, it } from "vitest";
import { CachedFragment, FRAGMENT_NAMES } from "../../src/components/cached-fragment.ts";
import { fragmentIdBlock } from "../../src/islands/island-ids.ts";
import renderer from "../../src/islands/preact-server.ts";

type Factory = (result: object, props: object, slots: object) => Promise<{ render(d: object): unknown }>;
const component = CachedFragment as unknown as Factory;

/** What Astro's render of the component writes, as a string (no instructions involved). */
async function renderFragment(page: object, props: object, children: () => unknown): Promise<string> {
  const template = await component(page, props, { default: () => renderTemplate`${children}` });
  let html = "";
  await template.render({
    write(chunk: unknown) {
      html += chunkToString(page as never, chunk as never);
    },
  });
  return html;
}

describe("CachedFragment", () => {
  it("renders its children once per name and variant, and repeats them on other pages", async () => {
    let renders = 0;
    const children = () => {
      renders++;
      return renderTemplate`<footer>${String(renders)}</footer>`;
    };
    const cs = { name: "footer", variant: "test-site|cs" };
    const en = { name: "footer", variant: "test-site|en" };
    expect(await renderFragment({}, cs, children)).toBe("<footer>1</footer>");
    expect(await renderFragment({}, cs, children)).toBe("<footer>1</footer>");
    expect(await renderFragment({}, en, children)).toBe("<footer>2</footer>");
    expect(await renderFragment({}, { name: "brand", variant: "test-site|cs" }, children)).toBe(
      "<footer>3</footer>",
    );
    expect(renders).toBe(3);
  });

  it("gives its islands the ids of its name's block, on the page that renders it and on every other", async () => {
    const Island = () => h("span", null, "island");
    const island = (page: object) => async () => {
      const { attrs } = await renderer.renderToStaticMarkup.call({ result: page }, Island, {}, {}, {});
      return renderTemplate`<i data-id="${attrs["data-preact-island-id"]}"></i>`;
    };
    const block = fragmentIdBlock(FRAGMENT_NAMES.indexOf("session"));
    const props = { name: "session", variant: "test-site|de" };
    const first = {};
    expect(await renderFragment(first, props, island(first))).toBe(`<i data-id="${block}"></i>`);
    const second = {};
    expect(await renderFragment(second, props, island(second))).toBe(`<i data-id="${block}"></i>`);
    // The pages' own islands count from 0 either way.
    const own = await renderer.renderToStaticMarkup.call({ result: second }, Island, {}, {}, {});
    expect(own.attrs["data-preact-island-id"]).toBe("0");
  });

  it("renders a fragment that failed again on the next page", async () => {
    let attempts = 0;
    const children = () => {
      attempts++;
      if (attempts === 1) throw new Error("the service is down");
      return renderTemplate`<p>ok</p>`;
    };
    const props = { name: "brand", variant: "test-site|sk" };
    await expect(renderFragment({}, props, children)).rejects.toThrow("the service is down");
    expect(await renderFragment({}, props, children)).toBe("<p>ok</p>");
    expect(attempts).toBe(2);
  });
});
