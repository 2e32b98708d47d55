/** The media files the catalog's images point at: stored bytes, or drawn once from their recipe and kept. */
import { eq } from "drizzle-orm";
import { drawImage } from "../catalog/images.ts";
import type { Db } from "../db/index.ts";
import { media } from "../db/schema.ts";

/** A media file to answer: its bytes, content type and entity tag. */
export interface MediaFile {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  etag: string;
}

/**
 * A media file by key, its image drawn and stored the first time when it has only a recipe: undefined when
 * there is none, `notModified` when its entity tag is the one the client has (nothing is drawn then).
 */
export async function mediaFile(
  db: Db,
  key: string,
  ifNoneMatch: string | undefined,
): Promise<MediaFile | "notModified" | undefined> {
  const [file] = await db.select().from(media).where(eq(media.key, key));
  if (!file) return undefined;
  if (ifNoneMatch === file.etag) return "notModified";
  let bytes = file.bytes;
  if (!bytes) {
    if (!file.recipe) throw new Error(`The media row ${key} has neither bytes nor a recipe`);
    ({ bytes } = await drawImage(file.recipe.generate, file.recipe.width, file.recipe.height));
    await db.update(media).set({ bytes }).where(eq(media.key, key));
  }
  return { bytes: new Uint8Array(bytes), contentType: file.contentType, etag: file.etag };
}
