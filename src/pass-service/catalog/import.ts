/**
 * Loads a catalog (the import format of ./schema.ts) into the database, replacing the catalog that was there,
 * in one transaction. Image files are read once and stored in `media`; generated images are stored as recipes
 * and drawn on their first request. Each organizer, event group and
 * event gets a digest of its page data; its `updatedAt` moves only when that digest changes, so the
 * static-path lists tell a rebuild exactly which pages changed.
 *
 * This module runs the steps of `import/` in order: one per family of entities, parents before children.
 */
import type { Db } from "../db/index.ts";
import * as t from "../db/schema.ts";
import { recountSold } from "../services/recount-sold.ts";
import { importCodes } from "./import/codes.ts";
import type { ImportContext } from "./import/context.ts";
import { pageDigests, readPageStamps } from "./import/digests.ts";
import { importEvents } from "./import/events.ts";
import { importExtras } from "./import/extras.ts";
import { collectImages, storeMedia } from "./import/media.ts";
import { importOrganizers } from "./import/organizers.ts";
import { importProfiles } from "./import/profiles.ts";
import { importProgram } from "./import/program.ts";
import { importVenues } from "./import/venues.ts";
import type { Catalog } from "./schema.ts";

/** Options of an import: the time it happens and where `{ file }` images are read from. */
export interface ImportOptions {
  now: Date;
  /** Folder that `{ file }` image paths are relative to. */
  mediaDir?: string | undefined;
}

/** What an import did, for the operator. */
export interface ImportSummary {
  organizers: number;
  eventGroups: number;
  events: number;
  ticketTypes: number;
  extraProducts: number;
  seats: number;
  images: number;
  changedEvents: number;
}

/** The tables of the catalog, children first (the order they are emptied in). */
const CATALOG_TABLES = [
  t.programEntries,
  t.stages,
  t.coupons,
  t.discountCodes,
  t.supercoupons,
  t.variantValues,
  t.variants,
  t.extraProducts,
  t.productGroups,
  t.chipProducts,
  t.ticketTypes,
  t.reservationCategories,
  t.ticketTypeGroups,
  t.eventBands,
  t.eventPerformers,
  t.eventPaymentMethods,
  t.eventGroupEvents,
  t.events,
  t.performers,
  t.bands,
  t.galleryImages,
  t.galleries,
  t.seats,
  t.sectors,
  t.venues,
  t.eventGroups,
  t.orgPartners,
  t.organizers,
];

/** Replaces the catalog in the database with the given one. */
export async function importCatalog(db: Db, catalog: Catalog, opts: ImportOptions): Promise<ImportSummary> {
  const { images, stored } = collectImages();
  const digests = pageDigests(catalog);
  let seats = 0;
  let changedEvents = 0;
  await db.transaction(async (tx) => {
    // Keep the last-modified time of pages whose data did not change.
    const stamps = await readPageStamps(tx, opts.now);
    for (const table of CATALOG_TABLES) await tx.delete(table);
    const ctx: ImportContext = { tx, catalog, now: opts.now, stored, digests, stamps };
    await importOrganizers(ctx);
    seats = await importVenues(ctx);
    await importProfiles(ctx);
    changedEvents = await importEvents(ctx);
    await importExtras(ctx);
    await importCodes(ctx);
    await importProgram(ctx);
    // Orders are not part of the catalog: they stay, and what they hold is counted again.
    await recountSold(tx);
  });

  // Images: draw or read only those the database does not hold yet.
  await storeMedia(db, images, opts.mediaDir);

  return {
    organizers: catalog.organizers.length,
    eventGroups: catalog.eventGroups.length,
    events: catalog.events.length,
    ticketTypes: catalog.ticketTypes.length,
    extraProducts: catalog.extraProducts.length,
    seats,
    images: images.size,
    changedEvents,
  };
}
