/** Line-up and program of an event (event area of spec §7): bands, performers, stages and program entries. */
import { eventCalls } from "../../contract/event.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { extraProductsOf } from "../services/extras.ts";
import {
  entryRowsOfEvent,
  lineupBandsOf,
  lineupPerformersOf,
  programEntryOut,
  stagesOf,
} from "../services/profiles.ts";

/** Registers the line-up, stage and program calls of the event area. */
export function registerLineupRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(eventCalls.bands, async ({ params, locale }) => ({
    bands: await lineupBandsOf(db, params.eventId, locale),
  }));

  table.serve(eventCalls.mainBands, async ({ params, locale }) => ({
    bands: await lineupBandsOf(db, params.eventId, locale, true),
  }));

  table.serve(eventCalls.performers, async ({ params, locale }) => ({
    performers: await lineupPerformersOf(db, params.eventId, locale),
  }));

  table.serve(eventCalls.mainPerformers, async ({ params, locale }) => ({
    performers: await lineupPerformersOf(db, params.eventId, locale, true),
  }));

  table.serve(eventCalls.stages, async ({ params, locale }) => ({
    stages: await stagesOf(db, params.eventId, locale),
  }));

  table.serve(eventCalls.entries, async ({ params, locale }) => ({
    entries: (await entryRowsOfEvent(db, params.eventId)).map((row) => programEntryOut(row, locale)),
  }));

  table.serve(eventCalls.entriesWithProducts, async ({ params, locale }) => {
    const rows = await entryRowsOfEvent(db, params.eventId);
    const productIds = [...new Set(rows.flatMap((row) => row.ticketProductIds))];
    const products =
      productIds.length === 0
        ? []
        : await extraProductsOf(
            db,
            { eventId: params.eventId, ticketProductIds: productIds },
            locale,
            deps.clock.now(),
          );
    return {
      entries: rows.map((row) => {
        const own = new Set(row.ticketProductIds);
        return {
          ...programEntryOut(row, locale),
          products: products.filter((p) => own.has(p.ticketProductId)),
        };
      }),
    };
  });
}
