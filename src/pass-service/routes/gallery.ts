/** Gallery area of spec §7: a gallery and its images. */
import { galleryCalls } from "../../contract/gallery.ts";
import type { ServiceDeps } from "../deps.ts";
import type { HandlerTable } from "../http.ts";
import { galleryById, galleryImagesOf } from "../services/galleries.ts";

/** Registers the gallery calls. */
export function registerGalleryRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;

  table.serve(galleryCalls.byId, async ({ query, locale }) => ({
    gallery: await galleryById(db, query.galleryId, locale),
  }));

  table.serve(galleryCalls.images, async ({ query, locale }) => {
    const images = await galleryImagesOf(db, [query.galleryId], locale);
    if (images.length === 0) await galleryById(db, query.galleryId, locale);
    return { galleryId: query.galleryId, images };
  });
}
