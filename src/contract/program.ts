/** Program area of spec §7: stages of an event and the program entries played on them. */
import { z } from "zod/mini";
import { Band, Performer } from "./band.ts";
import { DisplayOrder, IsoDateTime, ok, Uuid } from "./common.ts";
import { defineCall } from "./define.ts";
import { ExtraProduct } from "./ticket.ts";

/** A stage of an event. */
export const Stage = z.object({
  stageId: Uuid,
  eventId: Uuid,
  name: z.string(),
  description: z.nullable(z.string()),
  displayOrder: DisplayOrder,
});

/** A stage of an event. */
export type Stage = z.infer<typeof Stage>;

/** One slot of the program: who plays on which stage and when. */
export const ProgramEntry = z.object({
  entryId: Uuid,
  eventId: Uuid,
  stageId: Uuid,
  name: z.string(),
  description: z.nullable(z.string()),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  bandIds: z.array(Uuid),
  performerIds: z.array(Uuid),
});

/** One slot of the program. */
export type ProgramEntry = z.infer<typeof ProgramEntry>;

/** A program entry with the extra products sold for it (e.g. a workshop seat). */
export const ProgramEntryWithProducts = z.extend(ProgramEntry, { products: z.array(ExtraProduct) });

/** A program entry with its products. */
export type ProgramEntryWithProducts = z.infer<typeof ProgramEntryWithProducts>;

const entryParams = z.object({ entryId: Uuid });

/** `program.stageEntries`: Program entries of a stage, by start time. */
export const programStageEntries = defineCall({
  id: "program.stageEntries",
  area: "program",
  method: "GET",
  path: "/api/stage/{stageId}/entries",
  params: z.object({ stageId: Uuid }),
  response: ok({ entries: z.array(ProgramEntry) }),
  secure: false,
  summary: "Program entries of a stage, by start time",
});

/** `program.entryBands`: Bands of a program entry. */
export const programEntryBands = defineCall({
  id: "program.entryBands",
  area: "program",
  method: "GET",
  path: "/api/entry/{entryId}/bands",
  params: entryParams,
  response: ok({ bands: z.array(Band) }),
  secure: false,
  summary: "Bands of a program entry",
});

/** `program.entryPerformers`: Performers of a program entry. */
export const programEntryPerformers = defineCall({
  id: "program.entryPerformers",
  area: "program",
  method: "GET",
  path: "/api/entry/{entryId}/performers",
  params: entryParams,
  response: ok({ performers: z.array(Performer) }),
  secure: false,
  summary: "Performers of a program entry",
});

/** `program.entryProducts`: Extra products sold for a program entry. */
export const programEntryProducts = defineCall({
  id: "program.entryProducts",
  area: "program",
  method: "GET",
  path: "/api/entry/{entryId}/products",
  params: entryParams,
  response: ok({ products: z.array(ExtraProduct) }),
  secure: false,
  summary: "Extra products sold for a program entry",
});

/** Calls of the program area. */
export const programCalls = {
  stageEntries: programStageEntries,
  entryBands: programEntryBands,
  entryPerformers: programEntryPerformers,
  entryProducts: programEntryProducts,
} as const;
