/** The seated sectors an event's page lists: only seated sectors the event sells, in order, with prices. */
import { describe, expect, it } from "vitest";
import { hallSectors } from "../../src/components/event/hall-view.ts";
import type { Sector } from "../../src/contract/reservation.ts";
import type { TicketType } from "../../src/contract/ticket.ts";

const sector = (sectorId: string, kind: Sector["kind"], displayOrder: number, capacity: number) =>
  ({ sectorId, name: `Sector ${sectorId}`, kind, displayOrder, capacity }) as Sector;
const ticketType = (sectorId: string | null, price: number) =>
  ({ sectorId, price, currencyId: 1 }) as TicketType;

describe("hallSectors", () => {
  it("lists the seated sectors the event sells in display order with seats and their price range", () => {
    const sectors = [
      sector("balcony", "seated", 1, 177),
      sector("floor", "standing", 0, 2500),
      sector("stalls", "seated", 0, 302),
      sector("boxes", "seated", 2, 24),
    ];
    const types = [ticketType("stalls", 59000), ticketType("stalls", 39000), ticketType("balcony", 39000)];
    types.push(ticketType("floor", 89000), ticketType(null, 1000));
    expect(hallSectors(sectors, types)).toEqual([
      {
        sectorId: "stalls",
        name: "Sector stalls",
        seats: 302,
        minPrice: 39000,
        maxPrice: 59000,
        currencyId: 1,
      },
      {
        sectorId: "balcony",
        name: "Sector balcony",
        seats: 177,
        minPrice: 39000,
        maxPrice: 39000,
        currencyId: 1,
      },
    ]);
  });

  it("answers nothing for a venue without seated sectors", () => {
    expect(hallSectors([sector("floor", "standing", 0, 2500)], [ticketType("floor", 89000)])).toEqual([]);
  });
});
