/**
 * Favorites of an account: the bands and performers it marked, oldest mark first. Marking twice changes
 * nothing; an unknown band or performer is a 404. The public counts per act read the same table
 * (`favoritesSource` in ./profiles.ts).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Band, Performer } from "../../contract/band.ts";
import type { Db } from "../db/index.ts";
import { favorites } from "../db/schema.ts";
import type { ServiceLocale } from "../http.ts";
import {
  bandRowById,
  bandsByIds,
  type ProfileKindName,
  performerRowById,
  performersByIds,
} from "./profiles.ts";

/** Ids of the acts of one kind the account marked, oldest mark first. */
async function favoriteIds(db: Db, accountId: string, kind: ProfileKindName): Promise<string[]> {
  const rows = await db
    .select({ id: favorites.targetId })
    .from(favorites)
    .where(and(eq(favorites.accountId, accountId), eq(favorites.kind, kind)))
    .orderBy(asc(favorites.createdAt), asc(favorites.targetId));
  return rows.map((r) => r.id);
}

/** The account's favorite bands. */
export async function favoriteBands(db: Db, accountId: string, locale: ServiceLocale): Promise<Band[]> {
  return bandsByIds(db, await favoriteIds(db, accountId, "band"), locale);
}

/** The account's favorite performers. */
export async function favoritePerformers(
  db: Db,
  accountId: string,
  locale: ServiceLocale,
): Promise<Performer[]> {
  return performersByIds(db, await favoriteIds(db, accountId, "performer"), locale);
}

/** The band or performer with this id exists, or a 404. */
async function assertAct(db: Db, kind: ProfileKindName, targetId: string): Promise<void> {
  await (kind === "band" ? bandRowById(db, targetId) : performerRowById(db, targetId));
}

/** Marks a band or performer as a favorite of the account; 404 when there is none with this id. */
export async function addFavorite(
  db: Db,
  accountId: string,
  kind: ProfileKindName,
  targetId: string,
  now: Date,
): Promise<void> {
  await assertAct(db, kind, targetId);
  await db.insert(favorites).values({ accountId, kind, targetId, createdAt: now }).onConflictDoNothing();
}

/**
 * Removes a band or performer from the account's favorites (removing one that is not marked is harmless);
 * 404 when there is no band or performer with this id.
 */
export async function removeFavorite(
  db: Db,
  accountId: string,
  kind: ProfileKindName,
  targetId: string,
): Promise<void> {
  await assertAct(db, kind, targetId);
  await db
    .delete(favorites)
    .where(
      and(eq(favorites.accountId, accountId), eq(favorites.kind, kind), eq(favorites.targetId, targetId)),
    );
}
