/**
 * The Vitest configuration of a mutation run: only the tests of one module group (`MUTATION_GROUP`, see
 * groups.json; every group's when unset). API tests run on PGlite, or on a throwaway PostgreSQL server for a
 * group with `"db": "postgres"` (rules only concurrency reaches, which PGlite's one connection never shows).
 * Stryker starts Vitest with it once per test-runner process.
 */
import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const groups = JSON.parse(readFileSync(new URL("./groups.json", import.meta.url), "utf8")) as Record<
  string,
  { tests: string[]; db?: "postgres" }
>;
const name = process.env.MUTATION_GROUP || "all";
const group =
  name === "all" ? { tests: [...new Set(Object.values(groups).flatMap((g) => g.tests))] } : groups[name];
if (!group) throw new Error(`MUTATION_GROUP must name a group of tests/mutation/groups.json, not "${name}"`);

export default defineConfig({
  test: {
    include: group.tests,
    environment: "node",
    env: { TEST_DB: group.db ?? "pglite" },
    ...(group.db === "postgres" ? { globalSetup: ["tests/api/support/postgres-setup.ts"] } : {}),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
