/**
 * Island ids on the server (src/islands/island-ids.ts) and the islands' server renderer that hands them out
 * (src/islands/preact-server.ts): a page's islands count from 0, a cached fragment's islands take its block, and
 * `useId` inside an island is prefixed with the island's id, as the browser's renderer expects when hydrating.
 */
import { h } from "preact";
import { useId } from "preact/hooks";
import { describe, expect, it } from "vitest";
import {
  FRAGMENT_ISLAND_IDS_SIZE,
  FRAGMENT_ISLAND_IDS_START,
  fragmentIdBlock,
  nextIslandId,
  withFragmentIslandIds,
} from "../../src/islands/island-ids.ts";
import renderer from "../../src/islands/preact-server.ts";

function Labelled({ text }: { text: string }) {
  const id = useId();
  return h("p", { id }, text);
}

/** Renders a component as Astro does: with the page's result as `this`. */
const render = (page: object, props: Record<string, unknown> = { text: "x" }, slots = {}) =>
  renderer.renderToStaticMarkup.call({ result: page }, Labelled, props, slots, { hydrate: "load" });

describe("island ids", () => {
  it("counts each page's islands from 0", () => {
    const a = {};
    const b = {};
    expect([nextIslandId(a), nextIslandId(a), nextIslandId(b), nextIslandId(a)]).toEqual([0, 1, 0, 2]);
  });

  it("gives a fragment's islands its block, and the page's own islands their count", async () => {
    const page = {};
    const first = fragmentIdBlock(2);
    expect(first).toBe(FRAGMENT_ISLAND_IDS_START + 2 * FRAGMENT_ISLAND_IDS_SIZE);
    const inside = await withFragmentIslandIds(first, async () => {
      const one = nextIslandId(page);
      await Promise.resolve();
      return [one, nextIslandId(page)];
    });
    expect(inside).toEqual([first, first + 1]);
    expect(nextIslandId(page)).toBe(0);
    // Rendered again (another variant of the fragment), the block starts over: the markup is the same.
    expect(await withFragmentIslandIds(first, async () => nextIslandId({}))).toBe(first);
  });

  it("refuses a fragment with more islands than its block holds", async () => {
    await expect(
      withFragmentIslandIds(fragmentIdBlock(0), async () => {
        for (let i = 0; i <= FRAGMENT_ISLAND_IDS_SIZE; i++) nextIslandId({});
      }),
    ).rejects.toThrow(/more than 100 islands/);
  });
});

describe("islands' server renderer", () => {
  it("names each island's id and prefixes its useId ids with it", async () => {
    const page = {};
    const first = await render(page);
    const second = await render(page);
    expect(first).toEqual({ html: '<p id="P0-0">x</p>', attrs: { "data-preact-island-id": "0" } });
    expect(second).toEqual({ html: '<p id="P1-0">x</p>', attrs: { "data-preact-island-id": "1" } });
    const block = fragmentIdBlock(1);
    const cached = await withFragmentIslandIds(block, () => render(page));
    expect(cached.attrs["data-preact-island-id"]).toBe(String(block));
    expect(cached.html).toBe(`<p id="P${block}-0">x</p>`);
    expect((await render(page)).attrs["data-preact-island-id"]).toBe("2");
  });

  it("renders Astro's slots as the browser's renderer expects them", async () => {
    const WithSlots = ({ children, footNote }: { children?: unknown; footNote?: unknown }) =>
      h("div", null, children as never, footNote as never);
    const { html } = await renderer.renderToStaticMarkup.call(
      { result: {} },
      WithSlots,
      {},
      { default: "<b>in</b>", "foot-note": "<i>n</i>" },
      { hydrate: "load", astroStaticSlot: true },
    );
    expect(html).toBe(
      '<div><astro-slot><b>in</b></astro-slot><astro-slot name="footNote"><i>n</i></astro-slot></div>',
    );
    const { html: still } = await renderer.renderToStaticMarkup.call(
      { result: {} },
      WithSlots,
      {},
      { default: "<b>in</b>" },
      { astroStaticSlot: true },
    );
    expect(still).toBe("<div><astro-static-slot><b>in</b></astro-static-slot></div>");
  });

  it("claims Preact components that render and nothing else, without taking an id", async () => {
    const page = {};
    expect(await renderer.check(Labelled, { text: "x" }, {})).toBe(true);
    expect(await renderer.check(() => null, {}, {})).toBe(false);
    expect(await renderer.check("div", {}, {})).toBe(false);
    expect(
      await renderer.check(
        () => {
          throw new Error("not mine");
        },
        {},
        {},
      ),
    ).toBe(false);
    expect(nextIslandId(page)).toBe(0);
  });
});
