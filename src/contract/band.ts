/**
 * Band and performer area of spec §7: line-up entities, public profiles and the favorites of an account.
 * Performer calls live here too; their ids start with `performer.`.
 */
import { z } from "zod/mini";
import {
  CountryId,
  DisplayOrder,
  EventRef,
  Href,
  Image,
  IsoDateTime,
  int32,
  ok,
  PageQuery,
  paged,
  Slug,
  Text,
  Uuid,
} from "./common.ts";
import { defineCall } from "./define.ts";
import { Gallery, GalleryImage } from "./gallery.ts";

/** A link to a band's or performer's presence elsewhere. */
export const ExternalLink = z.object({
  kind: z.enum(["web", "facebook", "instagram", "youtube", "spotify", "tiktok", "other"]),
  url: Href,
});

/** A link to a band's or performer's presence elsewhere. */
export type ExternalLink = z.infer<typeof ExternalLink>;

/** A band (or any act of the line-up); `profileSlug` leads to its public profile. */
export const Band = z.object({
  bandId: Uuid,
  profileSlug: Slug,
  name: z.string(),
  genre: z.nullable(z.string()).check(z.meta({ example: "Indie rock" })),
  image: z.nullable(Image),
  countryId: z.nullable(CountryId),
});

/** A band. */
export type Band = z.infer<typeof Band>;

/** A performer (a person), possibly a member of bands. */
export const Performer = z.object({
  performerId: Uuid,
  profileSlug: Slug,
  name: z.string(),
  role: z.nullable(z.string()).check(z.meta({ example: "Vocals" })),
  genre: z.nullable(z.string()),
  image: z.nullable(Image),
  countryId: z.nullable(CountryId),
  bandIds: z.array(Uuid),
});

/** A performer. */
export type Performer = z.infer<typeof Performer>;

/** A band on an event's line-up: `main` marks headliners. */
export const LineupBand = z.extend(Band, { main: z.boolean(), displayOrder: DisplayOrder });

/** A band on an event's line-up. */
export type LineupBand = z.infer<typeof LineupBand>;

/** A performer on an event's line-up: `main` marks headliners. */
export const LineupPerformer = z.extend(Performer, { main: z.boolean(), displayOrder: DisplayOrder });

/** A performer on an event's line-up. */
export type LineupPerformer = z.infer<typeof LineupPerformer>;

/** Kind of a public profile. */
export const ProfileKind = z.enum(["band", "performer"]);

/** A line of a profile list. */
export const ProfileSummary = z.object({
  kind: ProfileKind,
  profileId: Uuid.check(z.meta({ description: "bandId or performerId" })),
  profileSlug: Slug,
  name: z.string(),
  genre: z.nullable(z.string()),
  image: z.nullable(Image),
});

/** A line of a profile list. */
export type ProfileSummary = z.infer<typeof ProfileSummary>;

/** The public profile page of a band or a performer. */
export const Profile = z.extend(ProfileSummary, {
  description: z
    .nullable(z.string())
    .check(z.meta({ description: "Plain text; paragraphs separated by a blank line" })),
  countryId: z.nullable(CountryId),
  links: z.array(ExternalLink),
  galleryId: z.nullable(Uuid),
  bands: z.array(Band).check(z.meta({ description: "Bands of a performer (empty for a band)" })),
  performers: z.array(Performer).check(z.meta({ description: "Members of a band (empty for a performer)" })),
  upcomingEvents: z.array(EventRef),
  favoriteCount: int32().check(z.nonnegative()),
  updatedAt: IsoDateTime,
});

/** The public profile of a band or a performer. */
export type Profile = z.infer<typeof Profile>;

/** How many accounts marked an act of an event as favorite. */
export const FavoriteCount = z.object({ id: Uuid, favoriteCount: int32().check(z.nonnegative()) });

const eventParams = z.object({ eventId: Uuid });

/** `band.favorites`: Favorite bands of the account. */
export const bandFavorites = defineCall({
  id: "band.favorites",
  area: "band",
  method: "GET",
  path: "/api/band/favorite",
  response: ok({ bands: z.array(Band) }),
  secure: true,
  summary: "Favorite bands of the account",
});

/** `band.favoriteAdd`: Marks a band as favorite (repeating is harmless); answers the new list. */
export const bandFavoriteAdd = defineCall({
  id: "band.favoriteAdd",
  area: "band",
  method: "POST",
  path: "/api/band/favorite",
  body: z.object({ bandId: Uuid }),
  response: ok({ bands: z.array(Band) }),
  secure: true,
  summary: "Marks a band as favorite (repeating is harmless); answers the new list",
});

/** `band.favoriteRemove`: Removes a band from the favorites; answers the new list. */
export const bandFavoriteRemove = defineCall({
  id: "band.favoriteRemove",
  area: "band",
  method: "DELETE",
  path: "/api/band/favorite",
  query: z.object({ bandId: Uuid }),
  response: ok({ bands: z.array(Band) }),
  secure: true,
  summary: "Removes a band from the favorites; answers the new list",
});

/** `band.favoritesOfEvent`: Favorite counts of the bands of an event's line-up. */
export const bandFavoritesOfEvent = defineCall({
  id: "band.favoritesOfEvent",
  area: "band",
  method: "GET",
  path: "/api/band/favorite/{eventId}",
  params: eventParams,
  response: ok({ eventId: Uuid, bands: z.array(FavoriteCount) }),
  secure: false,
  summary: "Favorite counts of the bands of an event's line-up",
});

/** `band.byId`: A band by id. */
export const bandById = defineCall({
  id: "band.byId",
  area: "band",
  method: "GET",
  path: "/api/band/id/{bandId}",
  params: z.object({ bandId: Uuid }),
  response: ok({ band: Band }),
  secure: false,
  summary: "A band by id",
});

/** `band.gallery`: The gallery of a band, or null. */
export const bandGallery = defineCall({
  id: "band.gallery",
  area: "band",
  method: "GET",
  path: "/api/band/id/{bandId}/gallery",
  params: z.object({ bandId: Uuid }),
  response: ok({ gallery: z.nullable(Gallery) }),
  secure: false,
  summary: "The gallery of a band, or null",
});

/** `band.galleryImages`: Images of the gallery of a band. */
export const bandGalleryImages = defineCall({
  id: "band.galleryImages",
  area: "band",
  method: "GET",
  path: "/api/band/id/{bandId}/gallery/images",
  params: z.object({ bandId: Uuid }),
  response: ok({ images: z.array(GalleryImage) }),
  secure: false,
  summary: "Images of the gallery of a band",
});

/** `band.performers`: Members of a band. */
export const bandPerformers = defineCall({
  id: "band.performers",
  area: "band",
  method: "GET",
  path: "/api/band/id/{bandId}/performers",
  params: z.object({ bandId: Uuid }),
  response: ok({ performers: z.array(Performer) }),
  secure: false,
  summary: "Members of a band",
});

/** `band.profileById`: Public profile of a band by id. */
export const bandProfileById = defineCall({
  id: "band.profileById",
  area: "band",
  method: "GET",
  path: "/api/band/profile/id/{bandId}",
  params: z.object({ bandId: Uuid }),
  response: ok({ profile: Profile }),
  secure: false,
  summary: "Public profile of a band by id",
});

/** `band.profileBySlug`: Public profile of a band by slug. */
export const bandProfileBySlug = defineCall({
  id: "band.profileBySlug",
  area: "band",
  method: "GET",
  path: "/api/band/profile/slug/{profileSlug}",
  params: z.object({ profileSlug: Slug }),
  response: ok({ profile: Profile }),
  secure: false,
  summary: "Public profile of a band by slug",
});

/** `band.profileList`: Band profiles by name, one page. */
export const bandProfileList = defineCall({
  id: "band.profileList",
  area: "band",
  method: "GET",
  path: "/api/band/profile-list",
  query: z.extend(PageQuery, {
    q: z.optional(Text.check(z.maxLength(100))).check(z.meta({ description: "Name contains" })),
  }),
  response: paged("profiles", ProfileSummary),
  secure: false,
  summary: "Band profiles by name, one page",
});

/** `band.profilesAll`: Every band profile (for static paths and sitemaps). */
export const bandProfilesAll = defineCall({
  id: "band.profilesAll",
  area: "band",
  method: "GET",
  path: "/api/band/profiles-all",
  response: ok({ profiles: z.array(ProfileSummary) }),
  secure: false,
  summary: "Every band profile (for static paths and sitemaps)",
});

/** Calls of the band area (band part). */
export const bandCalls = {
  favorites: bandFavorites,
  favoriteAdd: bandFavoriteAdd,
  favoriteRemove: bandFavoriteRemove,
  favoritesOfEvent: bandFavoritesOfEvent,
  byId: bandById,
  gallery: bandGallery,
  galleryImages: bandGalleryImages,
  performers: bandPerformers,
  profileById: bandProfileById,
  profileBySlug: bandProfileBySlug,
  profileList: bandProfileList,
  profilesAll: bandProfilesAll,
} as const;

/** `performer.favorites`: Favorite performers of the account. */
export const performerFavorites = defineCall({
  id: "performer.favorites",
  area: "band",
  method: "GET",
  path: "/api/performer/favorite",
  response: ok({ performers: z.array(Performer) }),
  secure: true,
  summary: "Favorite performers of the account",
});

/** `performer.favoriteAdd`: Marks a performer as favorite (repeating is harmless); answers the new list. */
export const performerFavoriteAdd = defineCall({
  id: "performer.favoriteAdd",
  area: "band",
  method: "POST",
  path: "/api/performer/favorite",
  body: z.object({ performerId: Uuid }),
  response: ok({ performers: z.array(Performer) }),
  secure: true,
  summary: "Marks a performer as favorite (repeating is harmless); answers the new list",
});

/** `performer.favoriteRemove`: Removes a performer from the favorites; answers the new list. */
export const performerFavoriteRemove = defineCall({
  id: "performer.favoriteRemove",
  area: "band",
  method: "DELETE",
  path: "/api/performer/favorite",
  query: z.object({ performerId: Uuid }),
  response: ok({ performers: z.array(Performer) }),
  secure: true,
  summary: "Removes a performer from the favorites; answers the new list",
});

/** `performer.favoritesOfEvent`: Favorite counts of the performers of an event's line-up. */
export const performerFavoritesOfEvent = defineCall({
  id: "performer.favoritesOfEvent",
  area: "band",
  method: "GET",
  path: "/api/performer/favorite/{eventId}",
  params: eventParams,
  response: ok({ eventId: Uuid, performers: z.array(FavoriteCount) }),
  secure: false,
  summary: "Favorite counts of the performers of an event's line-up",
});

/** `performer.byId`: A performer by id. */
export const performerById = defineCall({
  id: "performer.byId",
  area: "band",
  method: "GET",
  path: "/api/performer/id/{performerId}",
  params: z.object({ performerId: Uuid }),
  response: ok({ performer: Performer }),
  secure: false,
  summary: "A performer by id",
});

/** `performer.gallery`: The gallery of a performer, or null. */
export const performerGallery = defineCall({
  id: "performer.gallery",
  area: "band",
  method: "GET",
  path: "/api/performer/id/{performerId}/gallery",
  params: z.object({ performerId: Uuid }),
  response: ok({ gallery: z.nullable(Gallery) }),
  secure: false,
  summary: "The gallery of a performer, or null",
});

/** `performer.galleryImages`: Images of the gallery of a performer. */
export const performerGalleryImages = defineCall({
  id: "performer.galleryImages",
  area: "band",
  method: "GET",
  path: "/api/performer/id/{performerId}/gallery/images",
  params: z.object({ performerId: Uuid }),
  response: ok({ images: z.array(GalleryImage) }),
  secure: false,
  summary: "Images of the gallery of a performer",
});

/** `performer.bands`: Bands a performer plays in. */
export const performerBands = defineCall({
  id: "performer.bands",
  area: "band",
  method: "GET",
  path: "/api/performer/id/{performerId}/bands",
  params: z.object({ performerId: Uuid }),
  response: ok({ bands: z.array(Band) }),
  secure: false,
  summary: "Bands a performer plays in",
});

/** `performer.profileById`: Public profile of a performer by id. */
export const performerProfileById = defineCall({
  id: "performer.profileById",
  area: "band",
  method: "GET",
  path: "/api/performer/profile/id/{performerId}",
  params: z.object({ performerId: Uuid }),
  response: ok({ profile: Profile }),
  secure: false,
  summary: "Public profile of a performer by id",
});

/** `performer.profileBySlug`: Public profile of a performer by slug. */
export const performerProfileBySlug = defineCall({
  id: "performer.profileBySlug",
  area: "band",
  method: "GET",
  path: "/api/performer/profile/slug/{profileSlug}",
  params: z.object({ profileSlug: Slug }),
  response: ok({ profile: Profile }),
  secure: false,
  summary: "Public profile of a performer by slug",
});

/** `performer.profileList`: Performer profiles by name, one page. */
export const performerProfileList = defineCall({
  id: "performer.profileList",
  area: "band",
  method: "GET",
  path: "/api/performer/profile-list",
  query: z.extend(PageQuery, {
    q: z.optional(Text.check(z.maxLength(100))).check(z.meta({ description: "Name contains" })),
  }),
  response: paged("profiles", ProfileSummary),
  secure: false,
  summary: "Performer profiles by name, one page",
});

/** `performer.profilesAll`: Every performer profile (for static paths and sitemaps). */
export const performerProfilesAll = defineCall({
  id: "performer.profilesAll",
  area: "band",
  method: "GET",
  path: "/api/performer/profiles-all",
  response: ok({ profiles: z.array(ProfileSummary) }),
  secure: false,
  summary: "Every performer profile (for static paths and sitemaps)",
});

/** Calls of the band area (performer part). */
export const performerCalls = {
  favorites: performerFavorites,
  favoriteAdd: performerFavoriteAdd,
  favoriteRemove: performerFavoriteRemove,
  favoritesOfEvent: performerFavoritesOfEvent,
  byId: performerById,
  gallery: performerGallery,
  galleryImages: performerGalleryImages,
  bands: performerBands,
  profileById: performerProfileById,
  profileBySlug: performerProfileBySlug,
  profileList: performerProfileList,
  profilesAll: performerProfilesAll,
} as const;
