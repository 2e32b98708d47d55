import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The browser validates with `zod/mini`, which bundles only the parts of zod in use; classic `zod` ships all
 * of itself (about 24 KB gzip). Code the browser loads (contract, clients, stores, islands, the core) never
 * imports classic zod as a value; `lib/sites.ts` and `lib/stage-config.ts`, the sites and the stage
 * configuration read at build time and by the server, are the exceptions (the browser reads the stage's public
 * part through `lib/stage-public.ts`, which has no zod).
 */
const ROOT = join(import.meta.dirname, "../..");
const BROWSER_FOLDERS = ["src/contract", "src/client", "src/stores", "src/islands", "src/lib"];
const SERVER_ONLY = new Set(["src/lib/sites.ts", "src/lib/stage-config.ts"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The zod entry points a file imports as values (type-only imports leave nothing in the bundle). */
function zodValueImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"(zod(?:\/[^"]*)?)";/gms)].map(
    (m) => m[1] ?? "",
  );
}

describe("zod in the browser", () => {
  const files = BROWSER_FOLDERS.flatMap((folder) => sources(join(ROOT, folder)))
    .map((file) => ({ file: relative(ROOT, file), imports: zodValueImports(readFileSync(file, "utf8")) }))
    .filter(({ file }) => !SERVER_ONLY.has(file));

  it("code the browser loads imports zod/mini, never classic zod", () => {
    expect(files.filter(({ imports }) => imports.includes("zod/mini")).length).toBeGreaterThan(10);
    const classic = files.filter(({ imports }) =>
      imports.some((from) => from === "zod" || from === "zod/v4"),
    );
    expect(classic.map(({ file }) => file)).toEqual([]);
  });

  it("recognises a classic value import and lets a type-only import pass", () => {
    expect(zodValueImports('import { z } from "zod";\n')).toEqual(["zod"]);
    expect(zodValueImports('import type { z } from "zod";\n')).toEqual([]);
  });
});
