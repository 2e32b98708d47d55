/**
 * Import step: events with their links (groups, payment methods, lineup and performers), ticket type groups,
 * reservation categories and ticket types.
 */
import * as t from "../../db/schema.ts";
import { type ImportContext, insertRows, optionalDate } from "./context.ts";

/** Inserts the events and what sells their tickets; answers how many events changed. */
export async function importEvents(ctx: ImportContext): Promise<number> {
  const { tx, catalog, now, stored, digests, stamps } = ctx;
  let changedEvents = 0;
  await insertRows(
    tx,
    t.events,
    catalog.events.map((e) => {
      const digest = digests.event(e.eventId) ?? "";
      const updatedAt = stamps.updatedAt(e.eventId, digest);
      if (updatedAt === now) changedEvents++;
      return {
        eventId: e.eventId,
        organizerId: e.organizerId,
        slug: e.eventSlug,
        venueId: e.venueId ?? null,
        name: e.name,
        description: e.description,
        startsAt: new Date(e.startsAt),
        endsAt: new Date(e.endsAt),
        doorsAt: optionalDate(e.doorsAt),
        timezone: e.timezone,
        eventTypeId: e.eventTypeId,
        eventKindId: e.eventKindId,
        categoryIds: e.eventCategoryIds,
        eventSizeId: e.eventSizeId,
        currencyId: e.currencyId,
        saleStartsAt: optionalDate(e.saleStartsAt),
        saleEndsAt: optionalDate(e.saleEndsAt),
        popular: e.flags.popular,
        ourSelection: e.flags.ourSelection,
        special: e.flags.special,
        visible: e.visible,
        poster: stored(e.poster),
        galleryIds: e.galleryIds,
        chipCreditLimit: e.chipCreditLimit ?? null,
        digest,
        createdAt: stamps.createdAt(e.eventId) ?? now,
        updatedAt,
      };
    }),
  );
  await insertRows(
    tx,
    t.eventGroupEvents,
    catalog.events.flatMap((e) =>
      e.eventGroupIds.map((eventGroupId) => ({ eventGroupId, eventId: e.eventId })),
    ),
  );
  await insertRows(
    tx,
    t.eventPaymentMethods,
    catalog.events.flatMap((e) =>
      e.paymentMethods.map((m) => ({
        eventId: e.eventId,
        paymentMethodId: m.paymentMethodId,
        feeAmount: m.feeAmount ?? null,
        displayOrder: m.displayOrder,
      })),
    ),
  );
  await insertRows(
    tx,
    t.eventBands,
    catalog.events.flatMap((e) => e.lineup.map((l) => ({ eventId: e.eventId, ...l }))),
  );
  await insertRows(
    tx,
    t.eventPerformers,
    catalog.events.flatMap((e) => e.performers.map((l) => ({ eventId: e.eventId, ...l }))),
  );
  await insertRows(
    tx,
    t.ticketTypeGroups,
    catalog.ticketTypeGroups.map((g) => ({
      ticketTypeGroupId: g.ticketTypeGroupId,
      eventId: g.eventId,
      name: g.namePub,
      description: g.description ?? null,
      displayOrder: g.displayOrder,
    })),
  );
  await insertRows(
    tx,
    t.reservationCategories,
    catalog.reservationCategories.map((r) => ({
      reservationCategoryId: r.reservationCategoryId,
      eventId: r.eventId,
      name: r.name,
      color: r.color,
      ticketTypeId: r.ticketTypeId ?? null,
      displayOrder: r.displayOrder,
    })),
  );
  await insertRows(
    tx,
    t.ticketTypes,
    catalog.ticketTypes.map((tt) => ({
      ticketTypeId: tt.ticketTypeId,
      eventId: tt.eventId,
      ticketTypeGroupId: tt.ticketTypeGroupId ?? null,
      name: tt.namePub,
      description: tt.description ?? null,
      price: tt.price,
      capacity: tt.capacity,
      minPerOrder: tt.minPerOrder,
      maxPerOrder: tt.maxPerOrder,
      itemTypeId: tt.itemTypeId,
      sectorId: tt.sectorId ?? null,
      reservationCategoryId: tt.reservationCategoryId ?? null,
      salesFrom: optionalDate(tt.salesFrom),
      salesTo: optionalDate(tt.salesTo),
      displayOrder: tt.displayOrder,
      ...(tt.vatRate === undefined ? {} : { vatRate: tt.vatRate }),
    })),
  );
  return changedEvents;
}
