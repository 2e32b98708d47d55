import { statSync, utimesSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { newestSourceMtime } from "../../scripts/lib/site.ts";

/** A file of each kind the built site depends on. */
const SOURCES = [
  "src/lib/money.ts",
  "astro.config.mjs",
  "scripts/lib/pure-contract.ts",
  "scripts/lib/page-chunk.ts",
];

describe("what a built site depends on", () => {
  it.each(SOURCES)("a change of %s makes the built site older than its sources", (source) => {
    const file = fileURLToPath(new URL(`../../${source}`, import.meta.url));
    const { atime, mtime } = statSync(file);
    const later = new Date(Math.max(newestSourceMtime(), Date.now()) + 60_000);
    try {
      utimesSync(file, atime, later);
      expect(newestSourceMtime()).toBe(later.getTime());
    } finally {
      utimesSync(file, atime, mtime);
    }
  });
});
