/** Gallery calls against the demo catalog. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryCalls } from "../../src/contract/gallery.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { type Catalog, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { UNKNOWN_ID } from "./support/expect.ts";
import { startTestService, type TestService } from "./support/service.ts";

const catalog: Catalog = parseCatalog(demoCatalog(new Date()));

/** The gallery with the most images. */
const gallery = (() => {
  const found = [...catalog.galleries].sort((a, b) => b.images.length - a.images.length)[0];
  if (!found) throw new Error("The demo catalog has no gallery");
  return found;
})();
const ordered = [...gallery.images].sort(
  (a, b) => a.displayOrder - b.displayOrder || (a.imageId < b.imageId ? -1 : a.imageId > b.imageId ? 1 : 0),
);

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

describe("gallery by id", () => {
  it("answers the gallery with its cover and image count in the requested language", async () => {
    const res = await svc.request(`/api/gallery-by-id?galleryId=${gallery.galleryId}`, { lang: "en" });
    expect(res.status).toBe(200);
    const body = galleryCalls.byId.response.parse(res.body);
    expect(body.gallery).toMatchObject({
      galleryId: gallery.galleryId,
      name: gallery.name.en,
      description: gallery.description?.en ?? null,
      imageCount: gallery.images.length,
    });
    const first = ordered[0];
    if (first) {
      expect(body.gallery.cover).toMatchObject({
        width: first.image.width,
        height: first.image.height,
        alt: first.image.alt.en,
      });
    } else {
      expect(body.gallery.cover).toBeNull();
    }

    const cs = galleryCalls.byId.response.parse(
      (await svc.request(`/api/gallery-by-id?galleryId=${gallery.galleryId}`, { lang: "cs" })).body,
    );
    expect(cs.gallery.name).toBe(gallery.name.cs);
    expect(cs.gallery.cover?.alt ?? null).toBe(first?.image.alt.cs ?? null);
  });

  it("answers every gallery of the catalog", async () => {
    for (const g of catalog.galleries) {
      const res = await svc.request(`/api/gallery-by-id?galleryId=${g.galleryId}`, { lang: "de" });
      expect(res.status).toBe(200);
      const body = galleryCalls.byId.response.parse(res.body);
      expect(body.gallery.name).toBe(g.name.de);
      expect(body.gallery.imageCount).toBe(g.images.length);
    }
  });

  it("answers 404 for an unknown gallery and 400 for a malformed or missing id", async () => {
    const missing = await svc.request(`/api/gallery-by-id?galleryId=${UNKNOWN_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errorText).toBe("ERROR_NOT_FOUND");
    const bad = await svc.request("/api/gallery-by-id?galleryId=abc");
    expect(bad.status).toBe(400);
    expect(bad.body.errorText).toBe("ERROR_VALIDATION");
    expect((await svc.request("/api/gallery-by-id")).status).toBe(400);
  });
});

describe("gallery images", () => {
  it("answers the images in display order, with captions in the requested language", async () => {
    const res = await svc.request(`/api/gallery-images?galleryId=${gallery.galleryId}`, { lang: "en" });
    expect(res.status).toBe(200);
    const body = galleryCalls.images.response.parse(res.body);
    expect(body.galleryId).toBe(gallery.galleryId);
    expect(body.images.map((i) => i.imageId)).toEqual(ordered.map((i) => i.imageId));
    expect(body.images.map((i) => i.caption)).toEqual(ordered.map((i) => i.caption?.en ?? null));
    expect(body.images.map((i) => i.alt)).toEqual(ordered.map((i) => i.image.alt.en));
    for (const img of body.images) {
      expect(img.galleryId).toBe(gallery.galleryId);
      expect(img.url).toMatch(/^\/media\//);
    }

    const cs = galleryCalls.images.response.parse(
      (await svc.request(`/api/gallery-images?galleryId=${gallery.galleryId}`, { lang: "cs" })).body,
    );
    expect(cs.images.map((i) => i.caption)).toEqual(ordered.map((i) => i.caption?.cs ?? null));
    expect(cs.images.map((i) => i.alt)).toEqual(ordered.map((i) => i.image.alt.cs));
  });

  it("serves the image files the images point at", async () => {
    const body = galleryCalls.images.response.parse(
      (await svc.request(`/api/gallery-images?galleryId=${gallery.galleryId}`)).body,
    );
    const first = body.images[0];
    if (!first) return;
    const file = await fetch(new URL(first.url, svc.url));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^image\//);
  });

  it("answers 404 for an unknown gallery and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/gallery-images?galleryId=${UNKNOWN_ID}`)).status).toBe(404);
    expect((await svc.request("/api/gallery-images?galleryId=1")).status).toBe(400);
    expect((await svc.request("/api/gallery-images")).status).toBe(400);
  });
});
