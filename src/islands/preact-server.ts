/**
 * The server side of the islands' renderer: renders a Preact component to HTML for Astro, as
 * `@astrojs/preact/server.js` does, with one difference: an island's id (`data-preact-island-id`, the prefix
 * of its `useId` ids, which the browser's renderer reads back when hydrating) comes from `./island-ids.ts`, so
 * that the islands of a fragment rendered once and repeated on other pages keep ids no other island of those
 * pages takes. `islandRenderer()` (scripts/lib/island-renderer.ts) puts this module in place of the package's
 * in the server builds. Preact signals passed as props, which the package's renderer also serializes, are not
 * supported: no island takes one.
 */
import { Component as BaseComponent, type ComponentType, h, type VNode } from "preact";
import { renderToStringAsync } from "preact-render-to-string";
import { nextIslandId } from "./island-ids.ts";

/** What Astro passes a renderer as `this`: the result of the page being rendered. */
interface RendererContext {
  result: object;
}

/** What Astro tells a renderer of the component it renders. */
interface RenderMetadata {
  /** The component is rendered with static slots (`astro-static-slot`) unless it hydrates. */
  astroStaticSlot?: boolean;
  hydrate?: string;
}

type Slots = Record<string, string | undefined>;

/** An Astro slot's HTML inside an island: an `astro-slot` the browser's renderer hydrates around. */
function StaticHtml({ value, name, hydrate = true }: { value?: string; name?: string; hydrate?: boolean }) {
  if (!value) return null;
  return h(hydrate ? "astro-slot" : "astro-static-slot", {
    name,
    dangerouslySetInnerHTML: { __html: value },
  });
}
StaticHtml.shouldComponentUpdate = () => false;

/** A slot name as a prop name (`my-slot` → `mySlot`). */
const slotName = (name: string): string =>
  name.trim().replace(/[-_]([a-z])/g, (_, c: string) => c.toUpperCase());

/** Sets the mask Preact's `useId` prefixes its ids with (the browser's renderer sets the same when hydrating). */
function setMask(vnode: VNode, islandId: number): void {
  const mask = [islandId, 0];
  Object.assign(vnode, { _mask: mask, __m: mask });
}

async function render(
  Component: ComponentType,
  props: Record<string, unknown>,
  { default: children, ...slotted }: Slots,
  metadata: RenderMetadata | undefined,
  islandId: number,
): Promise<string> {
  const hydrate = metadata?.astroStaticSlot ? !!metadata.hydrate : true;
  const slots: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(slotted)) {
    const name = slotName(key);
    slots[name] = h(StaticHtml, { hydrate, value, name });
  }
  const vnode = h(
    Component,
    { ...props, ...slots },
    children != null ? h(StaticHtml, { hydrate, value: children }) : children,
  );
  setMask(vnode, islandId);
  return renderToStringAsync(vnode);
}

/** Astro's question for a component no renderer is named for: is it a Preact component that renders? */
async function check(Component: unknown, props: Record<string, unknown>, children: Slots): Promise<boolean> {
  if (typeof Component !== "function") return false;
  if (Component.prototype != null && typeof Component.prototype.render === "function") {
    return Object.prototype.isPrototypeOf.call(BaseComponent, Component);
  }
  try {
    const html = await render(Component as ComponentType, props, children, undefined, 0);
    return html !== "" && !html.includes("<undefined>");
  } catch {
    return false;
  }
}

/** Renders an island (or a component without a directive) with the next id of its page or fragment. */
async function renderToStaticMarkup(
  this: RendererContext,
  Component: unknown,
  props: Record<string, unknown>,
  children: Slots,
  metadata: RenderMetadata | undefined,
): Promise<{ html: string; attrs: Record<string, string> }> {
  const islandId = nextIslandId(this.result);
  const html = await render(Component as ComponentType, props, children, metadata, islandId);
  return { html, attrs: { "data-preact-island-id": String(islandId) } };
}

export default {
  name: "@astrojs/preact",
  check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};
