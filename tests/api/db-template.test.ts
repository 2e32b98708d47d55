/**
 * An in-memory PGlite database started from a template (`openDatabase({ template })`, how the API tests'
 * services start from one seeded dump): it holds what the template held, migrations included, and is a copy
 * of its own: a write to it reaches neither the template nor another database started from it. Runs in
 * api-pglite only (a template is a PGlite dump).
 */
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Database, openDatabase, pgliteDatabase } from "../../src/pass-service/db/index.ts";
import { organizers } from "../../src/pass-service/db/schema.ts";

const ORGANIZER: typeof organizers.$inferInsert = {
  organizerId: "7f1c2a4e-0000-4000-8000-000000000001",
  slug: "template-organizer",
  name: {
    cs: "Pořadatel ze šablony",
    en: "Template organizer",
    de: "Veranstalter der Vorlage",
    sk: "Organizátor zo šablóny",
  },
  countryId: 1,
  digest: "d1",
  updatedAt: new Date("2026-01-01T00:00:00Z"),
};

describe.runIf(process.env.TEST_DB !== "postgres")("a PGlite database started from a template", () => {
  let template: Blob;
  const opened: Database[] = [];

  beforeAll(async () => {
    const client = new PGlite();
    const source = pgliteDatabase(client);
    await source.migrate();
    await source.db.insert(organizers).values(ORGANIZER);
    template = await client.dumpDataDir("none");
    await source.close();
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  const open = async (): Promise<Database> => {
    const database = await openDatabase({ dataDir: "memory", template });
    opened.push(database);
    return database;
  };

  test("holds the template's rows and migrations, and changes only its own copy", async () => {
    const first = await open();
    // Migrating again finds nothing to do: the template's migrations are there.
    await first.migrate();
    const slugs = async (database: Database) =>
      (await database.db.select({ slug: organizers.slug }).from(organizers)).map((r) => r.slug);
    expect(await slugs(first)).toEqual([ORGANIZER.slug]);

    await first.db
      .update(organizers)
      .set({ slug: "changed-in-one-copy" })
      .where(eq(organizers.organizerId, ORGANIZER.organizerId));
    expect(await slugs(first)).toEqual(["changed-in-one-copy"]);

    const second = await open();
    expect(await slugs(second)).toEqual([ORGANIZER.slug]);
  });

  test("without a template an in-memory database starts empty", async () => {
    const empty = await openDatabase({ dataDir: "memory" });
    opened.push(empty);
    await empty.migrate();
    expect(await empty.db.select().from(organizers)).toEqual([]);
  });
});
