import { defineConfig } from "vitest/config";

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
        // Two workers on a 2-core machine, as the API projects (Vitest's default leaves one core idle there).
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", maxWorkers: 2 },
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
          maxWorkers: 2,
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
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
