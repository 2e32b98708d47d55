/** The seated sectors of an event's hall as its page lists them: seats and the price range of each. */
import type { Sector } from "../../contract/reservation.ts";
import type { TicketType } from "../../contract/ticket.ts";

/** A seated sector the event sells: its seats and the prices of its ticket types. */
export interface HallSector {
  sectorId: string;
  name: string;
  seats: number;
  minPrice: number;
  maxPrice: number;
  currencyId: number;
}

/**
 * The seated sectors of the event's venue that one of its ticket types sells, in display order, each with
 * its number of seats and the lowest and highest price of those ticket types.
 */
export function hallSectors(sectors: Sector[], ticketTypes: TicketType[]): HallSector[] {
  return [...sectors]
    .filter((s) => s.kind === "seated")
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .flatMap((sector) => {
      const types = ticketTypes.filter((t) => t.sectorId === sector.sectorId);
      const first = types[0];
      if (!first) return [];
      const prices = types.map((t) => t.price);
      return [
        {
          sectorId: sector.sectorId,
          name: sector.name,
          seats: sector.capacity,
          minPrice: Math.min(...prices),
          maxPrice: Math.max(...prices),
          currencyId: first.currencyId,
        },
      ];
    });
}
