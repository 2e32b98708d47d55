/**
 * A sector with a capacity of its own (a standing floor shared by several ticket types) holds no more than
 * that capacity per event: sold + held units of all of the event's ticket types there. Every hold and every
 * order applies it, whichever call names the ticket type, so the ticket types of one floor cannot together
 * sell more than the floor takes. The rows are locked by the caller (lockTicketTypes) with all the sector's
 * ticket types, so two buyers of different types on one floor queue on the same rows.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { type LocalizedText, sectors, ticketTypes } from "../db/schema.ts";
import { required } from "./rows.ts";
import { soldOut } from "./sale-rules.ts";

/** `typeIds` with every ticket type of the event that shares a sector with one of them. */
export async function withSectorTypes(tx: Db, eventId: string, typeIds: string[]): Promise<string[]> {
  // Stryker disable next-line ConditionalExpression: an empty list finds no rows either way; this spares the query
  if (typeIds.length === 0) return [];
  const named = await tx
    .select({ sectorId: ticketTypes.sectorId })
    .from(ticketTypes)
    .where(and(inArray(ticketTypes.ticketTypeId, typeIds), isNotNull(ticketTypes.sectorId)));
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: the query finds only ticket types with a sector
  const sectorIds = [...new Set(named.flatMap((r) => (r.sectorId ? [r.sectorId] : [])))];
  // Stryker disable next-line ConditionalExpression: an empty list finds no rows either way; this spares the query
  if (sectorIds.length === 0) return typeIds;
  const siblings = await tx
    .select({ id: ticketTypes.ticketTypeId })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), inArray(ticketTypes.sectorId, sectorIds)));
  return [...new Set([...typeIds, ...siblings.map((r) => r.id)])];
}

/** What the sector check needs of a locked ticket type row. */
interface TypeRow {
  sectorId: string | null;
  sold: number;
}

/** The units a hold or order wants per ticket type, and where a refusal points. */
export interface SectorDemand {
  /** Units wanted per ticket type: all of the hold's or order's units, old and new. */
  wanted: ReadonlyMap<string, number>;
  /** Ticket types whose sectors are checked (those the call adds), in the order of the request. */
  checked: readonly string[];
  /** The request field of a ticket type, for the refusal. */
  fieldOf: (ticketTypeId: string) => string;
  /** A sector's name in the request's language. */
  nameOf: (name: LocalizedText) => string;
}

/**
 * 409 SOLD_OUT when a checked ticket type's sector would hold more than its capacity: the units sold and
 * held by others (`held`, without the caller's own hold) of all the event's ticket types there (`locked`,
 * this event's rows only), plus the units wanted there. The refusal says how many places are left.
 */
export async function assertSectorRoom(
  tx: Db,
  demand: SectorDemand,
  locked: ReadonlyMap<string, TypeRow>,
  held: ReadonlyMap<string, number>,
): Promise<void> {
  const firstOf = new Map<string, string>();
  for (const id of demand.checked) {
    // Stryker disable next-line StringLiteral: names a row that always exists
    const { sectorId } = required(locked.get(id), `locked ticket type ${id}`);
    if (sectorId && !firstOf.has(sectorId)) firstOf.set(sectorId, id);
  }
  // Stryker disable next-line ConditionalExpression: an empty list finds no rows either way; this spares the query
  if (firstOf.size === 0) return;
  const rows = await tx
    .select()
    .from(sectors)
    .where(inArray(sectors.sectorId, [...firstOf.keys()]));
  for (const sector of rows) {
    if (sector.capacity === null) continue;
    let taken = 0;
    let wanted = 0;
    for (const [id, row] of locked) {
      if (row.sectorId !== sector.sectorId) continue;
      taken += row.sold + (held.get(id) ?? 0);
      wanted += demand.wanted.get(id) ?? 0;
    }
    if (taken + wanted > sector.capacity) {
      const field = demand.fieldOf(
        // Stryker disable next-line StringLiteral: names a row that always exists
        required(firstOf.get(sector.sectorId), `ticket type of sector ${sector.sectorId}`),
      );
      throw soldOut(field, demand.nameOf(sector.name), Math.max(0, sector.capacity - taken));
    }
  }
}
