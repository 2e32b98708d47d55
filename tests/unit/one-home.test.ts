import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Facts with one home (DESIGN §3): the locale list, the local site origin, the agent version, the
 * construction of the pass client and the making of random ids are written once, and everything else takes
 * them from there.
 */
const ROOT = join(import.meta.dirname, "../..");

/** Source files: src/ (the storefront, the contract and the reference service), scripts/ and astro.config.mjs. */
function sources(): string[] {
  const files: string[] = [join(ROOT, "astro.config.mjs")];
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (/\.(ts|tsx|astro|mjs)$/.test(name)) files.push(path);
    }
  };
  visit(join(ROOT, "src"));
  visit(join(ROOT, "scripts"));
  return files;
}

/** Files (relative to the repository) whose text matches `pattern`. */
function filesMatching(pattern: RegExp): string[] {
  return sources()
    .filter((file) => pattern.test(readFileSync(file, "utf8")))
    .map((file) => relative(ROOT, file))
    .sort();
}

describe("one home per fact", () => {
  it("writes the list of locales once, in i18n/config.ts", () => {
    const list = /["']cs["']\s*[,|]\s*["']en["']\s*[,|]\s*["']de["']\s*[,|]\s*["']sk["']/;
    expect(filesMatching(list)).toEqual(["src/lib/i18n/config.ts"]);
  });

  it("writes the local site's port and origin once, in site-config.ts", () => {
    expect(filesMatching(/localhost:4321/)).toEqual([]);
    expect(filesMatching(/\b4321\b/)).toEqual(["src/lib/site-config.ts"]);
  });

  it("builds every pass client of the product in client/pass.ts, with the one agent version", () => {
    expect(filesMatching(/createApiClient\(/)).toEqual(["src/client/http.ts", "src/client/pass.ts"]);
    expect(filesMatching(/["']0\.1\.0["']/)).toEqual(["src/client/pass.ts"]);
  });

  it("makes random ids with the Web Crypto API (Idempotency-Keys) in lib/ids.ts only", () => {
    expect(filesMatching(/globalThis\.crypto|(?<![\w.])crypto\??\.randomUUID/)).toEqual(["src/lib/ids.ts"]);
  });
});
