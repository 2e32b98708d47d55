/**
 * Bands, performers, galleries and the program: the rows of these tables as the contract's entities, and the
 * batched queries behind the band, performer, gallery, program and event line-up calls.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type {
  Band,
  LineupBand,
  LineupPerformer,
  Performer,
  Profile,
  ProfileSummary,
} from "../../contract/band.ts";
import type { EventRef } from "../../contract/common.ts";
import type { Gallery, GalleryImage } from "../../contract/gallery.ts";
import type { ProgramEntry, Stage } from "../../contract/program.ts";
import type { Db } from "../db/index.ts";
import {
  bands,
  eventBands,
  eventPerformers,
  events,
  galleries,
  galleryImages,
  organizers,
  performers,
  programEntries,
  stages,
  venues,
} from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { imageOut, iso, loc, locOrNull, mediaUrl } from "./localize.ts";

/** A stored band. */
export type BandRow = typeof bands.$inferSelect;
/** A stored performer. */
export type PerformerRow = typeof performers.$inferSelect;
/** Which kind of act a profile belongs to. */
export type ProfileKindName = "band" | "performer";

/** Keeps the order of `ids` (first occurrence), dropping ids without a row. */
function inIdOrder<T>(ids: readonly string[], rows: readonly T[], idOf: (row: T) => string): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  const seen = new Set<string>();
  const out: T[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row && !seen.has(id)) {
      seen.add(id);
      out.push(row);
    }
  }
  return out;
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

/** Ascending by slug, byte-wise, so both database engines agree whatever their default collation. */
const bySlug = (column: typeof bands.slug | typeof performers.slug): SQL => sql`${column} collate "C" asc`;

// ---------------------------------------------------------------------------------------------------------
// Mappers

/** A band row as the contract's `Band`. */
export function bandOut(row: BandRow, locale: ServiceLocale): Band {
  return {
    bandId: row.bandId,
    profileSlug: row.slug,
    name: loc(row.name, locale),
    genre: locOrNull(row.genre, locale),
    image: imageOut(row.image, locale),
    countryId: row.countryId,
  };
}

/** A performer row as the contract's `Performer`. */
export function performerOut(row: PerformerRow, locale: ServiceLocale): Performer {
  return {
    performerId: row.performerId,
    profileSlug: row.slug,
    name: loc(row.name, locale),
    role: locOrNull(row.role, locale),
    genre: locOrNull(row.genre, locale),
    image: imageOut(row.image, locale),
    countryId: row.countryId,
    bandIds: row.bandIds,
  };
}

/** A band or performer row as a line of a profile list. */
export function profileSummaryOut(
  kind: ProfileKindName,
  row: BandRow | PerformerRow,
  locale: ServiceLocale,
): ProfileSummary {
  return {
    kind,
    profileId: "bandId" in row ? row.bandId : row.performerId,
    profileSlug: row.slug,
    name: loc(row.name, locale),
    genre: locOrNull(row.genre, locale),
    image: imageOut(row.image, locale),
  };
}

/** A gallery image row as the contract's `GalleryImage`. */
export function galleryImageOut(row: typeof galleryImages.$inferSelect, locale: ServiceLocale): GalleryImage {
  return {
    url: mediaUrl(row.image.key),
    width: row.image.width,
    height: row.image.height,
    alt: loc(row.image.alt, locale),
    imageId: row.imageId,
    galleryId: row.galleryId,
    caption: locOrNull(row.caption, locale),
    displayOrder: row.displayOrder,
  };
}

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

// ---------------------------------------------------------------------------------------------------------
// Favorites

/**
 * Where favorites come from: rows of `(profile_id uuid, account_id uuid)` marking an act as a favorite of an
 * account. Accounts cannot mark favorites yet, so the source is empty; the favorite calls extend it.
 */
export function favoritesSource(_kind: ProfileKindName): SQL {
  return sql`select null::uuid as profile_id, null::uuid as account_id where false`;
}

/** How many accounts marked each of the given bands or performers as favorite (0 when none). */
export async function favoriteCounts(
  db: Db,
  kind: ProfileKindName,
  ids: string[],
): Promise<Map<string, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const profileId = sql<string>`f.profile_id`;
  const rows = await db
    .select({ profileId, favorites: sql<number>`count(distinct f.account_id)::int` })
    .from(sql`(${favoritesSource(kind)}) as f`)
    .where(inArray(profileId, unique(ids)))
    .groupBy(profileId);
  for (const row of rows) counts.set(row.profileId, Number(row.favorites));
  return counts;
}

// ---------------------------------------------------------------------------------------------------------
// Bands and performers

/** The band with this id, or a 404. */
export async function bandRowById(db: Db, bandId: string): Promise<BandRow> {
  const [row] = await db.select().from(bands).where(eq(bands.bandId, bandId));
  if (!row) throw notFound("Band", bandId);
  return row;
}

/** The performer with this id, or a 404. */
export async function performerRowById(db: Db, performerId: string): Promise<PerformerRow> {
  const [row] = await db.select().from(performers).where(eq(performers.performerId, performerId));
  if (!row) throw notFound("Performer", performerId);
  return row;
}

/** Bands by id, in the order of `bandIds` (unknown ids are left out). */
export async function bandsByIds(db: Db, bandIds: string[], locale: ServiceLocale): Promise<Band[]> {
  if (bandIds.length === 0) return [];
  const rows = await db
    .select()
    .from(bands)
    .where(inArray(bands.bandId, unique(bandIds)));
  return inIdOrder(bandIds, rows, (r) => r.bandId).map((r) => bandOut(r, locale));
}

/** Performers by id, in the order of `performerIds` (unknown ids are left out). */
export async function performersByIds(
  db: Db,
  performerIds: string[],
  locale: ServiceLocale,
): Promise<Performer[]> {
  if (performerIds.length === 0) return [];
  const rows = await db
    .select()
    .from(performers)
    .where(inArray(performers.performerId, unique(performerIds)));
  return inIdOrder(performerIds, rows, (r) => r.performerId).map((r) => performerOut(r, locale));
}

/** Members of a band (performers listing it among their bands), by profile slug. */
export async function membersOfBand(db: Db, bandId: string, locale: ServiceLocale): Promise<Performer[]> {
  const rows = await db
    .select()
    .from(performers)
    .where(sql`${bandId}::uuid = any(${performers.bandIds})`)
    .orderBy(bySlug(performers.slug));
  return rows.map((r) => performerOut(r, locale));
}

/** Visible events with the band or performer (on the line-up or in the program) that have not ended, by start. */
export async function upcomingEventsOf(
  db: Db,
  kind: ProfileKindName,
  profileId: string,
  locale: ServiceLocale,
  now: Date,
): Promise<EventRef[]> {
  const onLineup =
    kind === "band"
      ? db.select({ id: eventBands.eventId }).from(eventBands).where(eq(eventBands.bandId, profileId))
      : db
          .select({ id: eventPerformers.eventId })
          .from(eventPerformers)
          .where(eq(eventPerformers.performerId, profileId));
  const inProgram = db
    .select({ id: programEntries.eventId })
    .from(programEntries)
    .where(
      kind === "band"
        ? sql`${profileId}::uuid = any(${programEntries.bandIds})`
        : sql`${profileId}::uuid = any(${programEntries.performerIds})`,
    );
  const rows = await db
    .select({
      eventId: events.eventId,
      organizerSlug: organizers.slug,
      eventSlug: events.slug,
      name: events.name,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timezone: events.timezone,
      venueName: venues.name,
      venueAddress: venues.address,
    })
    .from(events)
    .innerJoin(organizers, eq(organizers.organizerId, events.organizerId))
    .leftJoin(venues, eq(venues.venueId, events.venueId))
    .where(
      and(
        eq(events.visible, true),
        gt(events.endsAt, now),
        or(inArray(events.eventId, onLineup), inArray(events.eventId, inProgram)),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.eventId));
  return rows.map((r) => ({
    eventId: r.eventId,
    organizerSlug: r.organizerSlug,
    eventSlug: r.eventSlug,
    name: loc(r.name, locale),
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    timezone: r.timezone,
    venueName: locOrNull(r.venueName, locale),
    city: r.venueAddress ? loc(r.venueAddress.city, locale) : null,
  }));
}

/** The public profile of a band or performer row. */
export async function profileOf(
  db: Db,
  row: BandRow | PerformerRow,
  locale: ServiceLocale,
  now: Date,
): Promise<Profile> {
  const isBand = "bandId" in row;
  const kind: ProfileKindName = isBand ? "band" : "performer";
  const summary = profileSummaryOut(kind, row, locale);
  const [bandList, performerList, upcomingEvents, favorites] = await Promise.all([
    isBand ? [] : bandsByIds(db, row.bandIds, locale),
    isBand ? membersOfBand(db, row.bandId, locale) : [],
    upcomingEventsOf(db, kind, summary.profileId, locale, now),
    favoriteCounts(db, kind, [summary.profileId]),
  ]);
  return {
    ...summary,
    description: locOrNull(row.description, locale),
    countryId: row.countryId,
    links: row.links as Profile["links"],
    galleryId: row.galleryId,
    bands: bandList,
    performers: performerList,
    upcomingEvents,
    favoriteCount: favorites.get(summary.profileId) ?? 0,
    updatedAt: iso(row.updatedAt),
  };
}

/** The band profile with this slug, or a 404. */
export async function bandRowBySlug(db: Db, slug: string): Promise<BandRow> {
  const [row] = await db.select().from(bands).where(eq(bands.slug, slug));
  if (!row) throw notFound("Band profile", slug);
  return row;
}

/** The performer profile with this slug, or a 404. */
export async function performerRowBySlug(db: Db, slug: string): Promise<PerformerRow> {
  const [row] = await db.select().from(performers).where(eq(performers.slug, slug));
  if (!row) throw notFound("Performer profile", slug);
  return row;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** One page of band or performer profiles whose name (in the locale) contains `q`, by profile slug. */
export async function profilePage(
  db: Db,
  kind: ProfileKindName,
  opts: { page: number; pageSize: number; q: string | undefined },
  locale: ServiceLocale,
): Promise<{ total: number; profiles: ProfileSummary[] }> {
  const table = kind === "band" ? bands : performers;
  const q = opts.q?.trim();
  const shownName = sql`coalesce(nullif(${table.name} ->> ${locale}, ''), ${table.name} ->> 'cs')`;
  const where = q ? ilike(shownName, `%${likeLiteral(q)}%`) : undefined;
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(table).where(where),
    kind === "band"
      ? db
          .select()
          .from(bands)
          .where(where)
          .orderBy(bySlug(bands.slug))
          .limit(opts.pageSize)
          .offset((opts.page - 1) * opts.pageSize)
      : db
          .select()
          .from(performers)
          .where(where)
          .orderBy(bySlug(performers.slug))
          .limit(opts.pageSize)
          .offset((opts.page - 1) * opts.pageSize),
  ]);
  return {
    total: Number(totals[0]?.total ?? 0),
    profiles: rows.map((r) => profileSummaryOut(kind, r, locale)),
  };
}

/** Every band or performer profile, by profile slug. */
export async function allProfiles(
  db: Db,
  kind: ProfileKindName,
  locale: ServiceLocale,
): Promise<ProfileSummary[]> {
  const rows =
    kind === "band"
      ? await db.select().from(bands).orderBy(bySlug(bands.slug))
      : await db.select().from(performers).orderBy(bySlug(performers.slug));
  return rows.map((r) => profileSummaryOut(kind, r, locale));
}

// ---------------------------------------------------------------------------------------------------------
// Galleries

/** Images of the given galleries, ordered by the order of `galleryIds`, then display order. */
export async function galleryImagesOf(
  db: Db,
  galleryIds: string[],
  locale: ServiceLocale,
): Promise<GalleryImage[]> {
  if (galleryIds.length === 0) return [];
  const ids = unique(galleryIds);
  const position = new Map(ids.map((id, i) => [id, i]));
  const rows = await db
    .select()
    .from(galleryImages)
    .where(inArray(galleryImages.galleryId, ids))
    .orderBy(asc(galleryImages.displayOrder), asc(galleryImages.imageId));
  return rows
    .sort((a, b) => (position.get(a.galleryId) ?? 0) - (position.get(b.galleryId) ?? 0))
    .map((r) => galleryImageOut(r, locale));
}

/** Galleries by id (without their images), in the order of `galleryIds` (unknown ids are left out). */
export async function galleriesByIds(
  db: Db,
  galleryIds: string[],
  locale: ServiceLocale,
): Promise<Gallery[]> {
  if (galleryIds.length === 0) return [];
  const ids = unique(galleryIds);
  const [rows, images] = await Promise.all([
    db.select().from(galleries).where(inArray(galleries.galleryId, ids)),
    galleryImagesOf(db, ids, locale),
  ]);
  return inIdOrder(ids, rows, (r) => r.galleryId).map((g) => {
    const own = images.filter((img) => img.galleryId === g.galleryId);
    const first = own[0];
    return {
      galleryId: g.galleryId,
      name: loc(g.name, locale),
      description: locOrNull(g.description, locale),
      cover: first ? { url: first.url, width: first.width, height: first.height, alt: first.alt } : null,
      imageCount: own.length,
    };
  });
}

/** The gallery with this id, or a 404. */
export async function galleryById(db: Db, galleryId: string, locale: ServiceLocale): Promise<Gallery> {
  const [gallery] = await galleriesByIds(db, [galleryId], locale);
  if (!gallery) throw notFound("Gallery", galleryId);
  return gallery;
}

// ---------------------------------------------------------------------------------------------------------
// Events: line-up, stages and program

/** Throws a 404 unless an event with this id exists (hidden events included). */
export async function assertEventExists(db: Db, eventId: string): Promise<void> {
  const [row] = await db.select({ id: events.eventId }).from(events).where(eq(events.eventId, eventId));
  if (!row) throw notFound("Event", eventId);
}

/** Bands on an event's line-up (only headliners when `mainOnly`): headliners first, then display order. */
export async function lineupBandsOf(
  db: Db,
  eventId: string,
  locale: ServiceLocale,
  mainOnly = false,
): Promise<LineupBand[]> {
  const rows = await db
    .select({ band: bands, main: eventBands.main, displayOrder: eventBands.displayOrder })
    .from(eventBands)
    .innerJoin(bands, eq(bands.bandId, eventBands.bandId))
    .where(and(eq(eventBands.eventId, eventId), mainOnly ? eq(eventBands.main, true) : undefined))
    .orderBy(desc(eventBands.main), asc(eventBands.displayOrder), bySlug(bands.slug));
  if (rows.length === 0) await assertEventExists(db, eventId);
  return rows.map((r) => ({ ...bandOut(r.band, locale), main: r.main, displayOrder: r.displayOrder }));
}

/** Performers on an event's line-up (only headliners when `mainOnly`): headliners first, then display order. */
export async function lineupPerformersOf(
  db: Db,
  eventId: string,
  locale: ServiceLocale,
  mainOnly = false,
): Promise<LineupPerformer[]> {
  const rows = await db
    .select({ performer: performers, main: eventPerformers.main, displayOrder: eventPerformers.displayOrder })
    .from(eventPerformers)
    .innerJoin(performers, eq(performers.performerId, eventPerformers.performerId))
    .where(and(eq(eventPerformers.eventId, eventId), mainOnly ? eq(eventPerformers.main, true) : undefined))
    .orderBy(desc(eventPerformers.main), asc(eventPerformers.displayOrder), bySlug(performers.slug));
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
