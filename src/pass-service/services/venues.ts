/** Venues as answered: address, geo position, and capacity and seating from their sectors. */
import { count, eq, inArray } from "drizzle-orm";
import type { Venue } from "../../contract/event.ts";
import type { Db } from "../db/index.ts";
import { preparedRead } from "../db/prepared-read.ts";
import { rememberedRead } from "../db/read-memo.ts";
import { seats, sectors, venues } from "../db/schema.ts";
import type { ServiceLocale } from "../http.ts";
import { addressOut, imageOut, loc, locOrNull } from "./localize.ts";

/** A row of the venues table. */
export type VenueRow = typeof venues.$inferSelect;

/** Venue rows by id for the given ids (one query). */
export async function venuesById(db: Db, ids: (string | null)[]): Promise<Map<string, VenueRow>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(venues).where(inArray(venues.venueId, unique));
  return new Map(rows.map((r) => [r.venueId, r]));
}

/** Venues of the contract by venue id, with sector facts (seated, capacity), in two queries. */
export async function venuesOut(
  db: Db,
  venueRows: VenueRow[],
  locale: ServiceLocale,
): Promise<Map<string, Venue>> {
  const out = new Map<string, Venue>();
  if (venueRows.length === 0) return out;
  const ids = venueRows.map((v) => v.venueId);
  const sectorRows = await rememberedRead(db, `venueSectors:${ids.join(",")}`, () =>
    db
      .select({
        venueId: sectors.venueId,
        kind: sectors.kind,
        capacity: sectors.capacity,
        seatCount: count(seats.seatId),
      })
      .from(sectors)
      .leftJoin(seats, eq(seats.sectorId, sectors.sectorId))
      .where(inArray(sectors.venueId, ids))
      .groupBy(sectors.sectorId, sectors.venueId, sectors.kind, sectors.capacity),
  );
  for (const v of venueRows) {
    const own = sectorRows.filter((s) => s.venueId === v.venueId);
    const capacity = own.reduce(
      (sum, s) => sum + (s.kind === "seated" ? Number(s.seatCount) : (s.capacity ?? 0)),
      0,
    );
    out.set(v.venueId, {
      venueId: v.venueId,
      name: loc(v.name, locale),
      venueTypeId: v.venueTypeId,
      address: addressOut(v.address, locale),
      geo: v.lat !== null && v.lng !== null ? { lat: v.lat, lng: v.lng } : null,
      description: locOrNull(v.description, locale),
      image: imageOut(v.image, locale),
      capacity: own.length > 0 ? capacity : null,
      seated: own.some((s) => s.kind === "seated"),
    });
  }
  return out;
}

const venueById = preparedRead("venueById", ["venueId"], (db, p) =>
  db.select().from(venues).where(eq(venues.venueId, p.venueId)),
);

/** The venue of an event, or null when it has none. */
export async function venueOfEvent(
  db: Db,
  event: { venueId: string | null },
  locale: ServiceLocale,
): Promise<Venue | null> {
  if (!event.venueId) return null;
  const { venueId } = event;
  const [row] = await rememberedRead(db, `venue:${venueId}`, () => venueById(db, { venueId }));
  if (!row) return null;
  return (await venuesOut(db, [row], locale)).get(row.venueId) ?? null;
}
