/**
 * An event's line-up (bands and performers), its stages and its program entries, as the event and program
 * calls answer them.
 */
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { LineupBand, LineupPerformer } from "../../contract/band.ts";
import type { ProgramEntry, Stage } from "../../contract/program.ts";
import type { Db } from "../db/index.ts";
import { preparedRead } from "../db/prepared-read.ts";
import { rememberedRead } from "../db/read-memo.ts";
import { bands, eventBands, eventPerformers, performers, programEntries, stages } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { eventBasics } from "./event-basics.ts";
import { iso, loc, locOrNull } from "./localize.ts";

import { bandOut, bySlug, performerOut } from "./profiles.ts";

/** A stage row as the contract's `Stage`. */
export function stageOut(row: typeof stages.$inferSelect, locale: ServiceLocale): Stage {
  return {
    stageId: row.stageId,
    eventId: row.eventId,
    name: loc(row.name, locale),
    description: locOrNull(row.description, locale),
    displayOrder: row.displayOrder,
  };
}

/** A program entry row as the contract's `ProgramEntry`. */
export function programEntryOut(
  row: typeof programEntries.$inferSelect,
  locale: ServiceLocale,
): ProgramEntry {
  return {
    entryId: row.entryId,
    eventId: row.eventId,
    stageId: row.stageId,
    name: loc(row.name, locale),
    description: locOrNull(row.description, locale),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    bandIds: row.bandIds,
    performerIds: row.performerIds,
  };
}

/**
 * Throws a 404 unless an event with this id exists (hidden events included): the event's basics, which the
 * other calls of a publish read too, so a build reads the row once for both.
 */
export async function assertEventExists(db: Db, eventId: string): Promise<void> {
  await eventBasics(db, eventId);
}

/** The rows of an event's line-up of bands, all of it or its headliners only. */
const lineupBandRows = {
  all: lineupBandsRead(false),
  main: lineupBandsRead(true),
};

function lineupBandsRead(mainOnly: boolean) {
  return preparedRead(`lineupBands:${mainOnly}`, ["eventId"], (db, p) =>
    db
      .select({ band: bands, main: eventBands.main, displayOrder: eventBands.displayOrder })
      .from(eventBands)
      .innerJoin(bands, eq(bands.bandId, eventBands.bandId))
      .where(and(eq(eventBands.eventId, p.eventId), mainOnly ? eq(eventBands.main, true) : undefined))
      .orderBy(desc(eventBands.main), asc(eventBands.displayOrder), bySlug(bands.slug)),
  );
}

/** The rows of an event's line-up of performers, all of it or its headliners only. */
const lineupPerformerRows = {
  all: lineupPerformersRead(false),
  main: lineupPerformersRead(true),
};

function lineupPerformersRead(mainOnly: boolean) {
  return preparedRead(`lineupPerformers:${mainOnly}`, ["eventId"], (db, p) =>
    db
      .select({
        performer: performers,
        main: eventPerformers.main,
        displayOrder: eventPerformers.displayOrder,
      })
      .from(eventPerformers)
      .innerJoin(performers, eq(performers.performerId, eventPerformers.performerId))
      .where(
        and(eq(eventPerformers.eventId, p.eventId), mainOnly ? eq(eventPerformers.main, true) : undefined),
      )
      .orderBy(desc(eventPerformers.main), asc(eventPerformers.displayOrder), bySlug(performers.slug)),
  );
}

/** Bands on an event's line-up (only headliners when `mainOnly`): headliners first, then display order. */
export async function lineupBandsOf(
  db: Db,
  eventId: string,
  locale: ServiceLocale,
  mainOnly = false,
): Promise<LineupBand[]> {
  const rows = await rememberedRead(db, `lineupBands:${eventId}:${mainOnly}`, () =>
    lineupBandRows[mainOnly ? "main" : "all"](db, { eventId }),
  );
  if (rows.length === 0) await assertEventExists(db, eventId);
  return rows.map((r) => ({ ...bandOut(r.band, locale), main: r.main, displayOrder: r.displayOrder }));
}

/**
 * Performers on an event's line-up (only headliners when `mainOnly`): headliners first, then display order.
 */
export async function lineupPerformersOf(
  db: Db,
  eventId: string,
  locale: ServiceLocale,
  mainOnly = false,
): Promise<LineupPerformer[]> {
  const rows = await rememberedRead(db, `lineupPerformers:${eventId}:${mainOnly}`, () =>
    lineupPerformerRows[mainOnly ? "main" : "all"](db, { eventId }),
  );
  if (rows.length === 0) await assertEventExists(db, eventId);
  return rows.map((r) => ({
    ...performerOut(r.performer, locale),
    main: r.main,
    displayOrder: r.displayOrder,
  }));
}

/** Stages of an event in display order. */
export async function stagesOf(db: Db, eventId: string, locale: ServiceLocale): Promise<Stage[]> {
  const rows = await db
    .select()
    .from(stages)
    .where(eq(stages.eventId, eventId))
    .orderBy(asc(stages.displayOrder), asc(stages.stageId));
  if (rows.length === 0) await assertEventExists(db, eventId);
  return rows.map((r) => stageOut(r, locale));
}

/** Stored program entries matching `where`, by start time, then stage order. */
async function entryRows(db: Db, where: SQL | undefined): Promise<(typeof programEntries.$inferSelect)[]> {
  const rows = await db
    .select({ entry: programEntries })
    .from(programEntries)
    .innerJoin(stages, eq(stages.stageId, programEntries.stageId))
    .where(where)
    .orderBy(
      asc(programEntries.startsAt),
      asc(stages.displayOrder),
      asc(stages.stageId),
      asc(programEntries.entryId),
    );
  return rows.map((r) => r.entry);
}

/** Program entries of an event (stored rows), by start time, then stage order. */
export async function entryRowsOfEvent(
  db: Db,
  eventId: string,
): Promise<(typeof programEntries.$inferSelect)[]> {
  const rows = await entryRows(db, eq(programEntries.eventId, eventId));
  if (rows.length === 0) await assertEventExists(db, eventId);
  return rows;
}

/** Program entries of a stage, by start time; a 404 for an unknown stage. */
export async function entriesOfStage(
  db: Db,
  stageId: string,
  locale: ServiceLocale,
): Promise<ProgramEntry[]> {
  const rows = await entryRows(db, eq(programEntries.stageId, stageId));
  if (rows.length === 0) {
    const [stage] = await db.select({ id: stages.stageId }).from(stages).where(eq(stages.stageId, stageId));
    if (!stage) throw notFound("Stage", stageId);
  }
  return rows.map((r) => programEntryOut(r, locale));
}

/** The program entry with this id (stored row), or a 404. */
export async function entryRowById(db: Db, entryId: string): Promise<typeof programEntries.$inferSelect> {
  const [row] = await db.select().from(programEntries).where(eq(programEntries.entryId, entryId));
  if (!row) throw notFound("Program entry", entryId);
  return row;
}
