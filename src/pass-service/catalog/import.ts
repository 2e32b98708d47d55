/**
 * Loads a catalog (the import format of ./schema.ts) into the database, replacing the catalog that was there,
 * in one transaction. Image files are read once and stored in `media`; generated images are stored as recipes
 * and drawn on their first request. Each organizer, event group and
 * event gets a digest of its page data; its `updatedAt` moves only when that digest changes, so the
 * static-path lists tell a rebuild exactly which pages changed.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import * as t from "../db/schema.ts";
import { recountSold } from "../services/inventory.ts";
import { stableId } from "./ids.ts";
import { imageFormatFor, mediaKeyFor } from "./images.ts";
import { type Catalog, type CatalogImage, gridSeats } from "./schema.ts";

/** Options of an import: the time it happens and where `{ file }` images are read from. */
export interface ImportOptions {
  now: Date;
  /** Folder that `{ file }` image paths are relative to. */
  mediaDir?: string | undefined;
}

/** What an import did, for the operator. */
export interface ImportSummary {
  organizers: number;
  eventGroups: number;
  events: number;
  ticketTypes: number;
  extraProducts: number;
  seats: number;
  images: number;
  changedEvents: number;
}

const CONTENT_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
};

/** Fingerprint of any JSON-able value. */
function digestOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 22);
}

const date = (value: string | undefined): Date | null => (value ? new Date(value) : null);

/** Replaces the catalog in the database with the given one. */
export async function importCatalog(db: Db, catalog: Catalog, opts: ImportOptions): Promise<ImportSummary> {
  const images = new Map<string, { image: CatalogImage; key: string }>();
  const stored = (img: CatalogImage | undefined): t.StoredImage | null => {
    if (!img) return null;
    const key = "file" in img ? `files/${img.file}` : mediaKeyFor(img.generate, img.width, img.height);
    images.set(key, { image: img, key });
    return { key, width: img.width, height: img.height, alt: img.alt };
  };

  const eventsBy = (eventId: string) => ({
    ticketTypes: catalog.ticketTypes.filter((x) => x.eventId === eventId),
    ticketTypeGroups: catalog.ticketTypeGroups.filter((x) => x.eventId === eventId),
    extraProducts: catalog.extraProducts.filter((x) => x.eventId === eventId),
    productGroups: catalog.productGroups.filter((x) => x.eventId === eventId),
    chipProducts: catalog.chipProducts.filter((x) => x.eventId === eventId),
    stages: catalog.stages.filter((x) => x.eventId === eventId),
    programEntries: catalog.programEntries.filter((x) => x.eventId === eventId),
    reservationCategories: catalog.reservationCategories.filter((x) => x.eventId === eventId),
  });
  const eventDigests = new Map(
    catalog.events.map((e) => {
      const venue = catalog.venues.find((v) => v.venueId === e.venueId);
      const bandIds = new Set(e.lineup.map((l) => l.bandId));
      const performerIds = new Set(e.performers.map((p) => p.performerId));
      const related = {
        event: e,
        ...eventsBy(e.eventId),
        venue,
        organizer: catalog.organizers.find((o) => o.organizerId === e.organizerId),
        groups: catalog.eventGroups.filter((g) => e.eventGroupIds.includes(g.eventGroupId)),
        bands: catalog.bands.filter((b) => bandIds.has(b.bandId)),
        performers: catalog.performers.filter((p) => performerIds.has(p.performerId)),
        galleries: catalog.galleries.filter((g) => e.galleryIds.includes(g.galleryId)),
      };
      return [e.eventId, digestOf(related)] as const;
    }),
  );
  const groupDigest = (groupId: string) => {
    const group = catalog.eventGroups.find((g) => g.eventGroupId === groupId);
    const members = catalog.events
      .filter((e) => e.eventGroupIds.includes(groupId))
      .map((e) => eventDigests.get(e.eventId));
    return digestOf({ group, members });
  };
  const organizerDigest = (organizerId: string) => {
    const organizer = catalog.organizers.find((o) => o.organizerId === organizerId);
    const own = catalog.events
      .filter((e) => e.organizerId === organizerId)
      .map((e) => eventDigests.get(e.eventId));
    const groups = catalog.eventGroups
      .filter((g) => g.organizerId === organizerId)
      .map((g) => groupDigest(g.eventGroupId));
    return digestOf({ organizer, own, groups });
  };

  let seatCount = 0;
  let changedEvents = 0;
  await db.transaction(async (tx) => {
    // Keep the last-modified time of pages whose data did not change.
    const previous = new Map<string, { digest: string; updatedAt: Date; createdAt?: Date }>();
    for (const row of await tx
      .select({
        id: t.events.eventId,
        digest: t.events.digest,
        updatedAt: t.events.updatedAt,
        createdAt: t.events.createdAt,
      })
      .from(t.events)) {
      previous.set(row.id, row);
    }
    for (const row of await tx
      .select({
        id: t.eventGroups.eventGroupId,
        digest: t.eventGroups.digest,
        updatedAt: t.eventGroups.updatedAt,
      })
      .from(t.eventGroups)) {
      previous.set(row.id, row);
    }
    for (const row of await tx
      .select({
        id: t.organizers.organizerId,
        digest: t.organizers.digest,
        updatedAt: t.organizers.updatedAt,
      })
      .from(t.organizers)) {
      previous.set(row.id, row);
    }
    const stamp = (id: string, digest: string): Date => {
      const before = previous.get(id);
      return before && before.digest === digest ? before.updatedAt : opts.now;
    };

    // Replace: children first.
    for (const table of [
      t.programEntries,
      t.stages,
      t.coupons,
      t.discountCodes,
      t.supercoupons,
      t.variantValues,
      t.variants,
      t.extraProducts,
      t.productGroups,
      t.chipProducts,
      t.ticketTypes,
      t.reservationCategories,
      t.ticketTypeGroups,
      t.eventBands,
      t.eventPerformers,
      t.eventPaymentMethods,
      t.eventGroupEvents,
      t.events,
      t.performers,
      t.bands,
      t.galleryImages,
      t.galleries,
      t.seats,
      t.sectors,
      t.venues,
      t.eventGroups,
      t.orgPartners,
      t.organizers,
    ]) {
      await tx.delete(table);
    }

    const insert = async <T extends Parameters<typeof tx.insert>[0]>(table: T, rows: T["$inferInsert"][]) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(table).values(rows.slice(i, i + 500));
    };

    await insert(
      t.organizers,
      catalog.organizers.map((o) => {
        const digest = organizerDigest(o.organizerId);
        return {
          organizerId: o.organizerId,
          slug: o.organizerSlug,
          name: o.name,
          description: o.description ?? null,
          logo: stored(o.logo),
          web: o.web ?? null,
          email: o.email ?? null,
          phone: o.phone ?? null,
          countryId: o.countryId,
          address: o.address ? { ...o.address, regionId: o.address.regionId ?? null } : null,
          bankAccount: o.bankAccount ?? null,
          companyId: o.companyId ?? null,
          vatId: o.vatId ?? null,
          digest,
          updatedAt: stamp(o.organizerId, digest),
        };
      }),
    );
    await insert(
      t.eventGroups,
      catalog.eventGroups.map((g) => {
        const digest = groupDigest(g.eventGroupId);
        return {
          eventGroupId: g.eventGroupId,
          slug: g.eventGroupSlug,
          organizerId: g.organizerId,
          name: g.namePub,
          description: g.description ?? null,
          poster: stored(g.poster),
          visible: g.visible,
          digest,
          updatedAt: stamp(g.eventGroupId, digest),
        };
      }),
    );
    await insert(
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
    await insert(t.sectors, sectorRows);
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
    seatCount = seatRows.length;
    await insert(t.seats, seatRows);
    await insert(
      t.orgPartners,
      catalog.orgPartners.map((p) => ({
        orgPartnerId: p.orgPartnerId,
        organizerId: p.organizerId,
        name: p.name,
        description: p.description ?? null,
        logo: stored(p.logo),
        url: p.url ?? null,
        eventIds: p.eventIds,
        eventGroupIds: p.eventGroupIds,
        displayOrder: p.displayOrder,
      })),
    );
    await insert(
      t.galleries,
      catalog.galleries.map((g) => ({
        galleryId: g.galleryId,
        name: g.name,
        description: g.description ?? null,
      })),
    );
    await insert(
      t.galleryImages,
      catalog.galleries.flatMap((g) =>
        g.images.map((img) => ({
          imageId: img.imageId,
          galleryId: g.galleryId,
          image: stored(img.image) as t.StoredImage,
          caption: img.caption ?? null,
          displayOrder: img.displayOrder,
        })),
      ),
    );
    const profile = (p: Omit<Catalog["bands"][number], "bandId">) => ({
      slug: p.profileSlug,
      name: p.name,
      genre: p.genre ?? null,
      description: p.description ?? null,
      image: stored(p.image),
      countryId: p.countryId ?? null,
      links: p.links,
      galleryId: p.galleryId ?? null,
      updatedAt: opts.now,
    });
    await insert(
      t.bands,
      catalog.bands.map((b) => ({ bandId: b.bandId, ...profile(b) })),
    );
    await insert(
      t.performers,
      catalog.performers.map((p) => ({
        performerId: p.performerId,
        ...profile(p),
        role: p.role ?? null,
        bandIds: p.bandIds,
      })),
    );
    await insert(
      t.events,
      catalog.events.map((e) => {
        const digest = eventDigests.get(e.eventId) ?? "";
        const updatedAt = stamp(e.eventId, digest);
        if (updatedAt === opts.now) changedEvents++;
        return {
          eventId: e.eventId,
          organizerId: e.organizerId,
          slug: e.eventSlug,
          venueId: e.venueId ?? null,
          name: e.name,
          description: e.description,
          startsAt: new Date(e.startsAt),
          endsAt: new Date(e.endsAt),
          doorsAt: date(e.doorsAt),
          timezone: e.timezone,
          eventTypeId: e.eventTypeId,
          eventKindId: e.eventKindId,
          categoryIds: e.eventCategoryIds,
          eventSizeId: e.eventSizeId,
          currencyId: e.currencyId,
          saleStartsAt: date(e.saleStartsAt),
          saleEndsAt: date(e.saleEndsAt),
          popular: e.flags.popular,
          ourSelection: e.flags.ourSelection,
          special: e.flags.special,
          visible: e.visible,
          poster: stored(e.poster),
          galleryIds: e.galleryIds,
          chipCreditLimit: e.chipCreditLimit ?? null,
          digest,
          createdAt: previous.get(e.eventId)?.createdAt ?? opts.now,
          updatedAt,
        };
      }),
    );
    await insert(
      t.eventGroupEvents,
      catalog.events.flatMap((e) =>
        e.eventGroupIds.map((eventGroupId) => ({ eventGroupId, eventId: e.eventId })),
      ),
    );
    await insert(
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
    await insert(
      t.eventBands,
      catalog.events.flatMap((e) => e.lineup.map((l) => ({ eventId: e.eventId, ...l }))),
    );
    await insert(
      t.eventPerformers,
      catalog.events.flatMap((e) => e.performers.map((l) => ({ eventId: e.eventId, ...l }))),
    );
    await insert(
      t.ticketTypeGroups,
      catalog.ticketTypeGroups.map((g) => ({
        ticketTypeGroupId: g.ticketTypeGroupId,
        eventId: g.eventId,
        name: g.namePub,
        description: g.description ?? null,
        displayOrder: g.displayOrder,
      })),
    );
    await insert(
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
    await insert(
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
        salesFrom: date(tt.salesFrom),
        salesTo: date(tt.salesTo),
        displayOrder: tt.displayOrder,
        ...(tt.vatRate === undefined ? {} : { vatRate: tt.vatRate }),
      })),
    );
    await insert(
      t.productGroups,
      catalog.productGroups.map((g) => ({
        productGroupId: g.productGroupId,
        eventId: g.eventId,
        name: g.name,
        description: g.description ?? null,
        image: stored(g.image),
        displayOrder: g.displayOrder,
      })),
    );
    await insert(
      t.chipProducts,
      catalog.chipProducts.map((c) => ({
        productItemId: c.productItemId,
        eventId: c.eventId,
        name: c.name,
        description: c.description ?? null,
        amount: c.amount,
        price: c.price,
        chipTypeId: c.chipTypeId,
        displayOrder: c.displayOrder,
        ...(c.vatRate === undefined ? {} : { vatRate: c.vatRate }),
      })),
    );
    await insert(
      t.extraProducts,
      catalog.extraProducts.map((p) => ({
        ticketProductId: p.ticketProductId,
        eventId: p.eventId,
        productGroupId: p.productGroupId ?? null,
        name: p.name,
        description: p.description ?? null,
        price: p.price,
        capacity: p.capacity,
        maxPerOrder: p.maxPerOrder,
        itemTypeId: p.itemTypeId,
        productCategoryId: p.productCategoryId ?? null,
        displayOrder: p.displayOrder,
        image: stored(p.image),
        chips: p.chips,
        ...(p.vatRate === undefined ? {} : { vatRate: p.vatRate }),
      })),
    );
    await insert(
      t.variants,
      catalog.extraProducts.flatMap((p) =>
        p.variants.map((v) => ({
          variantId: v.variantId,
          ticketProductId: p.ticketProductId,
          name: v.name,
          displayOrder: v.displayOrder,
        })),
      ),
    );
    await insert(
      t.variantValues,
      catalog.extraProducts.flatMap((p) =>
        p.variants.flatMap((v) =>
          v.values.map((x) => ({
            variantValueId: x.variantValueId,
            variantId: v.variantId,
            name: x.name,
            priceDelta: x.priceDelta,
            capacity: x.capacity ?? null,
            displayOrder: x.displayOrder,
          })),
        ),
      ),
    );
    const discount = (d: Catalog["coupons"][number] | Catalog["discountCodes"][number]) => ({
      code: d.code,
      kind: d.kind,
      value: d.value,
      ticketTypeIds: d.ticketTypeIds,
      ticketProductIds: d.ticketProductIds,
      validFrom: date(d.validFrom),
      validTo: date(d.validTo),
      maxUses: d.maxUses ?? null,
    });
    await insert(
      t.coupons,
      catalog.coupons.map((c) => ({ couponId: c.couponId, eventId: c.eventId, ...discount(c) })),
    );
    await insert(
      t.discountCodes,
      catalog.discountCodes.map((d) => ({
        discountCodeId: d.discountCodeId,
        organizerId: d.organizerId,
        eventIds: d.eventIds,
        ...discount(d),
      })),
    );
    await insert(
      t.supercoupons,
      catalog.supercoupons.map((s) => ({
        supercouponId: s.supercouponId,
        organizerId: s.organizerId,
        code: s.code,
        eventIds: s.eventIds,
        ticketTypeIds: s.ticketTypeIds,
        maxTickets: s.maxTickets,
        validTo: date(s.validTo),
      })),
    );
    await insert(
      t.stages,
      catalog.stages.map((s) => ({
        stageId: s.stageId,
        eventId: s.eventId,
        name: s.name,
        description: s.description ?? null,
        displayOrder: s.displayOrder,
      })),
    );
    await insert(
      t.programEntries,
      catalog.programEntries.map((p) => ({
        entryId: p.entryId,
        eventId: p.eventId,
        stageId: p.stageId,
        name: p.name,
        description: p.description ?? null,
        startsAt: new Date(p.startsAt),
        endsAt: new Date(p.endsAt),
        bandIds: p.bandIds,
        performerIds: p.performerIds,
        ticketProductIds: p.ticketProductIds,
      })),
    );
    // Orders are not part of the catalog: they stay, and what they hold is counted again.
    await recountSold(tx);
  });

  // Images: draw or read only those the database does not hold yet.
  const keys = [...images.keys()];
  const existing = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .select({ key: t.media.key })
      .from(t.media)
      .where(inArray(t.media.key, keys.slice(i, i + 500)));
    for (const row of rows) existing.add(row.key);
  }
  for (const { image, key } of images.values()) {
    if (existing.has(key)) continue;
    if ("file" in image) {
      if (!opts.mediaDir) throw new Error(`The image ${image.file} needs a media folder to be read from`);
      const bytes = new Uint8Array(await readFile(join(opts.mediaDir, image.file)));
      const contentType = CONTENT_TYPES[extname(image.file).toLowerCase()] ?? "application/octet-stream";
      const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
      await db.insert(t.media).values({ key, contentType, bytes, etag }).onConflictDoNothing();
    } else {
      // The key already names the drawing (descriptor, size, drawing version): it is a valid ETag.
      const recipe = { generate: image.generate, width: image.width, height: image.height };
      const { contentType } = imageFormatFor(image.generate.kind);
      await db
        .insert(t.media)
        .values({ key, contentType, recipe, etag: `"${key.replace(/[^\w.-]/g, "_")}"` })
        .onConflictDoNothing();
    }
  }

  return {
    organizers: catalog.organizers.length,
    eventGroups: catalog.eventGroups.length,
    events: catalog.events.length,
    ticketTypes: catalog.ticketTypes.length,
    extraProducts: catalog.extraProducts.length,
    seats: seatCount,
    images: images.size,
    changedEvents,
  };
}
