/**
 * Images of an import: collected while the rows are built, then stored in `media` once the catalog is in.
 * Image files are read once; generated images are stored as recipes and drawn on their first request.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/index.ts";
import * as t from "../../db/schema.ts";
import { imageFormatFor, mediaKeyFor } from "../images.ts";
import type { CatalogImage } from "../schema.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
};

/** An image of the catalog under its media key. */
export interface CollectedImage {
  image: CatalogImage;
  key: string;
}

/** Collects the images of a catalog: `stored` gives an image's stored form and remembers it by key. */
export function collectImages(): {
  images: Map<string, CollectedImage>;
  stored: (img: CatalogImage | undefined) => t.StoredImage | null;
} {
  const images = new Map<string, CollectedImage>();
  const stored = (img: CatalogImage | undefined): t.StoredImage | null => {
    if (!img) return null;
    const key = "file" in img ? `files/${img.file}` : mediaKeyFor(img.generate, img.width, img.height);
    images.set(key, { image: img, key });
    return { key, width: img.width, height: img.height, alt: img.alt };
  };
  return { images, stored };
}

/** Writes the media rows the database lacks: files read from `mediaDir`, generated images as recipes. */
export async function storeMedia(
  db: Db,
  images: Map<string, CollectedImage>,
  mediaDir: string | undefined,
): Promise<void> {
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
      if (!mediaDir) throw new Error(`The image ${image.file} needs a media folder to be read from`);
      const bytes = new Uint8Array(await readFile(join(mediaDir, image.file)));
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
}
