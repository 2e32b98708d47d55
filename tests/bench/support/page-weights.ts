/**
 * Page weights of a built site for the build benchmark: per page type, the number of pages and the gzip bytes of
 * their HTML, of the CSS they link and of the JavaScript they reference (scripts, module preloads and every
 * island's component and renderer, with everything those import statically), as average and maximum. The
 * JavaScript is an upper bound read from the files: an island that loads only when it is needed (the consent
 * banner, the header's session entry of a signed-in visitor, the stage's debugger) counts too, code loaded by a
 * dynamic `import()` does not. `npm run bench:page-js` measures what a browser loads.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { tagsOf } from "../../e2e/support/html.ts";
import { pageTypeOf } from "../../e2e/support/site.ts";

const TYPES = ["index", "organizer", "tour", "event", "cart", "404"] as const;
type BenchType = (typeof TYPES)[number];
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** Files under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : [];
}

/** Gzip size of built files (cached), and the JS a module pulls in through static imports. */
function assetSizer(clientDir: string) {
  const gz = new Map<string, number>();
  const imports = new Map<string, string[]>();
  const gzipOf = (path: string): number => {
    let size = gz.get(path);
    if (size === undefined) {
      const file = join(clientDir, path);
      size = existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
      gz.set(path, size);
    }
    return size;
  };
  const staticImports = (path: string): string[] => {
    let list = imports.get(path);
    if (!list) {
      const file = join(clientDir, path);
      const code = existsSync(file) ? readFileSync(file, "utf8") : "";
      list = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.m?js)["']/g)].map(
        (m) => new URL(m[1] ?? "", `http://x${path}`).pathname,
      );
      imports.set(path, list);
    }
    return list;
  };
  /** Total gzip bytes of the modules and everything they import statically. */
  const jsClosure = (entries: string[]): number => {
    const seen = new Set<string>();
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      for (const next of staticImports(path)) visit(next);
    };
    for (const entry of entries) visit(entry);
    return [...seen].reduce((sum, path) => sum + gzipOf(path), 0);
  };
  return { gzipOf, jsClosure };
}

/** Per page type: count and gzip bytes of HTML, CSS and JS (sum and max). */
export function measurePages(clientDir: string) {
  const sizer = assetSizer(clientDir);
  const stats = new Map<BenchType, { pages: number; html: number[]; css: number[]; js: number[] }>();
  const local = (href: string | undefined): string | undefined => {
    if (!href) return undefined;
    const url = new URL(href, "http://site/");
    return url.host === "site" ? url.pathname : undefined;
  };
  let total = 0;
  for (const file of filesUnder(clientDir).filter((f) => f.endsWith(".html"))) {
    total++;
    const path = `/${file.replaceAll("\\", "/")}`;
    const type: BenchType | undefined = /(^|\/)404(\/index)?\.html$/.test(path)
      ? "404"
      : pageTypeOf(path.replace(/index\.html$/, ""));
    if (!type) continue;
    const html = readFileSync(join(clientDir, file));
    const tags = tagsOf(html.toString("utf8"), ["link", "script", "astro-island"]);
    const css = tags
      .filter((t) => t.name === "link" && /\bstylesheet\b/.test(t.attrs.rel ?? ""))
      .map((t) => local(t.attrs.href))
      .filter((p): p is string => !!p);
    const js = tags
      .flatMap((t) =>
        t.name === "script"
          ? [t.attrs.src]
          : t.name === "link" && /\bmodulepreload\b/.test(t.attrs.rel ?? "")
            ? [t.attrs.href]
            : t.name === "astro-island"
              ? [t.attrs["component-url"], t.attrs["renderer-url"]]
              : [],
      )
      .map(local)
      .filter((p): p is string => !!p);
    const entry = stats.get(type) ?? { pages: 0, html: [], css: [], js: [] };
    entry.pages++;
    entry.html.push(gzipSync(html).length);
    entry.css.push([...new Set(css)].reduce((sum, p) => sum + sizer.gzipOf(p), 0));
    entry.js.push(sizer.jsClosure([...new Set(js)]));
    stats.set(type, entry);
  }
  return { total, stats };
}

/** Prints the table of {@link measurePages}. */
export function printPageWeights(stats: ReturnType<typeof measurePages>["stats"]): void {
  const avg = (list: number[]) => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0);
  const max = (list: number[]) => (list.length ? Math.max(...list) : 0);
  console.log(
    "  gzip KB per page          pages    HTML avg/max      CSS avg/max       JS referenced avg/max",
  );
  for (const type of TYPES) {
    const s = stats.get(type);
    if (!s) {
      console.log(`  ${type.padEnd(24)}  ${"0".padStart(5)}    (none built)`);
      continue;
    }
    const col = (list: number[]) => `${kb(avg(list)).padStart(6)} / ${kb(max(list)).padEnd(7)}`;
    console.log(
      `  ${type.padEnd(24)}  ${String(s.pages).padStart(5)}  ${col(s.html)}  ${col(s.css)}  ${col(s.js)}`,
    );
  }
}
