/**
 * Global setup of the api-pglite project: one migrated database with the demo catalog, dumped to a file once
 * per run, that every test service on PGlite starts from (`startTestService`) instead of creating, migrating
 * and seeding its own (about 5 s each, most of an API test file's time).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { seedDemoCatalog } from "../../../src/pass-service/catalog/seed.ts";
import { systemClock } from "../../../src/pass-service/clock.ts";
import { pgliteDatabase } from "../../../src/pass-service/db/index.ts";

/** The dump and the moment its demo catalog was seeded for (its dates are relative to it). */
export interface PgliteTemplate {
  file: string;
  seededAt: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: PgliteTemplate;
  }
}

/** Makes the template before the suite and removes it after. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "vstupio-pglite-template-"));
  const client = new PGlite();
  const database = pgliteDatabase(client);
  await database.migrate();
  const seededAt = systemClock.now();
  await seedDemoCatalog(database, { now: () => seededAt });
  const dump = await client.dumpDataDir("none");
  await database.close();
  const file = join(dir, "demo.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", { file, seededAt: seededAt.toISOString() });
  return () => rmSync(dir, { recursive: true, force: true });
}
