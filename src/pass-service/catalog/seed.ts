/** The demo catalog on first start, `npm run seed`, and imports from a catalog file. */
import { eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/index.ts";
import { serviceMeta } from "../db/schema.ts";
import type { ServiceLogger } from "../logger.ts";
import { demoCatalog } from "./demo.ts";
import type { CatalogFile } from "./file.ts";
import { type ImportSummary, importCatalog } from "./import.ts";
import { parseCatalog } from "./schema.ts";

const CATALOG_KEY = "catalog";

/** Which catalog the database holds and when it was loaded. */
export interface CatalogStamp {
  source: "demo" | "file";
  file?: string;
  loadedAt: string;
}

/** The catalog stamp of the database, or undefined when no catalog was ever loaded. */
export async function catalogStamp(database: Database): Promise<CatalogStamp | undefined> {
  const rows = await database.db.select().from(serviceMeta).where(eq(serviceMeta.key, CATALOG_KEY));
  return rows[0]?.value as CatalogStamp | undefined;
}

async function writeStamp(database: Database, stamp: CatalogStamp): Promise<void> {
  await database.db
    .insert(serviceMeta)
    .values({ key: CATALOG_KEY, value: stamp })
    .onConflictDoUpdate({ target: serviceMeta.key, set: { value: stamp, updatedAt: new Date() } });
}

/** Loads the demo catalog (dates relative to the clock's now), replacing whatever catalog was there. */
export async function seedDemoCatalog(database: Database, clock: Clock): Promise<ImportSummary> {
  const now = clock.now();
  const summary = await importCatalog(database.db, parseCatalog(demoCatalog(now)), { now });
  await writeStamp(database, { source: "demo", loadedAt: now.toISOString() });
  return summary;
}

/** Loads the demo catalog into a database that has never held a catalog. */
export async function ensureDemoCatalog(
  database: Database,
  clock: Clock,
  logger: ServiceLogger,
): Promise<void> {
  if (await catalogStamp(database)) return;
  const summary = await seedDemoCatalog(database, clock);
  logger.info("demo catalog loaded", { ...summary });
}

/** Imports a catalog file read and checked by `readCatalogFile`, replacing whatever catalog was there. */
export async function importCatalogFile(
  database: Database,
  file: CatalogFile,
  clock: Clock,
): Promise<ImportSummary> {
  const now = clock.now();
  const summary = await importCatalog(database.db, file.catalog, { now, mediaDir: file.mediaDir });
  await writeStamp(database, { source: "file", file: file.path, loadedAt: now.toISOString() });
  return summary;
}
