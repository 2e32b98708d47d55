/** A catalog file read and checked, before anything is written: `npm run pass -- import <file.json>`. */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { type Catalog, parseCatalog } from "./schema.ts";

/** A checked catalog and where its file is (`{ file }` images are read relative to it). */
export interface CatalogFile {
  catalog: Catalog;
  /** The file's absolute path. */
  path: string;
  /** The folder `{ file }` images are read from. */
  mediaDir: string;
}

/** Reads and checks a catalog JSON file; an unreadable file throws an Error naming it, a bad one a CatalogError. */
export async function readCatalogFile(path: string): Promise<CatalogFile> {
  const absolute = resolve(path);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(absolute, "utf8"));
  } catch (error) {
    throw new Error(
      `Cannot read the catalog ${absolute}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { catalog: parseCatalog(json), path: absolute, mediaDir: dirname(absolute) };
}
