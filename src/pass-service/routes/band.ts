/**
 * Band and performer area of spec §7: acts by id, their galleries, members and bands, and public profiles.
 */
import { bandCalls, performerCalls } from "../../contract/band.ts";
import type { ServiceDeps } from "../deps.ts";
import { accountIdOf, type HandlerTable, type ServiceLocale } from "../http.ts";
import { addFavorite, favoriteBands, favoritePerformers, removeFavorite } from "../services/favorites.ts";
import { galleriesByIds, galleryImagesOf } from "../services/galleries.ts";
import {
  allProfiles,
  bandOut,
  bandRowById,
  bandRowBySlug,
  bandsByIds,
  favoriteCounts,
  membersOfBand,
  performerOut,
  performerRowById,
  performerRowBySlug,
  profileOf,
  profilePage,
} from "../services/profiles.ts";
import { lineupBandsOf, lineupPerformersOf } from "../services/program.ts";

const DEFAULT_PAGE_SIZE = 20;

/** Registers the band and performer calls: public ones and the account's favorites. */
export function registerBandRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;
  registerFavoriteRoutes(table, deps);

  // Bands.
  table.serve(bandCalls.byId, async ({ params, locale }) => ({
    band: bandOut(await bandRowById(db, params.bandId), locale),
  }));

  table.serve(bandCalls.gallery, async ({ params, locale }) => {
    const band = await bandRowById(db, params.bandId);
    const [gallery] = band.galleryId ? await galleriesByIds(db, [band.galleryId], locale) : [];
    return { gallery: gallery ?? null };
  });

  table.serve(bandCalls.galleryImages, async ({ params, locale }) => {
    const band = await bandRowById(db, params.bandId);
    return { images: band.galleryId ? await galleryImagesOf(db, [band.galleryId], locale) : [] };
  });

  table.serve(bandCalls.performers, async ({ params, locale }) => {
    const band = await bandRowById(db, params.bandId);
    return { performers: await membersOfBand(db, band.bandId, locale) };
  });

  table.serve(bandCalls.profileById, async ({ params, locale }) => ({
    profile: await profileOf(db, await bandRowById(db, params.bandId), locale, deps.clock.now()),
  }));

  table.serve(bandCalls.profileBySlug, async ({ params, locale }) => ({
    profile: await profileOf(db, await bandRowBySlug(db, params.profileSlug), locale, deps.clock.now()),
  }));

  table.serve(bandCalls.profileList, async ({ query, locale }) => {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const result = await profilePage(db, "band", { page, pageSize, q: query.q }, locale);
    return { page, pageSize, ...result };
  });

  table.serve(bandCalls.profilesAll, async ({ locale }) => ({
    profiles: await allProfiles(db, "band", locale),
  }));

  table.serve(bandCalls.favoritesOfEvent, async ({ params }) => {
    const lineup = await lineupBandsOf(db, params.eventId, "cs");
    const ids = lineup.map((b) => b.bandId);
    const counts = await favoriteCounts(db, "band", ids);
    return { eventId: params.eventId, bands: ids.map((id) => ({ id, favoriteCount: counts.get(id) ?? 0 })) };
  });

  // Performers.
  table.serve(performerCalls.byId, async ({ params, locale }) => ({
    performer: performerOut(await performerRowById(db, params.performerId), locale),
  }));

  table.serve(performerCalls.gallery, async ({ params, locale }) => {
    const performer = await performerRowById(db, params.performerId);
    const [gallery] = performer.galleryId ? await galleriesByIds(db, [performer.galleryId], locale) : [];
    return { gallery: gallery ?? null };
  });

  table.serve(performerCalls.galleryImages, async ({ params, locale }) => {
    const performer = await performerRowById(db, params.performerId);
    return { images: performer.galleryId ? await galleryImagesOf(db, [performer.galleryId], locale) : [] };
  });

  table.serve(performerCalls.bands, async ({ params, locale }) => {
    const performer = await performerRowById(db, params.performerId);
    return { bands: await bandsByIds(db, performer.bandIds, locale) };
  });

  table.serve(performerCalls.profileById, async ({ params, locale }) => ({
    profile: await profileOf(db, await performerRowById(db, params.performerId), locale, deps.clock.now()),
  }));

  table.serve(performerCalls.profileBySlug, async ({ params, locale }) => ({
    profile: await profileOf(db, await performerRowBySlug(db, params.profileSlug), locale, deps.clock.now()),
  }));

  table.serve(performerCalls.profileList, async ({ query, locale }) => {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const result = await profilePage(db, "performer", { page, pageSize, q: query.q }, locale);
    return { page, pageSize, ...result };
  });

  table.serve(performerCalls.profilesAll, async ({ locale }) => ({
    profiles: await allProfiles(db, "performer", locale),
  }));

  table.serve(performerCalls.favoritesOfEvent, async ({ params }) => {
    const lineup = await lineupPerformersOf(db, params.eventId, "cs");
    const ids = lineup.map((p) => p.performerId);
    const counts = await favoriteCounts(db, "performer", ids);
    return {
      eventId: params.eventId,
      performers: ids.map((id) => ({ id, favoriteCount: counts.get(id) ?? 0 })),
    };
  });
}

/** The favorites of the token's account (secure): lists, marking and unmarking bands and performers. */
function registerFavoriteRoutes(table: HandlerTable, deps: ServiceDeps): void {
  const { db } = deps.database;
  const bands = async (accountId: string, locale: ServiceLocale) => ({
    bands: await favoriteBands(db, accountId, locale),
  });
  const performers = async (accountId: string, locale: ServiceLocale) => ({
    performers: await favoritePerformers(db, accountId, locale),
  });

  table.serve(bandCalls.favorites, (input) => bands(accountIdOf(input), input.locale));
  table.serve(bandCalls.favoriteAdd, async (input) => {
    await addFavorite(db, accountIdOf(input), "band", input.body.bandId, deps.clock.now());
    return bands(accountIdOf(input), input.locale);
  });
  table.serve(bandCalls.favoriteRemove, async (input) => {
    await removeFavorite(db, accountIdOf(input), "band", input.query.bandId);
    return bands(accountIdOf(input), input.locale);
  });

  table.serve(performerCalls.favorites, (input) => performers(accountIdOf(input), input.locale));
  table.serve(performerCalls.favoriteAdd, async (input) => {
    await addFavorite(db, accountIdOf(input), "performer", input.body.performerId, deps.clock.now());
    return performers(accountIdOf(input), input.locale);
  });
  table.serve(performerCalls.favoriteRemove, async (input) => {
    await removeFavorite(db, accountIdOf(input), "performer", input.query.performerId);
    return performers(accountIdOf(input), input.locale);
  });
}
