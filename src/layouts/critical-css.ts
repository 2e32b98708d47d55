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
import { rememberIn } from "../lib/bounded-memo.ts";
import { SITE_CSS_ATTRIBUTE } from "../lib/constants.ts";
import { eachAttributeValue } from "./attributes.ts";
import { hydratesAtLoad } from "./module-preloads.ts";
import type { PageEdit } from "./page-edits.ts";

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
  /** Every class some rule needs (the only classes of a page that change what it keeps), each with its slot. */
  vocabulary: Map<string, number>;
  /** Whether every class of the vocabulary is ASCII: then a page's bytes can be read as Latin-1 (see `pageKey`). */
  ascii: boolean;
  /** The slots of the vocabulary's classes a `class` attribute's value names, by that value. */
  slotsOf: Map<string, number[]>;
  /** Critical CSS already picked, by `pageKey` (the page's classes of the vocabulary and style reads). */
  picked: Map<string, string>;
  /** The bytes that replace a page's stylesheet link, by the link's state and `pageKey`. */
  replacements: Map<string, Buffer>;
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
  const names = [...new Set(leaves.flatMap((leaf) => leaf.needs?.flat() ?? []))];
  return {
    leaves,
    customReads,
    vocabulary: new Map(names.map((name, slot) => [name, slot])),
    ascii: names.every((name) => /^[\x20-\x7e]*$/.test(name)),
    slotsOf: new Map(),
    picked: new Map(),
    replacements: new Map(),
  };
}

/** Critical CSS picked at most (distinct sets of classes and style reads) per stylesheet. */
const PICKED_MAX = 256;

/**
 * The key of what a page keeps: one bit per class of the vocabulary it names (16 to a character), then the
 * custom properties its style attributes read. Classes outside the vocabulary and their order do not count.
 */
function keyOf(bits: Uint16Array, styleReads: ReadonlySet<string>): string {
  let key = "";
  for (const word of bits) key += String.fromCharCode(word);
  return `${key}|${[...styleReads].sort().join(" ")}`;
}

/** No class of the vocabulary yet: the bits of a page (`keyOf`). */
function noClasses(index: StylesheetIndex): Uint16Array {
  return new Uint16Array(Math.ceil(index.vocabulary.size / 16));
}

/** Sets the bit of a vocabulary class's slot. */
function addSlot(bits: Uint16Array, slot: number): void {
  bits[slot >> 4] = (bits[slot >> 4] ?? 0) | (1 << (slot & 15));
}

/** The classes of the vocabulary that a page's bits name. */
function classesOfBits(index: StylesheetIndex, bits: Uint16Array): Set<string> {
  const classes = new Set<string>();
  for (const [name, slot] of index.vocabulary) {
    if (((bits[slot >> 4] ?? 0) >> (slot & 15)) & 1) classes.add(name);
  }
  return classes;
}

/** `pickRules` for a key (`keyOf`), remembered: a site's pages name a few dozen distinct sets of classes. */
function pickedFor(index: StylesheetIndex, key: string, pick: () => string): string {
  let css = index.picked.get(key);
  if (css === undefined) {
    css = pick();
    if (index.picked.size >= PICKED_MAX) {
      index.picked.clear();
      index.replacements.clear();
    }
    index.picked.set(key, css);
  }
  return css;
}

/**
 * `pickRules` for a page's text, remembered by its key (`pageKey`): pages of one type mostly name the same classes
 * of the stylesheet's vocabulary (the only ones that change what is kept), so a site's pages pick their rules a
 * few dozen times.
 */
export function criticalCss(index: StylesheetIndex, html: string): { key: string; css: string } {
  const { key, bits, styleReads } = pageKey(index, html);
  return { key, css: pickedFor(index, key, () => pickRules(index, classesOfBits(index, bits), styleReads)) };
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
  eachAttributeValue(html, "style", (value) => {
    for (const name of varsOf(value)) reads.add(name);
  });
  return reads;
}

/** The class names of one `class` attribute's value (entities decoded). */
function classList(value: string): string[] {
  return value
    .replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
    .split(/\s+/)
    .filter(Boolean);
}

/** `class` attribute values whose slots an index remembers at most; past it, the memo starts over. */
const SLOTS_MAX = 10_000;

/**
 * The key (`keyOf`) of a page's text: the vocabulary's classes its `class` attributes name, each distinct
 * attribute value read once per stylesheet (pages repeat the same few hundred), and its style reads.
 */
function pageKey(
  index: StylesheetIndex,
  html: string,
): { key: string; bits: Uint16Array; styleReads: Set<string> } {
  const bits = noClasses(index);
  eachAttributeValue(html, "class", (value) => {
    const slots = rememberIn(index.slotsOf, value, SLOTS_MAX, () =>
      classList(value).flatMap((name) => index.vocabulary.get(name) ?? []),
    );
    for (const slot of slots) addSlot(bits, slot);
  });
  const styleReads = styleReadsOf(html);
  return { key: keyOf(bits, styleReads), bits, styleReads };
}

/** Astro's link of the site's stylesheet (`build.inlineStylesheets: "never"`). */
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_astro\/[^"?#]+\.css)">/;

const indexes = new Map<string, StylesheetIndex>();

/**
 * The edit that replaces a page's stylesheet link by the page's critical CSS and the same link made
 * non-blocking (none if the page links no stylesheet of the site, or `read` cannot read it: the page is then
 * correct, only slower to paint). `read` gives a stylesheet's text by its path ("/_astro/x.css"); `text` is the
 * page read as Latin-1 (a character per byte), if the caller has read it already. The page is read as text, but
 * the result is made of its bytes: building a new string of a whole page (and encoding it again) costs more than
 * the rest. Where the stylesheet's classes are all ASCII, the page is read as Latin-1 (7–13 µs for the demo's
 * 80 kB event page, against 99–109 µs decoded as UTF-8): its ASCII class names, custom properties and link read
 * the same, and a class with other characters is none of the vocabulary's either way. The bytes of a replacement
 * are remembered with the CSS picked.
 */
export function criticalCssEdits(
  page: Buffer,
  read: (path: string) => string | undefined,
  text: string = page.toString("latin1"),
): PageEdit[] {
  const headEnd = page.indexOf("</head>");
  // Read as Latin-1, the text has a character per byte: an index in the head's text is the same in the bytes.
  const head = text.slice(0, headEnd === -1 ? text.length : headEnd);
  const link = STYLESHEET_LINK.exec(head);
  const path = link?.[1];
  if (!link || !path) return [];
  let index = indexes.get(path);
  if (!index) {
    const css = read(path);
    if (css === undefined) return [];
    index = indexStylesheet(css);
    indexes.set(path, index);
  }
  const html = index.ascii ? text : page.toString("utf8");
  const { key, css } = criticalCss(index, html);
  const inert = hydratesAtLoad(html) ? 'media="print"' : "disabled";
  const replacementKey = `${inert}${key}`;
  let replacement = index.replacements.get(replacementKey);
  if (!replacement) {
    replacement = Buffer.from(
      `<style>${css}</style><link rel="stylesheet" href="${path}" ${inert} ${SITE_CSS_ATTRIBUTE}>`,
    );
    index.replacements.set(replacementKey, replacement);
  }
  return [{ at: link.index, remove: link[0].length, insert: replacement }];
}
