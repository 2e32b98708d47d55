/**
 * The pass service a benchmark measures against: PGlite in a folder of its own (whatever DATABASE_URL says),
 * no demo seed (the benchmark imports its catalog), answers not re-checked against the contract.
 */
import { join } from "node:path";
import type { ServiceLogger } from "../../../src/pass-service/logger.ts";
import { type RunningService, startPassService } from "../../../src/pass-service/server.ts";

/** Starts the service on a free loopback port with its database under `work`. */
export function startBenchService(work: string, logger: ServiceLogger): Promise<RunningService> {
  return startPassService({
    port: 0,
    host: "127.0.0.1",
    dataDir: join(work, "pglite"),
    databaseUrl: "",
    seed: false,
    logger,
    settings: { checkResponses: false },
  });
}
