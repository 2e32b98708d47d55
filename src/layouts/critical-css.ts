/**
 * Critical CSS. A page inlines only the rules of the site's stylesheet that can match it, not the whole
 * stylesheet: on a slow phone, parsing the whole stylesheet and matching every rule against the page are a
 * large share of its main-thread work before it is usable. A rule is kept unless the page lacks one of the
 * classes each of its selectors names; a class inside `:not()`, `:is()`, `:where()` or `:has()` never counts
 * as needed, and rules without classes (the base styles) and `@font-face` are always kept, so the page looks
 * exactly as with the whole stylesheet. Of the custom properties (Tailwind's theme and `--tw-*`), a page keeps
 * the declarations and `@property` rules of those its kept rules and its `style` attributes use (through
 * `var()`, followed from property to property), and the `@keyframes` its kept declarations name: Tailwind
 * declares about a hundred and registers about seventy on every page. The whole stylesheet stays linked
 * without blocking the first paint; before the first island hydrates, the renderer's browser entry switches it
 * on (src/islands/hydration-tasks.ts), so markup an island renders later is styled too. A page with an island
 * that hydrates at load links it `media="print"` (fetched at low priority while the page loads, ready when the
 * island starts); any other page links it `disabled`, so it is fetched only if an island starts: a catalog
 * page most visitors read without one loads no stylesheet, and Lighthouse's slow-4G estimate of its LCP no
 * longer counts those bytes (README, "First paint", has the figures). Used by the page middleware
 * (src/middleware.ts) on every HTML page, pre-rendered or on demand.
 */
import postcss, { type ChildNode, type Declaration, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";
import { SITE_CSS_ATTRIBUTE } from "../lib/constants.ts";
import { hydratesAtLoad } from "./module-preloads.ts";

/** At-rules whose children are rules (kept or dropped one by one); any other at-rule is kept whole. */
const GROUPING_AT_RULES = new Set(["media", "supports", "layer", "container", "scope", "starting-style"]);

/** A declaration of a rule that declares custom properties. */
interface RuleDeclaration {
  text: string;
  /** The custom property it declares (`--tw-shadow`), if it declares one, and what its value reads. */
  custom?: string;
  reads?: string[];
  /** The keyframes it names. */
  animates?: string[];
}

/** One rule of the stylesheet with the at-rules around it. */
interface Leaf {
  /** The at-rule preludes around it, outermost first ("@layer utilities", "@media (width>=40rem)"). */
  around: string[];
  text: string;
  /** Kept when every class of one of these lists is on the page; undefined: always kept. */
  needs?: string[][];
  /** The custom properties its declarations read, other than in custom properties' own values. */
  reads: string[];
  /** For a rule declaring custom properties: its selector and declarations, to keep only the used ones. */
  rule?: { selector: string; declarations: RuleDeclaration[] };
  /** Kept only when the page uses this custom property (`@property`), or names these keyframes (`@keyframes`). */
  registers?: string;
  keyframes?: string;
  /** The keyframes a leaf kept whole names. */
  animates?: string[];
}

/** The custom properties a CSS value reads through `var()`. */
function varsOf(value: string): string[] {
  return [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] ?? "");
}

/** Finds a keyframes name as a word of a declaration's value (`animation:spin 1s`, `--animate-spin:spin 1s`). */
function namedIn(name: string): RegExp {
  return new RegExp(`[:\\s,]${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[\\s;,}]`);
}

/** The stylesheet's rules, and what each custom property's values read (in any rule declaring it). */
export interface StylesheetIndex {
  leaves: Leaf[];
  customReads: Map<string, string[]>;
  /** Every class some rule needs: the only classes of a page that change what it keeps. */
  vocabulary: Set<string>;
  /** Critical CSS already picked, by the page's classes of the vocabulary and style reads (see `criticalCss`). */
  picked: Map<string, string>;
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

/** A rule's leaf: what it reads, and its declarations when it declares custom properties (and nests nothing). */
function ruleLeaf(node: Rule, around: string[]): Leaf {
  const lists = node.selectors.map(classesNeeded);
  const declarations = node.nodes.filter((child): child is Declaration => child.type === "decl");
  const declares = declarations.some((decl) => decl.prop.startsWith("--"));
  const split = declares && declarations.length === node.nodes.length;
  // A rule kept whole (nested rules inside) keeps its custom properties: what they read counts as read.
  const reads: string[] = [];
  node.walkDecls((decl) => {
    if (!split || !decl.prop.startsWith("--")) reads.push(...varsOf(decl.value));
  });
  return {
    around,
    text: node.toString(),
    ...(lists.some((list) => list.length === 0) ? {} : { needs: lists }),
    reads,
    ...(split
      ? {
          rule: {
            selector: node.selector,
            declarations: declarations.map((decl) => ({
              text: decl.toString(),
              ...(decl.prop.startsWith("--") ? { custom: decl.prop, reads: varsOf(decl.value) } : {}),
            })),
          },
        }
      : {}),
  };
}

function collect(nodes: ChildNode[] | undefined, around: string[], leaves: Leaf[]): void {
  for (const node of nodes ?? []) {
    if (node.type === "rule") {
      leaves.push(ruleLeaf(node, around));
    } else if (node.type === "atrule" && node.nodes && GROUPING_AT_RULES.has(node.name)) {
      collect(node.nodes, [...around, `@${node.name}${node.params ? ` ${node.params}` : ""}`], leaves);
    } else if (node.type === "atrule") {
      leaves.push({
        around,
        text: node.nodes ? node.toString() : `${node.toString()};`,
        reads: [],
        ...(node.name === "property" ? { registers: node.params.trim() } : {}),
        ...(node.name === "keyframes" ? { keyframes: node.params.trim() } : {}),
      });
    } else if (node.type === "decl") {
      leaves.push({ around, text: `${node.toString()};`, reads: [] });
    }
  }
}

/** The custom properties a page uses: read by its kept rules or its style attributes, followed through values. */
function usedCustomProperties(
  index: StylesheetIndex,
  kept: readonly Leaf[],
  styleReads: Iterable<string>,
): Set<string> {
  const used = new Set<string>();
  const pending = [...styleReads];
  for (const leaf of kept) pending.push(...leaf.reads);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...(index.customReads.get(name) ?? []));
  }
  return used;
}

/**
 * A kept leaf's text ("" when nothing is left: a rule declaring custom properties keeps only the used ones),
 * and the keyframes that text names added to `animates`.
 */
function keptText(leaf: Leaf, used: ReadonlySet<string>, animates: Set<string>): string {
  if (!leaf.rule) {
    for (const name of leaf.animates ?? []) animates.add(name);
    return leaf.text;
  }
  const declarations = leaf.rule.declarations.filter((decl) => !decl.custom || used.has(decl.custom));
  for (const decl of declarations) for (const name of decl.animates ?? []) animates.add(name);
  if (declarations.length === 0) return "";
  return `${leaf.rule.selector}{${declarations.map((decl) => decl.text).join(";")}}`;
}

/** The stylesheet's rules in order; read once per stylesheet, then each page only picks from them. */
export function indexStylesheet(css: string): StylesheetIndex {
  const leaves: Leaf[] = [];
  collect(postcss.parse(css).nodes, [], leaves);
  const customReads = new Map<string, string[]>();
  for (const decl of leaves.flatMap((leaf) => leaf.rule?.declarations ?? [])) {
    if (decl.custom)
      customReads.set(decl.custom, [...(customReads.get(decl.custom) ?? []), ...(decl.reads ?? [])]);
  }
  // Which keyframes each rule (or each declaration of a rule declaring custom properties) names.
  const keyframes = leaves.flatMap((leaf) =>
    leaf.keyframes ? [[leaf.keyframes, namedIn(leaf.keyframes)] as const] : [],
  );
  const named = (text: string) =>
    keyframes.filter(([, pattern]) => pattern.test(`${text};`)).map(([name]) => name);
  for (const leaf of leaves) {
    if (leaf.keyframes || leaf.registers) continue;
    if (leaf.rule) for (const decl of leaf.rule.declarations) decl.animates = named(decl.text);
    else leaf.animates = named(leaf.text);
  }
  const vocabulary = new Set(leaves.flatMap((leaf) => leaf.needs?.flat() ?? []));
  return { leaves, customReads, vocabulary, picked: new Map() };
}

/** Critical CSS picked at most (distinct sets of classes and style reads) per stylesheet. */
const PICKED_MAX = 256;

/**
 * `pickRules` for a page, remembered: pages of one type mostly name the same classes of the stylesheet's
 * vocabulary (the only ones that change what is kept), so a site's pages pick their rules a few dozen times.
 */
export function criticalCss(
  index: StylesheetIndex,
  classes: ReadonlySet<string>,
  styleReads: ReadonlySet<string>,
): string {
  const relevant = [...classes].filter((name) => index.vocabulary.has(name)).sort();
  const key = `${relevant.join(" ")}|${[...styleReads].sort().join(" ")}`;
  let css = index.picked.get(key);
  if (css === undefined) {
    css = pickRules(index, classes, styleReads);
    if (index.picked.size >= PICKED_MAX) index.picked.clear();
    index.picked.set(key, css);
  }
  return css;
}

/**
 * The rules of the index that can match a page with these classes, in the stylesheet's order, with the custom
 * properties and keyframes they use (`styleReads`: custom properties the page's style attributes read).
 */
export function pickRules(
  index: StylesheetIndex,
  classes: ReadonlySet<string>,
  styleReads: Iterable<string> = [],
): string {
  const matching = index.leaves.filter(
    (leaf) => !leaf.needs || leaf.needs.some((list) => list.every((name) => classes.has(name))),
  );
  const used = usedCustomProperties(index, matching, styleReads);
  const animates = new Set<string>();
  const texts = new Map<Leaf, string>();
  for (const leaf of matching) {
    if (!leaf.registers && !leaf.keyframes) texts.set(leaf, keptText(leaf, used, animates));
  }
  for (const leaf of matching) {
    if (leaf.registers && used.has(leaf.registers)) texts.set(leaf, leaf.text);
    if (leaf.keyframes && animates.has(leaf.keyframes)) texts.set(leaf, leaf.text);
  }
  let css = "";
  let open: string[] = [];
  for (const leaf of matching) {
    const text = texts.get(leaf);
    if (!text) continue;
    let same = 0;
    while (same < open.length && same < leaf.around.length && open[same] === leaf.around[same]) same++;
    css += "}".repeat(open.length - same);
    for (const prelude of leaf.around.slice(same)) css += `${prelude}{`;
    open = leaf.around;
    css += text;
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

/** The custom properties the HTML's `style` attributes read. */
export function styleReadsOf(html: string): Set<string> {
  const reads = new Set<string>();
  for (const match of html.matchAll(/\sstyle="([^"]*)"/g))
    for (const name of varsOf(match[1] ?? "")) reads.add(name);
  return reads;
}

/** The class names of a `class` attribute's value as written, by that value: pages repeat the same few hundred. */
const classLists = new Map<string, string[]>();
/** Attribute values remembered at most; past it, the memo starts over. */
const CLASS_LISTS_MAX = 10_000;

/** The class names of one `class` attribute's value (entities decoded). */
function classList(value: string): string[] {
  let names = classLists.get(value);
  if (!names) {
    names = value
      .replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
      .split(/\s+/)
      .filter(Boolean);
    if (classLists.size >= CLASS_LISTS_MAX) classLists.clear();
    classLists.set(value, names);
  }
  return names;
}

/** Every class named by a `class` attribute of the HTML. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of classList(match[1] ?? "")) classes.add(name);
  }
  return classes;
}

/** Astro's link of the site's stylesheet (`build.inlineStylesheets: "never"`). */
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[^"?#]+\.css)">/;

const indexes = new Map<string, StylesheetIndex>();

/**
 * The page (UTF-8) with its stylesheet link replaced by the page's critical CSS and the same link made
 * non-blocking. `read` gives a stylesheet's text by its path ("/_astro/x.css"); a page whose stylesheet it
 * cannot read is left as it is (correct, only slower to paint). The page is read as text, but the result is
 * made of its bytes: building a new string of a whole page (and encoding it again) costs more than the rest.
 */
export function withCriticalCss(
  page: Buffer<ArrayBuffer>,
  read: (path: string) => string | undefined,
): Buffer<ArrayBuffer> {
  const html = page.toString("utf8");
  const link = STYLESHEET_LINK.exec(html);
  const path = link?.[1];
  if (!link || !path) return page;
  let index = indexes.get(path);
  if (!index) {
    const css = read(path);
    if (css === undefined) return page;
    index = indexStylesheet(css);
    indexes.set(path, index);
  }
  const critical = criticalCss(index, classesOf(html), styleReadsOf(html));
  const inert = hydratesAtLoad(html) ? 'media="print"' : "disabled";
  const replacement = `<style>${critical}</style><link rel="stylesheet" href="${path}" ${inert} ${SITE_CSS_ATTRIBUTE}>`;
  // The link is ASCII: its first occurrence in the bytes is the one the expression found first in the text.
  const at = page.indexOf(link[0]);
  return Buffer.concat([
    page.subarray(0, at),
    Buffer.from(replacement),
    page.subarray(at + Buffer.byteLength(link[0])),
  ]);
}
