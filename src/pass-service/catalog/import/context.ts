/** What the steps of a catalog import share: the transaction, the catalog, the time and a few helpers. */
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/index.ts";
import type * as t from "../../db/schema.ts";
import type { Catalog, CatalogImage } from "../schema.ts";
import type { PageDigests, PageStamps } from "./digests.ts";

/** Everything a step of the import reads: each step writes the rows of one family of entities. */
export interface ImportContext {
  /** The transaction the whole import runs in. */
  tx: Db;
  catalog: Catalog;
  /** The time of the import. */
  now: Date;
  /** The stored form of an image (null when absent); remembers the image so its media row gets written. */
  stored: (img: CatalogImage | undefined) => t.StoredImage | null;
  digests: PageDigests;
  stamps: PageStamps;
}

/** Inserts rows in batches of 500 (one statement per batch). */
export async function insertRows<T extends PgTable>(
  tx: Db,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(table).values(rows.slice(i, i + 500));
}

/** A catalog date text as a Date, or null when absent. */
export const optionalDate = (value: string | undefined): Date | null => (value ? new Date(value) : null);
