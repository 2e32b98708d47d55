/** Galleries and their images, as the gallery, band, performer and event calls answer them. */
import { asc, inArray } from "drizzle-orm";
import type { Gallery, GalleryImage } from "../../contract/gallery.ts";
import type { Db } from "../db/index.ts";
import { anyOf, preparedRead } from "../db/prepared-read.ts";
import { galleries, galleryImages } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { loc, locOrNull, mediaUrl } from "./localize.ts";

import { inIdOrder, unique } from "./rows.ts";

/** A gallery image row as the contract's `GalleryImage`. */
export function galleryImageOut(row: typeof galleryImages.$inferSelect, locale: ServiceLocale): GalleryImage {
  return {
    url: mediaUrl(row.image.key),
    width: row.image.width,
    height: row.image.height,
    alt: loc(row.image.alt, locale),
    imageId: row.imageId,
    galleryId: row.galleryId,
    caption: locOrNull(row.caption, locale),
    displayOrder: row.displayOrder,
  };
}

const imageRowsOf = preparedRead("galleryImagesOf", ["ids"], (db, p) =>
  db
    .select()
    .from(galleryImages)
    .where(anyOf(galleryImages.galleryId, p.ids))
    .orderBy(asc(galleryImages.displayOrder), asc(galleryImages.imageId)),
);

/** Images of the given galleries, ordered by the order of `galleryIds`, then display order. */
export async function galleryImagesOf(
  db: Db,
  galleryIds: string[],
  locale: ServiceLocale,
): Promise<GalleryImage[]> {
  if (galleryIds.length === 0) return [];
  const ids = unique(galleryIds);
  const position = new Map(ids.map((id, i) => [id, i]));
  const rows = await imageRowsOf(db, { ids });
  return rows
    .sort((a, b) => (position.get(a.galleryId) ?? 0) - (position.get(b.galleryId) ?? 0))
    .map((r) => galleryImageOut(r, locale));
}

/** Galleries by id (without their images), in the order of `galleryIds` (unknown ids are left out). */
export async function galleriesByIds(
  db: Db,
  galleryIds: string[],
  locale: ServiceLocale,
): Promise<Gallery[]> {
  if (galleryIds.length === 0) return [];
  const ids = unique(galleryIds);
  const [rows, images] = await Promise.all([
    db.select().from(galleries).where(inArray(galleries.galleryId, ids)),
    galleryImagesOf(db, ids, locale),
  ]);
  return inIdOrder(ids, rows, (r) => r.galleryId).map((g) => {
    const own = images.filter((img) => img.galleryId === g.galleryId);
    const first = own[0];
    return {
      galleryId: g.galleryId,
      name: loc(g.name, locale),
      description: locOrNull(g.description, locale),
      cover: first ? { url: first.url, width: first.width, height: first.height, alt: first.alt } : null,
      imageCount: own.length,
    };
  });
}

/** The gallery with this id, or a 404. */
export async function galleryById(db: Db, galleryId: string, locale: ServiceLocale): Promise<Gallery> {
  const [gallery] = await galleriesByIds(db, [galleryId], locale);
  if (!gallery) throw notFound("Gallery", galleryId);
  return gallery;
}
