import { defineConfig } from "vitest/config";

/**
 * Worker processes of each project: two, as many as this project's 2-core machines have (Vitest's default
 * leaves one core idle there; the unit tests alone took 103 s with one and 64 s with two).
 */
const WORKERS = 2;

/**
 * Three projects: unit tests; the API suite against the service on PGlite; the same API suite against a
 * PostgreSQL server (a throwaway cluster started by the global setup, or TEST_DATABASE_URL).
 *
 * The API files share the modules of their worker process (`isolate: false`): each file starts its own
 * service, database and servers and closes them, and a file that changes `process.env` puts it back. Loading
 * the service's modules again for every file took about half of these projects' time.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: "api-pglite",
          include: ["tests/api/**/*.test.ts"],
          exclude: ["tests/api/**/*.pg.test.ts"],
          env: { TEST_DB: "pglite" },
          globalSetup: ["tests/api/support/pglite-template.ts"],
          pool: "forks",
          isolate: false,
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "api-postgres",
          include: ["tests/api/**/*.test.ts"],
          env: { TEST_DB: "postgres" },
          globalSetup: ["tests/api/support/postgres-setup.ts"],
          pool: "forks",
          isolate: false,
          maxWorkers: WORKERS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
