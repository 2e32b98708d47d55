/** Stages and program entries of events, and the program calls, against the demo catalog. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventCalls } from "../../src/contract/event.ts";
import { programCalls } from "../../src/contract/program.ts";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { type Catalog, parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { must, UNKNOWN_ID } from "./support/expect.ts";
import { startTestService, type TestService } from "./support/service.ts";

const catalog: Catalog = parseCatalog(demoCatalog(new Date()));

type CatalogEntry = Catalog["programEntries"][number];

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const stageById = new Map(catalog.stages.map((s) => [s.stageId, s]));

/** Program order: start time, then stage display order. */
function programOrder(entries: CatalogEntry[]): CatalogEntry[] {
  return [...entries].sort(
    (a, b) =>
      Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
      (stageById.get(a.stageId)?.displayOrder ?? 0) - (stageById.get(b.stageId)?.displayOrder ?? 0) ||
      cmp(a.stageId, b.stageId) ||
      cmp(a.entryId, b.entryId),
  );
}

/** The event with the most program entries. */
const event = must(
  [...catalog.events].sort(
    (a, b) =>
      catalog.programEntries.filter((p) => p.eventId === b.eventId).length -
      catalog.programEntries.filter((p) => p.eventId === a.eventId).length,
  )[0],
  "event",
);
const eventStages = catalog.stages
  .filter((s) => s.eventId === event.eventId)
  .sort((a, b) => a.displayOrder - b.displayOrder || cmp(a.stageId, b.stageId));
const eventEntries = programOrder(catalog.programEntries.filter((p) => p.eventId === event.eventId));
/** An entry with bands, performers and products if the catalog has one (else the richest). */
const entry = must(
  [...catalog.programEntries].sort(
    (a, b) =>
      Number(b.ticketProductIds.length > 0) - Number(a.ticketProductIds.length > 0) ||
      b.bandIds.length + b.performerIds.length - (a.bandIds.length + a.performerIds.length),
  )[0],
  "program entry",
);
/** The entry with the most performers. */
const performerEntry = must(
  [...catalog.programEntries].sort((a, b) => b.performerIds.length - a.performerIds.length)[0],
  "program entry",
);

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

describe("stages of an event", () => {
  it("answers the stages in display order and in the requested language", async () => {
    const en = await svc.request(`/api/event/${event.eventId}/stages`, { lang: "en" });
    expect(en.status).toBe(200);
    const { stages } = eventCalls.stages.response.parse(en.body);
    expect(stages.map((s) => s.stageId)).toEqual(eventStages.map((s) => s.stageId));
    expect(stages.map((s) => s.name)).toEqual(eventStages.map((s) => s.name.en));
    expect(stages.every((s) => s.eventId === event.eventId)).toBe(true);
    const cs = eventCalls.stages.response.parse(
      (await svc.request(`/api/event/${event.eventId}/stages`)).body,
    );
    expect(cs.stages.map((s) => s.name)).toEqual(eventStages.map((s) => s.name.cs));
    expect(cs.stages.map((s) => s.description)).toEqual(eventStages.map((s) => s.description?.cs ?? null));
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/event/${UNKNOWN_ID}/stages`)).status).toBe(404);
    expect((await svc.request("/api/event/abc/stages")).status).toBe(400);
  });
});

describe("program entries of an event", () => {
  it("answers the entries by start time, then stage order", async () => {
    const res = await svc.request(`/api/event/${event.eventId}/entries`, { lang: "en" });
    expect(res.status).toBe(200);
    const { entries } = eventCalls.entries.response.parse(res.body);
    expect(entries.map((e) => e.entryId)).toEqual(eventEntries.map((e) => e.entryId));
    expect(entries.map((e) => e.name)).toEqual(eventEntries.map((e) => e.name.en));
    expect(entries.map((e) => Date.parse(e.startsAt))).toEqual(
      eventEntries.map((e) => Date.parse(e.startsAt)),
    );
    expect(entries.map((e) => e.bandIds)).toEqual(eventEntries.map((e) => e.bandIds));
    expect(entries.map((e) => e.performerIds)).toEqual(eventEntries.map((e) => e.performerIds));
    const cs = eventCalls.entries.response.parse(
      (await svc.request(`/api/event/${event.eventId}/entries`, { lang: "cs" })).body,
    );
    expect(cs.entries.map((e) => e.name)).toEqual(eventEntries.map((e) => e.name.cs));
  });

  it("answers the entries with the products sold for them", async () => {
    const res = await svc.request(`/api/event/${event.eventId}/entries-with-products`, { lang: "en" });
    expect(res.status).toBe(200);
    const { entries } = eventCalls.entriesWithProducts.response.parse(res.body);
    expect(entries.some((e) => e.products.length > 0)).toBe(true);
    expect(entries.map((e) => e.entryId)).toEqual(eventEntries.map((e) => e.entryId));
    for (const [i, e] of entries.entries()) {
      const expected = must(eventEntries[i], "entry");
      expect(new Set(e.products.map((p) => p.ticketProductId))).toEqual(new Set(expected.ticketProductIds));
      for (const p of e.products) {
        const product = must(
          catalog.extraProducts.find((x) => x.ticketProductId === p.ticketProductId),
          "product",
        );
        expect(p.name).toBe(product.name.en);
        expect(p.eventId).toBe(event.eventId);
      }
    }
  });

  it("answers an empty program for an event without one", async () => {
    const bare = catalog.events.find((e) => !catalog.programEntries.some((p) => p.eventId === e.eventId));
    if (!bare) return;
    for (const tail of ["entries", "entries-with-products", "stages"]) {
      const res = await svc.request(`/api/event/${bare.eventId}/${tail}`);
      expect(res.status).toBe(200);
    }
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    for (const tail of ["entries", "entries-with-products"]) {
      expect((await svc.request(`/api/event/${UNKNOWN_ID}/${tail}`)).status).toBe(404);
      expect((await svc.request(`/api/event/0/${tail}`)).status).toBe(400);
    }
  });
});

describe("entries of a stage", () => {
  it("answers the entries of each stage by start time", async () => {
    for (const stage of eventStages) {
      const res = await svc.request(`/api/stage/${stage.stageId}/entries`, { lang: "en" });
      expect(res.status).toBe(200);
      const { entries } = programCalls.stageEntries.response.parse(res.body);
      const expected = eventEntries.filter((e) => e.stageId === stage.stageId);
      expect(entries.map((e) => e.entryId)).toEqual(expected.map((e) => e.entryId));
      expect(entries.every((e) => e.stageId === stage.stageId)).toBe(true);
    }
  });

  it("answers 404 for an unknown stage and 400 for a malformed id", async () => {
    expect((await svc.request(`/api/stage/${UNKNOWN_ID}/entries`)).status).toBe(404);
    expect((await svc.request("/api/stage/main/entries")).status).toBe(400);
  });
});

describe("bands, performers and products of an entry", () => {
  it("answers the bands of the entry in the entry's order, in the requested language", async () => {
    const res = await svc.request(`/api/entry/${entry.entryId}/bands`, { lang: "en" });
    expect(res.status).toBe(200);
    const { bands } = programCalls.entryBands.response.parse(res.body);
    expect(bands.map((b) => b.bandId)).toEqual(entry.bandIds);
    const names = entry.bandIds.map(
      (id) =>
        must(
          catalog.bands.find((b) => b.bandId === id),
          "band",
        ).name,
    );
    expect(bands.map((b) => b.name)).toEqual(names.map((n) => n.en));
    const cs = programCalls.entryBands.response.parse(
      (await svc.request(`/api/entry/${entry.entryId}/bands`, { lang: "cs" })).body,
    );
    expect(cs.bands.map((b) => b.name)).toEqual(names.map((n) => n.cs));
  });

  it("answers the performers of the entry", async () => {
    expect(performerEntry.performerIds.length).toBeGreaterThan(0);
    const res = await svc.request(`/api/entry/${performerEntry.entryId}/performers`, { lang: "en" });
    expect(res.status).toBe(200);
    const { performers } = programCalls.entryPerformers.response.parse(res.body);
    expect(performers.map((p) => p.performerId)).toEqual(performerEntry.performerIds);
    const roles = performerEntry.performerIds.map(
      (id) =>
        must(
          catalog.performers.find((p) => p.performerId === id),
          "performer",
        ).role,
    );
    expect(performers.map((p) => p.role)).toEqual(roles.map((r) => r?.en ?? null));
  });

  it("answers the products sold for the entry", async () => {
    const res = await svc.request(`/api/entry/${entry.entryId}/products`, { lang: "en" });
    expect(res.status).toBe(200);
    const { products } = programCalls.entryProducts.response.parse(res.body);
    expect(entry.ticketProductIds.length).toBeGreaterThan(0);
    expect(new Set(products.map((p) => p.ticketProductId))).toEqual(new Set(entry.ticketProductIds));
    for (const p of products) {
      const product = must(
        catalog.extraProducts.find((x) => x.ticketProductId === p.ticketProductId),
        "product",
      );
      expect(p.name).toBe(product.name.en);
      expect(p.price).toBe(product.price);
    }
  });

  it("answers 404 for an unknown entry and 400 for a malformed id", async () => {
    for (const tail of ["bands", "performers", "products"]) {
      const missing = await svc.request(`/api/entry/${UNKNOWN_ID}/${tail}`);
      expect(missing.status).toBe(404);
      expect(missing.body.errorText).toBe("ERROR_NOT_FOUND");
      const bad = await svc.request(`/api/entry/zzz/${tail}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errorText).toBe("ERROR_VALIDATION");
    }
  });
});
