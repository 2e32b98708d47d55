/**
 * The read memo of build-mode requests (`src/pass-service/db/read-memo.ts`): inside `withReadMemo` a Drizzle
 * SELECT repeated in the scope is answered from its first answer, a write through Drizzle empties the memo,
 * and outside a scope every read reaches the database. On PGlite the scopes share their reads until any write
 * or until the reads are `SHARED_READ_MS` old; on PostgreSQL they do not. A write that bypasses the memo (a raw
 * statement on the engine's own client) shows which answer came from where. Over HTTP, an answer in four
 * languages is, per language, the answer to a one-language request, and build-mode requests begun within one
 * second read at the same instant. A remembered read (`rememberedRead`: a service read under a key of its own)
 * follows the same rules without building its SQL again.
 */
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import type { Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { rememberedRead, SHARED_READ_MS, withReadMemo } from "../../src/pass-service/db/read-memo.ts";
import { events } from "../../src/pass-service/db/schema.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let eventId: string;

beforeAll(async () => {
  svc = await startTestService();
  const [row] = await svc.database.db.select({ eventId: events.eventId }).from(events).limit(1);
  eventId = row?.eventId ?? "";
});
afterAll(() => svc?.close());

/** Sets an event's slug with a statement the memo does not see (the engine's client, not Drizzle). */
async function setSlugUnseen(slug: string): Promise<void> {
  const client = (svc.database.db as unknown as { $client: unknown }).$client;
  const text = "update events set slug = $1 where event_id = $2";
  if (svc.kind === "postgres") {
    // A tagged-template call goes past the memo's `unsafe` and `begin`.
    await (client as Sql)`update events set slug = ${slug} where event_id = ${eventId}`;
    return;
  }
  let proto: object = PGlite.prototype;
  while (!Object.hasOwn(proto, "query")) proto = Object.getPrototypeOf(proto);
  const query = (proto as { query: (sql: string, params: unknown[]) => Promise<unknown> }).query;
  await query.call(client, text, [slug, eventId]);
}

const slugOf = async () => {
  const [row] = await svc.database.db
    .select({ slug: events.slug })
    .from(events)
    .where(eq(events.eventId, eventId));
  return row?.slug;
};

describe("read memo", () => {
  test("answers a repeated SELECT in its scope from the first answer; a Drizzle write empties it", async () => {
    const original = await slugOf();
    await withReadMemo(async () => {
      expect(await slugOf()).toBe(original);
      await setSlugUnseen("memo-unseen");
      expect(await slugOf()).toBe(original);
      await svc.database.db.update(events).set({ slug: "memo-seen" }).where(eq(events.eventId, eventId));
      expect(await slugOf()).toBe("memo-seen");
    });
    await setSlugUnseen(original ?? "");
    expect(await slugOf()).toBe(original);
  });

  test("keeps the answers of different statements with the same values apart", async () => {
    await withReadMemo(async () => {
      const read = (column: typeof events.slug | typeof events.eventId) =>
        svc.database.db.select({ value: column }).from(events).where(eq(events.eventId, eventId));
      for (let round = 0; round < 2; round++) {
        expect(await read(events.slug)).toEqual([{ value: await slugOf() }]);
        expect(await read(events.eventId)).toEqual([{ value: eventId }]);
      }
    });
  });

  test("outside a scope every SELECT reaches the database", async () => {
    const original = await slugOf();
    await setSlugUnseen("memo-outside");
    expect(await slugOf()).toBe("memo-outside");
    await setSlugUnseen(original ?? "");
  });

  test("on PGlite scopes share their reads until a write or until they are old; on PostgreSQL they do not", async () => {
    const original = await slugOf();
    const shares = svc.kind === "pglite";
    // A write through Drizzle first: the tests above changed the slug past the memo.
    await svc.database.db.update(events).set({ slug: "memo-start" }).where(eq(events.eventId, eventId));
    await setSlugUnseen(original ?? "");
    try {
      expect(await withReadMemo(slugOf)).toBe(original);
      await setSlugUnseen("memo-shared");
      // Another scope (another request): on PGlite the first scope's answer, on PostgreSQL the database's.
      expect(await withReadMemo(slugOf)).toBe(shares ? original : "memo-shared");
      // A write through Drizzle outside any scope empties the shared reads.
      await svc.database.db.update(events).set({ slug: "memo-written" }).where(eq(events.eventId, eventId));
      expect(await withReadMemo(slugOf)).toBe("memo-written");
      await setSlugUnseen("memo-aged");
      expect(await withReadMemo(slugOf)).toBe(shares ? "memo-written" : "memo-aged");
      // An answer older than SHARED_READ_MS is asked again.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + SHARED_READ_MS + 1 });
      expect(await withReadMemo(slugOf)).toBe("memo-aged");
    } finally {
      vi.useRealTimers();
      await svc.database.db
        .update(events)
        .set({ slug: original ?? "" })
        .where(eq(events.eventId, eventId));
    }
    expect(await withReadMemo(slugOf)).toBe(original);
  });

  test("a remembered read runs once in its scope until a write; outside a scope or in a transaction it reads", async () => {
    const { db } = svc.database;
    const original = await slugOf();
    const key = `test-slug:${eventId}`;
    let built = 0;
    let executed = 0;
    /** The read: a lazy Drizzle query, counted when it is built and each time it runs. */
    const read = (on: typeof db = db) => {
      built++;
      const query = on.select({ slug: events.slug }).from(events).where(eq(events.eventId, eventId));
      const execute = query.execute.bind(query);
      query.execute = (...args) => {
        executed++;
        return execute(...args);
      };
      return query;
    };
    const slug = async (on: typeof db = db) => (await rememberedRead(on, key, () => read(on)))[0]?.slug;
    try {
      await withReadMemo(async () => {
        expect(await slug()).toBe(original);
        await setSlugUnseen("remembered-unseen");
        expect(await slug()).toBe(original);
        expect([built, executed]).toEqual([1, 1]);
        await db.update(events).set({ slug: "remembered-seen" }).where(eq(events.eventId, eventId));
        expect(await slug()).toBe("remembered-seen");
        expect([built, executed]).toEqual([2, 2]);
      });
      // Another scope: on PGlite the first scope's answer (shared until a write), on PostgreSQL the database's.
      await setSlugUnseen("remembered-other");
      expect(await withReadMemo(() => slug())).toBe(
        svc.kind === "pglite" ? "remembered-seen" : "remembered-other",
      );
      built = 0;
      expect(await slug()).toBe("remembered-other");
      expect(await slug()).toBe("remembered-other");
      expect(built).toBe(2);
      built = 0;
      await withReadMemo(() =>
        db.transaction(async (tx) => {
          expect(await slug(tx)).toBe("remembered-other");
          expect(await slug(tx)).toBe("remembered-other");
        }),
      );
      expect(built).toBe(2);
    } finally {
      await db
        .update(events)
        .set({ slug: original ?? "" })
        .where(eq(events.eventId, eventId));
    }
  });

  test("a read gives the event loop a turn before it runs, in a scope and outside one", async () => {
    // On the embedded engine a statement runs synchronously: without the turn, the reads of a long answer
    // (every event, in four languages) held up every request that came in meanwhile.
    const original = await slugOf();
    for (const read of [slugOf, () => withReadMemo(slugOf)]) {
      await svc.database.db.update(events).set({ slug: "memo-turn" }).where(eq(events.eventId, eventId));
      let turned = false;
      setImmediate(() => {
        turned = true;
      });
      expect(await read()).toBe("memo-turn");
      expect(turned).toBe(true);
    }
    await svc.database.db
      .update(events)
      .set({ slug: original ?? "" })
      .where(eq(events.eventId, eventId));
  });

  test("an answer in four languages is, per language, the one-language answer", async () => {
    const { db } = svc.database;
    // Every event of the demo catalog: line-ups, extras with variants, seat maps, partners.
    const ids = (await db.select({ eventId: events.eventId }).from(events)).map((e) => e.eventId);
    const paths = ids.flatMap((id) => [
      `/api/event-by-id?eventId=${id}`,
      `/api/event/${id}/bands`,
      `/api/event/${id}/performers`,
      `/api/event/${id}/payment-method`,
      `/api/event/${id}/sector`,
      `/api/ticket-types-extra-products?eventId=${id}`,
      `/api/v2/event/id/${id}/ticket-type`,
      `/api/v2/event/id/${id}/extra-products`,
      `/api/v2/event/id/${id}/org-partner`,
      `/api/v2/event/id/${id}/event-group`,
      `/api/v2/event/id/${id}/ticket/price-range`,
    ]);
    for (const path of paths) {
      const all = await svc.request(path, { headers: { "X-Languages": "cs,en,de,sk" } });
      expect(all.status).toBe(200);
      const languages = (all.body as { languages: Record<string, unknown> }).languages;
      for (const lang of ["cs", "en", "de", "sk"]) {
        const one = await svc.request(path, { lang });
        expect(one.status).toBe(200);
        expect(languages[lang]).toEqual(one.body);
      }
    }
  });
});
