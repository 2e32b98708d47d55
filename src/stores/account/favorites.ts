/**
 * The account's favorite acts: bands and performers as one list of entries the hearts and the account area
 * show, and whether an act is among them.
 */
import type { Band, Performer } from "../../contract/band.ts";

/** Kind of a favorite act. */
export type FavoriteKind = "band" | "performer";

/** A favorite act as listed. */
export interface FavoriteEntry {
  kind: FavoriteKind;
  id: string;
  name: string;
  detail: string | null;
  profileSlug: string;
}

/** Favorite bands, then performers, each in alphabetical order. */
export function favoriteEntries(bands: readonly Band[], performers: readonly Performer[]): FavoriteEntry[] {
  const byName = (a: FavoriteEntry, b: FavoriteEntry) => a.name.localeCompare(b.name);
  return [
    ...bands
      .map((b) => ({
        kind: "band" as const,
        id: b.bandId,
        name: b.name,
        detail: b.genre,
        profileSlug: b.profileSlug,
      }))
      .sort(byName),
    ...performers
      .map((p) => ({
        kind: "performer" as const,
        id: p.performerId,
        name: p.name,
        detail: p.role ?? p.genre,
        profileSlug: p.profileSlug,
      }))
      .sort(byName),
  ];
}

/** True when the act is among the favorites. */
export function isFavorite(entries: readonly FavoriteEntry[], kind: FavoriteKind, id: string): boolean {
  return entries.some((e) => e.kind === kind && e.id === id);
}
