/**
 * Reservation area of spec §7: holds on inventory before an order is created, and sectors with seats.
 *
 * A hold lasts until `expiresAt`; expired holds never count against capacity. Every POST may name an
 * existing `reservationId`: the body then REPLACES that part of the hold (standing items for
 * `reservation.create`, the ticket type's count in the sector for `reservation.crowd`, the seats of the
 * sector for `reservation.seat`) and extends its expiry; an empty list or a count of 0 releases that part.
 */
import { z } from "zod/mini";
import { MAX_SEATS_PER_ORDER } from "../lib/order-limits.ts";
import {
  CurrencyId,
  DisplayOrder,
  HexColor,
  IsoDateTime,
  int32,
  MinorUnits,
  OkOnly,
  ok,
  Uuid,
} from "./common.ts";
import { defineCall } from "./define.ts";
import { SeatRef, TicketTypeCount } from "./ticket.ts";

/** State of a seat for one event: free, held by a reservation, or sold. */
export const SeatState = z.enum(["free", "held", "sold"]);

/** State of a seat. */
export type SeatState = z.infer<typeof SeatState>;

/** A seat of a seated sector with its state for the event; x/y are in the sector's layout units. */
export const Seat = z.object({
  seatId: Uuid,
  sectorId: Uuid,
  row: z.string().check(z.meta({ example: "A" })),
  number: int32().check(z.positive()),
  x: z.number(),
  y: z.number(),
  state: SeatState,
  ticketTypeId: z.nullable(Uuid).check(z.meta({ description: "Ticket type sold for this seat" })),
  reservationCategoryId: z.nullable(Uuid),
});

/** A seat with its state. */
export type Seat = z.infer<typeof Seat>;

/** Where a sector sits on the venue plan, in plan units. */
export const SectorLayout = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().check(z.positive()),
  height: z.number().check(z.positive()),
});

/** A sector of a venue, with availability for one event. */
export const Sector = z.object({
  sectorId: Uuid,
  venueId: Uuid,
  eventId: Uuid,
  name: z.string(),
  kind: z.enum(["seated", "standing"]),
  capacity: int32().check(z.nonnegative()),
  available: int32().check(z.nonnegative()),
  displayOrder: DisplayOrder,
  ticketTypeIds: z.array(Uuid),
  layout: z.nullable(SectorLayout),
});

/** A sector with availability for one event. */
export type Sector = z.infer<typeof Sector>;

/** A sector with all its seats (empty for a standing sector). */
export const SectorWithSeats = z.extend(Sector, { seats: z.array(Seat) });

/** A sector with all its seats. */
export type SectorWithSeats = z.infer<typeof SectorWithSeats>;

/** A price category of seats, shown as a colour on the seat map. */
export const ReservationCategory = z.object({
  reservationCategoryId: Uuid,
  eventId: Uuid,
  name: z.string(),
  color: HexColor,
  ticketTypeId: z.nullable(Uuid),
  price: z.nullable(MinorUnits),
  currencyId: CurrencyId,
  displayOrder: DisplayOrder,
});

/** A price category of seats. */
export type ReservationCategory = z.infer<typeof ReservationCategory>;

/** One held item: a ticket type, how many, and the seats when seated. */
export const ReservationItem = z.object({
  ticketTypeId: Uuid,
  count: int32().check(z.positive()),
  sectorId: z.nullable(Uuid),
  seats: z.array(SeatRef),
});

/** A hold on inventory. */
export const Reservation = z.object({
  reservationId: Uuid,
  eventId: Uuid,
  status: z.enum(["active", "expired", "released", "ordered"]),
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime,
  items: z.array(ReservationItem),
  total: MinorUnits.check(z.meta({ description: "Price of the held tickets, minor units" })),
  currencyId: CurrencyId,
});

/** A hold on inventory. */
export type Reservation = z.infer<typeof Reservation>;

/** Body of `reservation.create`: standing tickets by type. */
export const ReservationBody = z
  .object({
    eventId: Uuid,
    reservationId: z.optional(Uuid).check(z.meta({ description: "Replace the standing items of this hold" })),
    items: z.array(TicketTypeCount).check(z.maxLength(50)),
  })
  .check(
    z.refine((b) => b.items.length > 0 || b.reservationId !== undefined, {
      path: ["items"],
      message: "At least one item is needed to create a reservation",
    }),
  );

/** Body of `reservation.crowd`: a count of places in a standing sector. */
export const ReservationCrowdBody = z
  .object({
    eventId: Uuid,
    reservationId: z.optional(Uuid),
    sectorId: Uuid,
    ticketTypeId: Uuid,
    count: int32().check(z.nonnegative(), z.lte(1000)),
  })
  .check(
    z.refine((b) => b.count > 0 || b.reservationId !== undefined, {
      path: ["count"],
      message: "Count must be positive to create a reservation",
    }),
  );

/** Body of `reservation.seat`: chosen seats of one sector. */
export const ReservationSeatBody = z
  .object({
    eventId: Uuid,
    reservationId: z.optional(Uuid),
    sectorId: Uuid,
    seatIds: z.array(Uuid).check(z.maxLength(MAX_SEATS_PER_ORDER)),
    ticketTypeId: z
      .optional(Uuid)
      .check(z.meta({ description: "Sell the seats as this ticket type (e.g. reduced)" })),
  })
  .check(
    z.refine((b) => b.seatIds.length > 0 || b.reservationId !== undefined, {
      path: ["seatIds"],
      message: "At least one seat is needed to create a reservation",
    }),
    z.refine((b) => new Set(b.seatIds).size === b.seatIds.length, {
      path: ["seatIds"],
      message: "Seats repeat",
    }),
  );

const sectorParams = z.object({ sectorId: Uuid });
const sectorQuery = z.object({ eventId: Uuid });

/** `reservation.create`: Holds standing tickets (or replaces the standing items of a hold). */
export const reservationCreate = defineCall({
  id: "reservation.create",
  area: "reservation",
  method: "POST",
  path: "/api/reservation",
  body: ReservationBody,
  response: ok({ reservation: Reservation }),
  secure: false,
  idempotent: true,
  summary: "Holds standing tickets (or replaces the standing items of a hold)",
});

/** `reservation.delete`: Releases a hold (repeating is harmless). */
export const reservationDelete = defineCall({
  id: "reservation.delete",
  area: "reservation",
  method: "DELETE",
  path: "/api/reservation",
  query: z.object({ reservationId: Uuid }),
  response: OkOnly,
  secure: false,
  summary: "Releases a hold (repeating is harmless)",
});

/** `reservation.crowd`: Holds places in a standing sector. */
export const reservationCrowd = defineCall({
  id: "reservation.crowd",
  area: "reservation",
  method: "POST",
  path: "/api/reservation-crowd",
  body: ReservationCrowdBody,
  response: ok({ reservation: Reservation }),
  secure: false,
  idempotent: true,
  summary: "Holds places in a standing sector",
});

/** `reservation.seat`: Holds chosen seats of a sector. */
export const reservationSeat = defineCall({
  id: "reservation.seat",
  area: "reservation",
  method: "POST",
  path: "/api/reservation-seat",
  body: ReservationSeatBody,
  response: ok({ reservation: Reservation }),
  secure: false,
  idempotent: true,
  summary: "Holds chosen seats of a sector",
});

/** `reservation.sector`: A sector with availability for the event. */
export const reservationSector = defineCall({
  id: "reservation.sector",
  area: "reservation",
  method: "GET",
  path: "/api/reservation/sector/{sectorId}",
  params: sectorParams,
  query: sectorQuery,
  response: ok({ sector: Sector }),
  secure: false,
  summary: "A sector with availability for the event",
});

/** `reservation.sectorSeats`: Seats of a sector with their state for the event. */
export const reservationSectorSeats = defineCall({
  id: "reservation.sectorSeats",
  area: "reservation",
  method: "GET",
  path: "/api/reservation/sector/{sectorId}/seats",
  params: sectorParams,
  query: sectorQuery,
  response: ok({ seats: z.array(Seat) }),
  secure: false,
  summary: "Seats of a sector with their state for the event",
});

/** Calls of the reservation area. */
export const reservationCalls = {
  create: reservationCreate,
  delete: reservationDelete,
  crowd: reservationCrowd,
  seat: reservationSeat,
  sector: reservationSector,
  sectorSeats: reservationSectorSeats,
} as const;
