/**
 * The Vitest configuration of a mutation run: only the tests of one module group (`MUTATION_GROUP`, see
 * groups.json; every group's when unset), API tests on PGlite. Stryker starts Vitest with it once per test-runner process.
 */
import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const groups = JSON.parse(readFileSync(new URL("./groups.json", import.meta.url), "utf8")) as Record<
  string,
  { tests: string[] }
>;
const name = process.env.MUTATION_GROUP || "all";
const group =
  name === "all" ? { tests: [...new Set(Object.values(groups).flatMap((g) => g.tests))] } : groups[name];
if (!group) throw new Error(`MUTATION_GROUP must name a group of tests/mutation/groups.json, not "${name}"`);

export default defineConfig({
  test: {
    include: group.tests,
    environment: "node",
    env: { TEST_DB: "pglite" },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
