/** Band and performer calls, and the line-up of events, against the demo catalog. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bandCalls, performerCalls } from "../../src/contract/band.ts";
import { eventCalls } from "../../src/contract/event.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { type Catalog, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { must, UNKNOWN_ID } from "./support/expect.ts";
import { startTestService, type TestService } from "./support/service.ts";

const catalog: Catalog = parseCatalog(demoCatalog(new Date()));

type CatalogBand = Catalog["bands"][number];
type CatalogPerformer = Catalog["performers"][number];
type CatalogEvent = Catalog["events"][number];

const bySlug = (a: { profileSlug: string }, b: { profileSlug: string }) =>
  a.profileSlug < b.profileSlug ? -1 : a.profileSlug > b.profileSlug ? 1 : 0;

const membersOf = (bandId: string) =>
  catalog.performers.filter((p) => p.bandIds.includes(bandId)).sort(bySlug);

/** Visible events with the act on the line-up or in the program that have not ended at `now`, by start. */
function upcomingOf(kind: "band" | "performer", id: string, now: Date): CatalogEvent[] {
  return catalog.events
    .filter((e) => e.visible && new Date(e.endsAt) > now)
    .filter((e) =>
      kind === "band"
        ? e.lineup.some((l) => l.bandId === id) ||
          catalog.programEntries.some((p) => p.eventId === e.eventId && p.bandIds.includes(id))
        : e.performers.some((l) => l.performerId === id) ||
          catalog.programEntries.some((p) => p.eventId === e.eventId && p.performerIds.includes(id)),
    )
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || (a.eventId < b.eventId ? -1 : 1));
}

/** Line-up order: headliners first, then display order, then profile slug. */
function lineupOrder<T extends { main: boolean; displayOrder: number; slug: string }>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.main) - Number(a.main) ||
      a.displayOrder - b.displayOrder ||
      (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
  );
}

/** A band with a gallery, members and an upcoming event (the richest profile of the demo). */
const band: CatalogBand = must(
  [...catalog.bands].sort(
    (a, b) =>
      Number(!!b.galleryId) - Number(!!a.galleryId) ||
      membersOf(b.bandId).length - membersOf(a.bandId).length ||
      upcomingOf("band", b.bandId, new Date()).length - upcomingOf("band", a.bandId, new Date()).length,
  )[0],
  "band",
);
/** A performer playing in a band, preferably with a gallery. */
const performer: CatalogPerformer = must(
  [...catalog.performers].sort(
    (a, b) => b.bandIds.length - a.bandIds.length || Number(!!b.galleryId) - Number(!!a.galleryId),
  )[0],
  "performer",
);
/** The event with the longest band line-up. */
const lineupEvent: CatalogEvent = must(
  [...catalog.events].sort((a, b) => b.lineup.length - a.lineup.length)[0],
  "event",
);
const galleryOf = (galleryId: string | undefined) => catalog.galleries.find((g) => g.galleryId === galleryId);

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

describe("band by id", () => {
  it("answers the band in the requested language", async () => {
    const en = await svc.request(`/api/band/id/${band.bandId}`, { lang: "en" });
    expect(en.status).toBe(200);
    const { band: out } = bandCalls.byId.response.parse(en.body);
    expect(out).toMatchObject({
      bandId: band.bandId,
      profileSlug: band.profileSlug,
      name: band.name.en,
      genre: band.genre?.en ?? null,
      countryId: band.countryId ?? null,
    });
    expect(out.image === null).toBe(band.image === undefined);
    if (out.image) expect(out.image.alt).toBe(band.image?.alt.en);

    const cs = bandCalls.byId.response.parse(
      (await svc.request(`/api/band/id/${band.bandId}`, { lang: "cs" })).body,
    );
    expect(cs.band.name).toBe(band.name.cs);
    expect(cs.band.genre).toBe(band.genre?.cs ?? null);

    const translated = must(
      catalog.bands.find((b) => b.genre && b.genre.cs !== b.genre.en),
      "band with a translated genre",
    );
    const [enGenre, csGenre] = await Promise.all(
      ["en", "cs"].map(
        async (lang) =>
          bandCalls.byId.response.parse(
            (await svc.request(`/api/band/id/${translated.bandId}`, { lang })).body,
          ).band.genre,
      ),
    );
    expect(enGenre).toBe(translated.genre?.en);
    expect(csGenre).toBe(translated.genre?.cs);
    expect(enGenre).not.toBe(csGenre);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const missing = await svc.request(`/api/band/id/${UNKNOWN_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errorText).toBe("ERROR_NOT_FOUND");
    const bad = await svc.request("/api/band/id/not-a-uuid");
    expect(bad.status).toBe(400);
    expect(bad.body.errorText).toBe("ERROR_VALIDATION");
  });
});

describe("band gallery and members", () => {
  it("answers the band's gallery (or null) and its images in display order", async () => {
    const gallery = galleryOf(band.galleryId);
    expect(gallery).toBeDefined();
    const res = await svc.request(`/api/band/id/${band.bandId}/gallery`, { lang: "en" });
    expect(res.status).toBe(200);
    const body = bandCalls.gallery.response.parse(res.body);
    if (!gallery) {
      expect(body.gallery).toBeNull();
    } else {
      expect(body.gallery).toMatchObject({
        galleryId: gallery.galleryId,
        name: gallery.name.en,
        imageCount: gallery.images.length,
      });
    }
    const images = await svc.request(`/api/band/id/${band.bandId}/gallery/images`, { lang: "en" });
    expect(images.status).toBe(200);
    const list = bandCalls.galleryImages.response.parse(images.body).images;
    const expected = [...(gallery?.images ?? [])].sort((a, b) => a.displayOrder - b.displayOrder);
    expect(list.map((i) => i.displayOrder)).toEqual(expected.map((i) => i.displayOrder));
    expect(new Set(list.map((i) => i.imageId))).toEqual(new Set(expected.map((i) => i.imageId)));
  });

  it("answers null and no images for a band without a gallery", async () => {
    const plain = catalog.bands.find((b) => !b.galleryId);
    if (!plain) return;
    const res = await svc.request(`/api/band/id/${plain.bandId}/gallery`);
    expect(bandCalls.gallery.response.parse(res.body).gallery).toBeNull();
    const images = await svc.request(`/api/band/id/${plain.bandId}/gallery/images`);
    expect(bandCalls.galleryImages.response.parse(images.body).images).toEqual([]);
  });

  it("answers the members of a band, by profile slug", async () => {
    const res = await svc.request(`/api/band/id/${band.bandId}/performers`, { lang: "en" });
    expect(res.status).toBe(200);
    const { performers } = bandCalls.performers.response.parse(res.body);
    const expected = membersOf(band.bandId);
    expect(expected.length).toBeGreaterThan(1);
    expect(performers.map((p) => p.performerId)).toEqual(expected.map((p) => p.performerId));
    expect(performers.map((p) => p.name)).toEqual(expected.map((p) => p.name.en));
    for (const p of performers) expect(p.bandIds).toContain(band.bandId);
  });

  it("answers 404 for the gallery, images and members of an unknown band", async () => {
    for (const tail of ["gallery", "gallery/images", "performers"]) {
      expect((await svc.request(`/api/band/id/${UNKNOWN_ID}/${tail}`)).status).toBe(404);
      expect((await svc.request(`/api/band/id/nope/${tail}`)).status).toBe(400);
    }
  });
});

describe("band profiles", () => {
  it("answers the profile by id and by slug, with members and upcoming events", async () => {
    const byId = await svc.request(`/api/band/profile/id/${band.bandId}`, { lang: "en" });
    expect(byId.status).toBe(200);
    const profile = bandCalls.profileById.response.parse(byId.body).profile;
    expect(profile).toMatchObject({
      kind: "band",
      profileId: band.bandId,
      profileSlug: band.profileSlug,
      name: band.name.en,
      description: band.description?.en ?? null,
      galleryId: band.galleryId ?? null,
      bands: [],
      favoriteCount: 0,
    });
    expect(profile.links).toEqual(band.links);
    expect(profile.performers.map((p) => p.performerId)).toEqual(
      membersOf(band.bandId).map((p) => p.performerId),
    );
    const upcoming = upcomingOf("band", band.bandId, new Date());
    expect(upcoming.length).toBeGreaterThan(0);
    expect(profile.upcomingEvents.map((e) => e.eventId)).toEqual(upcoming.map((e) => e.eventId));
    expect(profile.upcomingEvents.map((e) => e.name)).toEqual(upcoming.map((e) => e.name.en));

    const bySlugRes = await svc.request(`/api/band/profile/slug/${band.profileSlug}`, { lang: "en" });
    expect(bySlugRes.status).toBe(200);
    expect(bandCalls.profileBySlug.response.parse(bySlugRes.body).profile).toEqual(profile);
  });

  it("answers texts in Czech for cs", async () => {
    const res = await svc.request(`/api/band/profile/slug/${band.profileSlug}`, { lang: "cs" });
    const profile = bandCalls.profileBySlug.response.parse(res.body).profile;
    expect(profile.name).toBe(band.name.cs);
    expect(profile.description).toBe(band.description?.cs ?? null);
    expect(profile.upcomingEvents.map((e) => e.name)).toEqual(
      upcomingOf("band", band.bandId, new Date()).map((e) => e.name.cs),
    );
  });

  it("leaves out events that have ended", async () => {
    svc.clock.offsetMs = 20 * 365 * 24 * 3600_000;
    try {
      const res = await svc.request(`/api/band/profile/id/${band.bandId}`);
      expect(bandCalls.profileById.response.parse(res.body).profile.upcomingEvents).toEqual([]);
    } finally {
      svc.clock.offsetMs = 0;
    }
  });

  it("answers 404 for an unknown profile and 400 for a malformed id or slug", async () => {
    expect((await svc.request(`/api/band/profile/id/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await svc.request("/api/band/profile/slug/no-such-band-anywhere")).status).toBe(404);
    expect((await svc.request("/api/band/profile/id/123")).status).toBe(400);
    expect((await svc.request("/api/band/profile/slug/Not_A_Slug")).status).toBe(400);
  });

  it("lists every band profile by slug", async () => {
    const res = await svc.request("/api/band/profiles-all", { lang: "en" });
    expect(res.status).toBe(200);
    const { profiles } = bandCalls.profilesAll.response.parse(res.body);
    const expected = [...catalog.bands].sort(bySlug);
    expect(profiles.map((p) => p.profileId)).toEqual(expected.map((b) => b.bandId));
    expect(profiles.map((p) => p.name)).toEqual(expected.map((b) => b.name.en));
    expect(profiles.every((p) => p.kind === "band")).toBe(true);
  });

  it("pages the profile list and filters it by name", async () => {
    const expected = [...catalog.bands].sort(bySlug);
    const first = bandCalls.profileList.response.parse(
      (await svc.request("/api/band/profile-list?pageSize=2")).body,
    );
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: catalog.bands.length });
    expect(first.profiles.map((p) => p.profileId)).toEqual(expected.slice(0, 2).map((b) => b.bandId));
    const second = bandCalls.profileList.response.parse(
      (await svc.request("/api/band/profile-list?page=2&pageSize=2")).body,
    );
    expect(second.profiles.map((p) => p.profileId)).toEqual(expected.slice(2, 4).map((b) => b.bandId));

    const part = band.name.en.slice(1, 4);
    const q = /^[A-Za-z ]+$/.test(part) ? part.toUpperCase() : part;
    const found = bandCalls.profileList.response.parse(
      (await svc.request(`/api/band/profile-list?q=${encodeURIComponent(q)}`, { lang: "en" })).body,
    );
    const matching = expected.filter((b) => b.name.en.toLowerCase().includes(q.toLowerCase()));
    expect(found.total).toBe(matching.length);
    expect(found.profiles.map((p) => p.profileId)).toEqual(matching.slice(0, 20).map((b) => b.bandId));

    const literal = bandCalls.profileList.response.parse(
      (await svc.request("/api/band/profile-list?q=%25")).body,
    );
    expect(literal.total).toBe(catalog.bands.filter((b) => b.name.cs.includes("%")).length);
  });

  it("refuses a bad page size with 400", async () => {
    expect((await svc.request("/api/band/profile-list?pageSize=0")).status).toBe(400);
    expect((await svc.request("/api/band/profile-list?pageSize=101")).status).toBe(400);
    expect((await svc.request("/api/band/profile-list?page=x")).status).toBe(400);
  });
});

describe("favorite counts of an event's line-up", () => {
  it("answers a count for each band and performer of the line-up", async () => {
    const bands = await svc.request(`/api/band/favorite/${lineupEvent.eventId}`);
    expect(bands.status).toBe(200);
    const body = bandCalls.favoritesOfEvent.response.parse(bands.body);
    expect(body.eventId).toBe(lineupEvent.eventId);
    expect(new Set(body.bands.map((b) => b.id))).toEqual(new Set(lineupEvent.lineup.map((l) => l.bandId)));
    expect(body.bands.every((b) => b.favoriteCount === 0)).toBe(true);

    const performers = await svc.request(`/api/performer/favorite/${lineupEvent.eventId}`);
    expect(performers.status).toBe(200);
    const pBody = performerCalls.favoritesOfEvent.response.parse(performers.body);
    expect(new Set(pBody.performers.map((p) => p.id))).toEqual(
      new Set(lineupEvent.performers.map((l) => l.performerId)),
    );
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/band/favorite/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await svc.request(`/api/performer/favorite/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await svc.request("/api/band/favorite/42")).status).toBe(400);
  });
});

describe("performers", () => {
  it("answers a performer by id in the requested language, and its bands in their order", async () => {
    const en = await svc.request(`/api/performer/id/${performer.performerId}`, { lang: "en" });
    expect(en.status).toBe(200);
    expect(performerCalls.byId.response.parse(en.body).performer).toMatchObject({
      performerId: performer.performerId,
      profileSlug: performer.profileSlug,
      name: performer.name.en,
      role: performer.role?.en ?? null,
      genre: performer.genre?.en ?? null,
      bandIds: performer.bandIds,
    });
    const cs = await svc.request(`/api/performer/id/${performer.performerId}`, { lang: "cs" });
    expect(performerCalls.byId.response.parse(cs.body).performer.role).toBe(performer.role?.cs ?? null);

    const bands = await svc.request(`/api/performer/id/${performer.performerId}/bands`, { lang: "en" });
    expect(bands.status).toBe(200);
    const list = performerCalls.bands.response.parse(bands.body).bands;
    expect(list.map((b) => b.bandId)).toEqual(performer.bandIds);
  });

  it("answers the performer's gallery and its images", async () => {
    const gallery = galleryOf(performer.galleryId);
    const res = await svc.request(`/api/performer/id/${performer.performerId}/gallery`, { lang: "en" });
    expect(res.status).toBe(200);
    const body = performerCalls.gallery.response.parse(res.body);
    expect(body.gallery?.galleryId ?? null).toBe(gallery?.galleryId ?? null);
    const images = await svc.request(`/api/performer/id/${performer.performerId}/gallery/images`);
    expect(images.status).toBe(200);
    expect(performerCalls.galleryImages.response.parse(images.body).images).toHaveLength(
      gallery?.images.length ?? 0,
    );
  });

  it("answers the performer's profile by id and slug", async () => {
    const byId = await svc.request(`/api/performer/profile/id/${performer.performerId}`, { lang: "en" });
    expect(byId.status).toBe(200);
    const profile = performerCalls.profileById.response.parse(byId.body).profile;
    expect(profile).toMatchObject({
      kind: "performer",
      profileId: performer.performerId,
      name: performer.name.en,
      performers: [],
      favoriteCount: 0,
    });
    expect(profile.bands.map((b) => b.bandId)).toEqual(performer.bandIds);
    expect(profile.upcomingEvents.map((e) => e.eventId)).toEqual(
      upcomingOf("performer", performer.performerId, new Date()).map((e) => e.eventId),
    );
    const bySlugRes = await svc.request(`/api/performer/profile/slug/${performer.profileSlug}`, {
      lang: "en",
    });
    expect(performerCalls.profileBySlug.response.parse(bySlugRes.body).profile).toEqual(profile);
  });

  it("lists and pages performer profiles", async () => {
    const expected = [...catalog.performers].sort(bySlug);
    const all = performerCalls.profilesAll.response.parse(
      (await svc.request("/api/performer/profiles-all")).body,
    );
    expect(all.profiles.map((p) => p.profileId)).toEqual(expected.map((p) => p.performerId));
    expect(all.profiles.every((p) => p.kind === "performer")).toBe(true);
    const page = performerCalls.profileList.response.parse(
      (await svc.request("/api/performer/profile-list?page=1&pageSize=3")).body,
    );
    expect(page).toMatchObject({ page: 1, pageSize: 3, total: catalog.performers.length });
    expect(page.profiles.map((p) => p.profileId)).toEqual(expected.slice(0, 3).map((p) => p.performerId));
  });

  it("answers 404 for an unknown performer and 400 for a malformed id", async () => {
    for (const path of ["", "/gallery", "/gallery/images", "/bands"]) {
      expect((await svc.request(`/api/performer/id/${UNKNOWN_ID}${path}`)).status).toBe(404);
      expect((await svc.request(`/api/performer/id/x-y${path}`)).status).toBe(400);
    }
    expect((await svc.request(`/api/performer/profile/id/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await svc.request("/api/performer/profile/slug/nobody-at-all")).status).toBe(404);
    expect((await svc.request("/api/performer/profile/slug/--")).status).toBe(400);
  });
});

describe("line-up of an event", () => {
  const bandRows = lineupOrder(
    lineupEvent.lineup.map((l) => {
      const b = must(
        catalog.bands.find((x) => x.bandId === l.bandId),
        "band",
      );
      return { ...l, slug: b.profileSlug, name: b.name };
    }),
  );
  const performerRows = lineupOrder(
    lineupEvent.performers.map((l) => {
      const p = must(
        catalog.performers.find((x) => x.performerId === l.performerId),
        "performer",
      );
      return { ...l, slug: p.profileSlug, name: p.name };
    }),
  );

  it("answers the bands, headliners first, then display order", async () => {
    const res = await svc.request(`/api/event/${lineupEvent.eventId}/bands`, { lang: "en" });
    expect(res.status).toBe(200);
    const { bands } = eventCalls.bands.response.parse(res.body);
    expect(bands.map((b) => b.bandId)).toEqual(bandRows.map((b) => b.bandId));
    expect(bands.map((b) => b.main)).toEqual(bandRows.map((b) => b.main));
    expect(bands.map((b) => b.name)).toEqual(bandRows.map((b) => b.name.en));
    const cs = eventCalls.bands.response.parse(
      (await svc.request(`/api/event/${lineupEvent.eventId}/bands`, { lang: "cs" })).body,
    );
    expect(cs.bands.map((b) => b.name)).toEqual(bandRows.map((b) => b.name.cs));
  });

  it("answers only the headliner bands", async () => {
    const res = await svc.request(`/api/event/${lineupEvent.eventId}/main-bands`);
    expect(res.status).toBe(200);
    const { bands } = eventCalls.mainBands.response.parse(res.body);
    expect(bands.map((b) => b.bandId)).toEqual(bandRows.filter((b) => b.main).map((b) => b.bandId));
  });

  it("answers the performers and the headliner performers", async () => {
    const res = await svc.request(`/api/event/${lineupEvent.eventId}/performers`, { lang: "en" });
    expect(res.status).toBe(200);
    const { performers } = eventCalls.performers.response.parse(res.body);
    expect(performers.map((p) => p.performerId)).toEqual(performerRows.map((p) => p.performerId));
    expect(performers.map((p) => p.name)).toEqual(performerRows.map((p) => p.name.en));
    const main = await svc.request(`/api/event/${lineupEvent.eventId}/main-performers`);
    expect(main.status).toBe(200);
    expect(eventCalls.mainPerformers.response.parse(main.body).performers.map((p) => p.performerId)).toEqual(
      performerRows.filter((p) => p.main).map((p) => p.performerId),
    );
  });

  it("answers an empty line-up for an event without one", async () => {
    const bare = catalog.events.find((e) => e.lineup.length === 0 && e.performers.length === 0);
    if (!bare) return;
    const res = await svc.request(`/api/event/${bare.eventId}/bands`);
    expect(res.status).toBe(200);
    expect(eventCalls.bands.response.parse(res.body).bands).toEqual([]);
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    for (const tail of ["bands", "main-bands", "performers", "main-performers"]) {
      const missing = await svc.request(`/api/event/${UNKNOWN_ID}/${tail}`);
      expect(missing.status).toBe(404);
      expect(missing.body.errorText).toBe("ERROR_NOT_FOUND");
      expect((await svc.request(`/api/event/not-an-id/${tail}`)).status).toBe(400);
    }
  });
});
