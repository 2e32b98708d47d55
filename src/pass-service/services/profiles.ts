/**
 * Bands and performers: the rows of these tables as the contract's entities and public profiles, their
 * favorites, and the batched queries behind the band and performer calls.
 */
import { and, asc, count, eq, gt, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Band, Performer, Profile, ProfileSummary } from "../../contract/band.ts";
import type { EventRef } from "../../contract/common.ts";
import type { Db } from "../db/index.ts";
import {
  bands,
  eventBands,
  eventPerformers,
  events,
  favorites,
  organizers,
  performers,
  programEntries,
  venues,
} from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { imageOut, iso, loc, locOrNull } from "./localize.ts";
import { inIdOrder, unique } from "./rows.ts";

/** A stored band. */
export type BandRow = typeof bands.$inferSelect;

/** A stored performer. */
export type PerformerRow = typeof performers.$inferSelect;

/** Which kind of act a profile belongs to. */
export type ProfileKindName = "band" | "performer";

/** Ascending by slug, byte-wise, so both database engines agree whatever their default collation. */
export const bySlug = (column: typeof bands.slug | typeof performers.slug): SQL =>
  sql`${column} collate "C" asc`;

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

// Favorites

/** Where favorites come from: rows of `(profile_id, account_id)`, an act of this kind an account marked. */
export function favoritesSource(kind: ProfileKindName): SQL {
  return sql`select ${favorites.targetId} as profile_id, ${favorites.accountId} as account_id from ${favorites} where ${favorites.kind} = ${kind}`;
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
