/**
 * The account's favorites (`$favorites`), shared by the account area and the hearts of an event's line-up:
 * loaded once, then replaced by the list each add or remove answers.
 */
import { map } from "nanostores";
import type { ApiClient } from "../../client/index.ts";
import type { Band, Performer } from "../../contract/band.ts";
import {
  bandFavoriteAdd,
  bandFavoriteRemove,
  bandFavorites,
  performerFavoriteAdd,
  performerFavoriteRemove,
  performerFavorites,
} from "../../contract/band.ts";
import { pageLogger } from "../page.ts";
import { type FavoriteEntry, type FavoriteKind, favoriteEntries } from "./favorites.ts";

/** The favorites, whether they are loaded, and the acts being changed. */
export interface FavoritesState {
  status: "idle" | "loading" | "ready" | "error";
  entries: FavoriteEntry[];
  /** `kind:id` of the acts whose change is on its way. */
  pending: string[];
}

/** The account's favorites. */
export const $favorites = map<FavoritesState>({ status: "idle", entries: [], pending: [] });

let bands: Band[] = [];
let performers: Performer[] = [];

function publish(): void {
  $favorites.setKey("entries", favoriteEntries(bands, performers));
}

/** Loads the favorites once (again with `force`). */
export async function loadFavorites(client: ApiClient, force = false): Promise<void> {
  const { status } = $favorites.get();
  if (!force && (status === "loading" || status === "ready")) return;
  $favorites.setKey("status", "loading");
  try {
    const [b, p] = await Promise.all([client.call(bandFavorites, {}), client.call(performerFavorites, {})]);
    bands = b.bands;
    performers = p.performers;
    publish();
    $favorites.setKey("status", "ready");
  } catch (error) {
    pageLogger("favorites").error("favorites not loaded", error);
    $favorites.setKey("status", "error");
  }
}

/** Adds (`on`) or removes an act; true when the service took the change. */
export async function setFavorite(
  client: ApiClient,
  kind: FavoriteKind,
  id: string,
  on: boolean,
): Promise<boolean> {
  const key = `${kind}:${id}`;
  $favorites.setKey("pending", [...$favorites.get().pending, key]);
  try {
    if (kind === "band") {
      const answer = on
        ? await client.call(bandFavoriteAdd, { body: { bandId: id } })
        : await client.call(bandFavoriteRemove, { query: { bandId: id } });
      bands = answer.bands;
    } else {
      const answer = on
        ? await client.call(performerFavoriteAdd, { body: { performerId: id } })
        : await client.call(performerFavoriteRemove, { query: { performerId: id } });
      performers = answer.performers;
    }
    publish();
    return true;
  } catch (error) {
    pageLogger("favorites").error("favorite not changed", error);
    return false;
  } finally {
    $favorites.setKey(
      "pending",
      $favorites.get().pending.filter((k) => k !== key),
    );
  }
}
