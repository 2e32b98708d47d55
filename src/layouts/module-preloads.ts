/**
 * Module preloads. The browser build splits an island's code into small modules (by the islands that share
 * them), and the browser finds each level of that tree only when the level above it has arrived: a cart's
 * code came in five round trips, one after another, before it could hydrate. A page whose islands hydrate at
 * load (`client:load`) names, right before each of them, every module that island and its renderer import
 * statically and no island before it has named (`<link rel="modulepreload">`, body-ok), so the browser asks
 * for an island's modules at once when its parser reaches the island: on a slow phone the cart takes input
 * about 1.5 s sooner and paints first as soon (README, "An island's code in one round trip";
 * `npm run bench:cart-ready`). Each island names its modules right before itself, where they cannot take
 * bandwidth from the page above it; named in the head, the modules delayed the first paint of every cart.
 * Modules an island imports on demand (`import()`) are not named, nor islands that hydrate later or only on a
 * condition (`client:session`, `client:consent`, `client:debugger`). An island that hydrates when the buyer reaches
 * it (`client:reached`: a seated cart's seat map) gets the same list, the modules it needs that no load island
 * named, in its start tag (`data-modules`), and its directive names them when it is reached, so its code arrives
 * in one round trip too instead of one per level of its imports (src/islands/reached-directive.ts). A page with
 * neither kind of island is left as it is. Imports are read from the built files the page's server serves
 * (`es-module-lexer`), once per module.
 * Used by the page middleware (src/middleware.ts) on every HTML page.
 */
import { ImportType, initSync, parse } from "es-module-lexer";
import { MODULES_ATTRIBUTE } from "../islands/reached.ts";
import { attributeValue } from "./attributes.ts";
import type { PageEdit } from "./page-edits.ts";

/** The start of an island's start tag. */
const ISLAND_START = "<astro-island";

/** The attribute of such an island, as Astro writes it. */
const LOAD_DIRECTIVE = ' client="load"';
const LOAD_ATTRIBUTE = Buffer.from(LOAD_DIRECTIVE);

/** The attribute of an island that hydrates when it is reached (`client:reached`), as Astro writes it. */
const REACHED_ATTRIBUTE = Buffer.from(' client="reached"');

/**
 * Whether a page has an island that hydrates at load. Most pages have none: a plain search rules them out before
 * the islands' start tags are read.
 */
export function hydratesAtLoad(html: string): boolean {
  if (!html.includes(LOAD_DIRECTIVE)) return false;
  for (const { tag } of islandTags(html)) if (attributeValue(tag, "client") === "load") return true;
  return false;
}

/**
 * The islands' start tags in the page's text, in order, each with its index (as `/<astro-island\b[^>]*>/g`
 * would match them), found with `indexOf` (see `./attributes.ts`).
 */
function* islandTags(html: string): Generator<{ at: number; tag: string }> {
  for (let at = html.indexOf(ISLAND_START); at !== -1; ) {
    if (/\w/.test(html.charAt(at + ISLAND_START.length))) {
      at = html.indexOf(ISLAND_START, at + 1);
      continue;
    }
    const end = html.indexOf(">", at);
    if (end === -1) return;
    yield { at, tag: html.slice(at, end + 1) };
    at = html.indexOf(ISLAND_START, end + 1);
  }
}

/** The static imports of each module read so far, by URL path ("/_astro/x.js"). */
const importsOf = new Map<string, string[]>();

/** The URL paths of the modules a module imports statically (`import … from`, `import "…"`, `export … from`). */
export function staticImports(path: string, code: string): string[] {
  initSync();
  const [imports] = parse(code);
  const base = new URL(path, "http://module.invalid");
  return imports.flatMap((entry) =>
    entry.t === ImportType.Static && entry.n && /^\.{0,2}\//.test(entry.n)
      ? [new URL(entry.n, base).pathname]
      : [],
  );
}

/** The modules a module needs before it runs: itself and what it imports statically, followed through. */
export function moduleClosure(path: string, read: (path: string) => string | undefined): string[] {
  const seen = new Set<string>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    let imports = importsOf.get(module);
    if (!imports) {
      const code = read(module);
      // A module not found is not named (and looked for again on the next page).
      if (code === undefined) return;
      imports = staticImports(module, code);
      importsOf.set(module, imports);
    }
    seen.add(module);
    for (const imported of imports) visit(imported);
  };
  visit(path);
  return [...seen];
}

/** The modules one `client:load` or `client:reached` island names: those it needs that no island before it named. */
export interface LoadIsland {
  /** The index in the page's text of the island's start tag. */
  at: number;
  /** When it hydrates: at load, or when the buyer reaches it. */
  client: "load" | "reached";
  /** URL paths, the island's renderer before its component. */
  modules: string[];
}

/**
 * The page's `client:load` and `client:reached` islands in page order, each with the modules it names
 * (`moduleClosure`): those no load island before it named (what a load island named is on its way; what
 * another reached island named may never be asked for).
 */
export function loadIslands(html: string, read: (path: string) => string | undefined): LoadIsland[] {
  const named = new Set<string>();
  const islands: LoadIsland[] = [];
  for (const { at, tag } of islandTags(html)) {
    const client = attributeValue(tag, "client");
    if (client !== "load" && client !== "reached") continue;
    const own = new Set<string>();
    for (const url of [attributeValue(tag, "renderer-url"), attributeValue(tag, "component-url")]) {
      if (!url?.startsWith("/")) continue;
      for (const module of moduleClosure(url, read)) if (!named.has(module)) own.add(module);
    }
    if (client === "load") for (const module of own) named.add(module);
    if (own.size > 0) islands.push({ at, client, modules: [...own] });
  }
  return islands;
}

/**
 * The edits that add a `<link rel="modulepreload">` for each module the page's load islands need, right before
 * the first island that needs it (the browser finds an island's modules when its parser reaches the island,
 * and they do not compete with the bytes of the page above it), and give a reached island's start tag its
 * modules in `data-modules`. `text`: the page read as Latin-1, if the caller has read it already.
 */
export function modulePreloadEdits(
  page: Buffer,
  read: (path: string) => string | undefined,
  text?: string,
): PageEdit[] {
  // Most pages (the catalog's) have no island that hydrates at load or when reached: their bytes are not decoded.
  if (page.indexOf(LOAD_ATTRIBUTE) === -1 && page.indexOf(REACHED_ATTRIBUTE) === -1) return [];
  // Read as Latin-1: one character per byte, so an index in the text is one in the bytes. Tags, attribute
  // names and module URLs are ASCII, and no byte of a multi-byte UTF-8 character is `<`, `>` or `"`. (Decoded
  // as UTF-8, with the bytes before the island counted, one cart page took 1.15 ms here in a loop, 0.06 ms so.)
  const islands = loadIslands(text ?? page.toString("latin1"), read);
  const tagName = ISLAND_START.length;
  return islands.map(({ at, client, modules }) =>
    client === "load"
      ? {
          at,
          remove: 0,
          insert: Buffer.from(modules.map((href) => `<link rel="modulepreload" href="${href}">`).join("")),
        }
      : { at: at + tagName, remove: 0, insert: Buffer.from(` ${MODULES_ATTRIBUTE}="${modules.join(" ")}"`) },
  );
}
