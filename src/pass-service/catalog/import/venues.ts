/** Import step: venues with their sectors and seats (listed, or laid out by a seat grid). */
import * as t from "../../db/schema.ts";
import { stableId } from "../ids.ts";
import { gridSeats } from "../schema.ts";
import { type ImportContext, insertRows } from "./context.ts";

/** Inserts the venues, sectors and seats; answers the number of seats. */
export async function importVenues(ctx: ImportContext): Promise<number> {
  const { tx, catalog, stored } = ctx;
  await insertRows(
    tx,
    t.venues,
    catalog.venues.map((v) => ({
      venueId: v.venueId,
      name: v.name,
      venueTypeId: v.venueTypeId,
      address: { ...v.address, regionId: v.address.regionId ?? null },
      lat: v.geo?.lat ?? null,
      lng: v.geo?.lng ?? null,
      description: v.description ?? null,
      image: stored(v.image),
    })),
  );
  const sectorRows = catalog.venues.flatMap((v) =>
    v.sectors.map((s) => ({
      sectorId: s.sectorId,
      venueId: v.venueId,
      name: s.name,
      kind: s.kind,
      capacity: s.kind === "standing" ? (s.capacity ?? null) : null,
      displayOrder: s.displayOrder,
      layout: s.layout ?? null,
    })),
  );
  await insertRows(tx, t.sectors, sectorRows);
  const seatRows = catalog.venues.flatMap((v) =>
    v.sectors.flatMap((s) => {
      if (s.seats) return s.seats.map((seat) => ({ ...seat, sectorId: s.sectorId }));
      if (s.seatGrid)
        return gridSeats(s.seatGrid).map((seat) => ({
          ...seat,
          seatId: stableId("seat", s.sectorId, seat.row, String(seat.number)),
          sectorId: s.sectorId,
        }));
      return [];
    }),
  );
  await insertRows(tx, t.seats, seatRows);
  return seatRows.length;
}
