/** Global setup of the api-postgres project: one throwaway PostgreSQL server for the whole run. */
import type { TestProject } from "vitest/node";
import { startTestPostgres } from "../../support/postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/** Starts the server before the suite and stops it after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pg = await startTestPostgres();
  if (!pg) {
    throw new Error(
      "The api-postgres tests need PostgreSQL: install it (Debian: apt-get install -y postgresql) or set TEST_DATABASE_URL",
    );
  }
  project.provide("pgAdminUrl", pg.adminUrl);
  return () => pg.stop();
}
