/** Program area of spec §7: entries of a stage, and the bands, performers and products of an entry. */
import { programCalls } from "../../contract/program.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { extraProductsOf } from "../services/extras.ts";
import { bandsByIds, performersByIds } from "../services/profiles.ts";
import { entriesOfStage, entryRowById } from "../services/program.ts";

/** Registers the program calls. */
export function registerProgramRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(programCalls.stageEntries, async ({ params, locale }) => ({
    entries: await entriesOfStage(db, params.stageId, locale),
  }));

  table.serve(programCalls.entryBands, async ({ params, locale }) => {
    const entry = await entryRowById(db, params.entryId);
    return { bands: await bandsByIds(db, entry.bandIds, locale) };
  });

  table.serve(programCalls.entryPerformers, async ({ params, locale }) => {
    const entry = await entryRowById(db, params.entryId);
    return { performers: await performersByIds(db, entry.performerIds, locale) };
  });

  table.serve(programCalls.entryProducts, async ({ params, locale }) => {
    const entry = await entryRowById(db, params.entryId);
    if (entry.ticketProductIds.length === 0) return { products: [] };
    const products = await extraProductsOf(
      db,
      { eventId: entry.eventId, ticketProductIds: entry.ticketProductIds },
      locale,
      deps.clock.now(),
    );
    return { products };
  });
}
