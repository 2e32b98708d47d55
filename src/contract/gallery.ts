/** Gallery area of spec §7: galleries with images (of events, bands and performers). */
import { z } from "zod/mini";
import { DisplayOrder, Image, int32, ok, Uuid } from "./common.ts";
import { defineCall } from "./define.ts";

/** One image of a gallery. */
export const GalleryImage = z.extend(Image, {
  imageId: Uuid,
  galleryId: Uuid,
  caption: z.nullable(z.string()),
  displayOrder: DisplayOrder,
});

/** One image of a gallery. */
export type GalleryImage = z.infer<typeof GalleryImage>;

/** A gallery without its images (they come from `gallery.images`). */
export const Gallery = z.object({
  galleryId: Uuid,
  name: z.string(),
  description: z.nullable(z.string()),
  cover: z.nullable(Image).check(z.meta({ description: "First image, for a teaser" })),
  imageCount: int32().check(z.nonnegative()),
});

/** A gallery without its images. */
export type Gallery = z.infer<typeof Gallery>;

const galleryQuery = z.object({ galleryId: Uuid });

/** `gallery.images`: Images of a gallery in display order. */
export const galleryImages = defineCall({
  id: "gallery.images",
  area: "gallery",
  method: "GET",
  path: "/api/gallery-images",
  query: galleryQuery,
  response: ok({ galleryId: Uuid, images: z.array(GalleryImage) }),
  secure: false,
  summary: "Images of a gallery in display order",
});

/** `gallery.byId`: A gallery by id. */
export const galleryById = defineCall({
  id: "gallery.byId",
  area: "gallery",
  method: "GET",
  path: "/api/gallery-by-id",
  query: galleryQuery,
  response: ok({ gallery: Gallery }),
  secure: false,
  summary: "A gallery by id",
});

/** Calls of the gallery area. */
export const galleryCalls = {
  images: galleryImages,
  byId: galleryById,
} as const;
