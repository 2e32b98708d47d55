import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Files a person can hold in their head: no source file of src/ or scripts/ is over 500 lines, except
 * declarative data and schemas, named here with the reason.
 */
const ROOT = join(import.meta.dirname, "../..");
const MAX_LINES = 500;
const DECLARATIVE: Record<string, string> = {
  "src/pass-service/catalog/schema.ts": "the catalog file format: one zod schema per entity",
  "src/pass-service/db/schema.ts": "the database tables: one Drizzle table per entity",
  "src/lib/enums/region.ts": "the region enumeration of spec §3: ids and names in four languages",
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "migrations" ? [] : sources(path);
    return /\.(ts|tsx|astro|mjs)$/.test(name) ? [path] : [];
  });
}

describe("file size", () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer, declarative data and schemas aside`, () => {
    const long = [...sources(join(ROOT, "src")), ...sources(join(ROOT, "scripts"))]
      .map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, "utf8").split("\n").length }))
      .filter(({ file, lines }) => lines > MAX_LINES && !(file in DECLARATIVE));
    expect(long).toEqual([]);
  });
});
