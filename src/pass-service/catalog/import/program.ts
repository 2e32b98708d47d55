/** Import step: the program of events: stages and their entries. */
import * as t from "../../db/schema.ts";
import { type ImportContext, insertRows } from "./context.ts";

/** Inserts the stages and program entries. */
export async function importProgram(ctx: ImportContext): Promise<void> {
  const { tx, catalog } = ctx;
  await insertRows(
    tx,
    t.stages,
    catalog.stages.map((s) => ({
      stageId: s.stageId,
      eventId: s.eventId,
      name: s.name,
      description: s.description ?? null,
      displayOrder: s.displayOrder,
    })),
  );
  await insertRows(
    tx,
    t.programEntries,
    catalog.programEntries.map((p) => ({
      entryId: p.entryId,
      eventId: p.eventId,
      stageId: p.stageId,
      name: p.name,
      description: p.description ?? null,
      startsAt: new Date(p.startsAt),
      endsAt: new Date(p.endsAt),
      bandIds: p.bandIds,
      performerIds: p.performerIds,
      ticketProductIds: p.ticketProductIds,
    })),
  );
}
