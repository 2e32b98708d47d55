/** Import step: organizers' partners, galleries with their images, bands and performers. */
import * as t from "../../db/schema.ts";
import type { Catalog } from "../schema.ts";
import { type ImportContext, insertRows } from "./context.ts";

/** Inserts the partners, galleries, gallery images, bands and performers. */
export async function importProfiles(ctx: ImportContext): Promise<void> {
  const { tx, catalog, now, stored } = ctx;
  await insertRows(
    tx,
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
  await insertRows(
    tx,
    t.galleries,
    catalog.galleries.map((g) => ({
      galleryId: g.galleryId,
      name: g.name,
      description: g.description ?? null,
    })),
  );
  await insertRows(
    tx,
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
    updatedAt: now,
  });
  await insertRows(
    tx,
    t.bands,
    catalog.bands.map((b) => ({ bandId: b.bandId, ...profile(b) })),
  );
  await insertRows(
    tx,
    t.performers,
    catalog.performers.map((p) => ({
      performerId: p.performerId,
      ...profile(p),
      role: p.role ?? null,
      bandIds: p.bandIds,
    })),
  );
}
