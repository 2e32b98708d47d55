/**
 * Several service processes starting at once on one PostgreSQL database (a rolling deploy, or replicas
 * started together): the start-up lock lets one migrate and seed while the others wait, so all start and
 * the demo catalog is loaded once. Runs in the api-postgres project only.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { demoCatalog } from "../../src/pass-service/catalog/demo.ts";
import { parseCatalog } from "../../src/pass-service/catalog/schema.ts";
import { events, organizers, ticketTypes } from "../../src/pass-service/db/schema.ts";
import { createServiceLogger } from "../../src/pass-service/logger.ts";
import { type RunningService, startPassService } from "../../src/pass-service/server.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { TEST_PAYMENT_SECRET } from "./support/service.ts";

describe.runIf(process.env.TEST_DB === "postgres")("start-up on a shared PostgreSQL", () => {
  it("three services starting at once on a fresh database all start, and the catalog is loaded once", async () => {
    const databaseUrl = await createTestDatabase(
      inject("pgAdminUrl"),
      `t_${randomUUID().replaceAll("-", "")}`,
    );
    const messages: string[] = [];
    const logger = createServiceLogger("info", (line) => messages.push(JSON.parse(line).message));
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        startPassService({
          port: 0,
          host: "127.0.0.1",
          databaseUrl,
          seed: true,
          logger,
          settings: { corsOrigins: ["http://storefront.test"], paymentSecret: TEST_PAYMENT_SECRET },
        }),
      ),
    );
    const started = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    try {
      expect(results.map((r) => (r.status === "fulfilled" ? "started" : String(r.reason)))).toEqual([
        "started",
        "started",
        "started",
      ]);
      expect(messages.filter((m) => m === "demo catalog loaded")).toHaveLength(1);
      const db = (started[0] as RunningService).database.db;
      const count = async (table: typeof events | typeof organizers | typeof ticketTypes) =>
        Number((await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n);
      const catalog = parseCatalog(demoCatalog(new Date()));
      expect({
        organizers: await count(organizers),
        events: await count(events),
        ticketTypes: await count(ticketTypes),
      }).toEqual({
        organizers: catalog.organizers.length,
        events: catalog.events.length,
        ticketTypes: catalog.ticketTypes.length,
      });
      for (const service of started) {
        const res = await fetch(`${service.url}/health`);
        expect(res.status).toBe(200);
      }
    } finally {
      await Promise.all(started.map((s) => s.close()));
    }
  });
});
