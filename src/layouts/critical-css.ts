/**
 * Critical CSS. A page inlines only the rules of the site's stylesheet that can match it, not the whole
 * stylesheet: on a slow phone, parsing the whole stylesheet and matching every rule against the page are a
 * large share of its main-thread work before it is usable. A rule is kept unless the page lacks one of the
 * classes each of its selectors names; a class inside `:not()`, `:is()`, `:where()` or `:has()` never counts
 * as needed, and rules without classes (the base styles), `@property`, `@keyframes` and `@font-face` are
 * always kept, so the page looks exactly as with the whole stylesheet. The whole stylesheet stays linked
 * without blocking the first paint (`media="print"`, fetched at low priority); before the first island
 * hydrates, the renderer's browser entry switches it on (src/islands/hydration-tasks.ts), so markup an island
 * renders later is styled too. Used by the page middleware (src/middleware.ts) on every HTML page,
 * pre-rendered or on demand.
 */
import postcss, { type ChildNode } from "postcss";
import selectorParser from "postcss-selector-parser";
import { SITE_CSS_ATTRIBUTE } from "../lib/constants.ts";

/** At-rules whose children are rules (kept or dropped one by one); any other at-rule is kept whole. */
const GROUPING_AT_RULES = new Set(["media", "supports", "layer", "container", "scope", "starting-style"]);

/** One rule of the stylesheet with the at-rules around it. */
interface Leaf {
  /** The at-rule preludes around it, outermost first ("@layer utilities", "@media (width>=40rem)"). */
  around: string[];
  text: string;
  /** Kept when every class of one of these lists is on the page; undefined: always kept. */
  needs?: string[][];
}

/** The classes a selector needs on the page to match anything, outside functional pseudo-classes. */
function classesNeeded(selector: string): string[] {
  const needed: string[] = [];
  selectorParser((root) => {
    root.walkClasses((node) => {
      for (let parent = node.parent; parent; parent = parent.parent) {
        if (parent.type === "pseudo") return;
      }
      needed.push(node.value);
    });
  }).processSync(selector);
  return needed;
}

function collect(nodes: ChildNode[] | undefined, around: string[], leaves: Leaf[]): void {
  for (const node of nodes ?? []) {
    if (node.type === "rule") {
      const lists = node.selectors.map(classesNeeded);
      leaves.push({
        around,
        text: node.toString(),
        ...(lists.some((list) => list.length === 0) ? {} : { needs: lists }),
      });
    } else if (node.type === "atrule" && node.nodes && GROUPING_AT_RULES.has(node.name)) {
      collect(node.nodes, [...around, `@${node.name}${node.params ? ` ${node.params}` : ""}`], leaves);
    } else if (node.type === "atrule") {
      leaves.push({ around, text: node.nodes ? node.toString() : `${node.toString()};` });
    } else if (node.type === "decl") {
      leaves.push({ around, text: `${node.toString()};` });
    }
  }
}

/** The stylesheet's rules in order; read once per stylesheet, then each page only picks from them. */
export function indexStylesheet(css: string): Leaf[] {
  const leaves: Leaf[] = [];
  collect(postcss.parse(css).nodes, [], leaves);
  return leaves;
}

/** The rules of the index that can match a page with these classes, in the stylesheet's order. */
export function pickRules(leaves: readonly Leaf[], classes: ReadonlySet<string>): string {
  let css = "";
  let open: string[] = [];
  for (const leaf of leaves) {
    if (leaf.needs && !leaf.needs.some((list) => list.every((name) => classes.has(name)))) continue;
    let same = 0;
    while (same < open.length && same < leaf.around.length && open[same] === leaf.around[same]) same++;
    css += "}".repeat(open.length - same);
    for (const prelude of leaf.around.slice(same)) css += `${prelude}{`;
    open = leaf.around;
    css += leaf.text;
  }
  return css + "}".repeat(open.length);
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

/** Every class named by a `class` attribute of the HTML. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = (match[1] ?? "").replace(
      /&(?:amp|quot|#39|lt|gt);/g,
      (entity) => ENTITIES[entity] ?? entity,
    );
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Astro's link of the site's stylesheet (`build.inlineStylesheets: "never"`). */
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[^"?#]+\.css)">/;

const indexes = new Map<string, Leaf[]>();

/**
 * The page with its stylesheet link replaced by the page's critical CSS and the same link made non-blocking.
 * `read` gives a stylesheet's text by its path ("/_astro/x.css"); a page whose stylesheet it cannot read is
 * left as it is (correct, only slower to paint).
 */
export function withCriticalCss(html: string, read: (path: string) => string | undefined): string {
  const link = STYLESHEET_LINK.exec(html);
  const path = link?.[1];
  if (!link || !path) return html;
  let leaves = indexes.get(path);
  if (!leaves) {
    const css = read(path);
    if (css === undefined) return html;
    leaves = indexStylesheet(css);
    indexes.set(path, leaves);
  }
  const critical = pickRules(leaves, classesOf(html));
  const replacement = `<style>${critical}</style><link rel="stylesheet" href="${path}" media="print" ${SITE_CSS_ATTRIBUTE}>`;
  return html.slice(0, link.index) + replacement + html.slice(link.index + link[0].length);
}
