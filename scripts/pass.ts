/**
 * Operator commands of the reference pass service: `npm run pass -- <command>`.
 *   serve                 runs the service (PASS_PORT, DATABASE_URL or PGLITE_DIR from the environment)
 *   seed                  replaces the catalog with the demo catalog (dates relative to today)
 *   import <file.json>    replaces the catalog with a catalog file (format: src/pass-service/catalog/schema.ts)
 *   export-demo [file]    writes the demo catalog as JSON (to stdout without a file)
 *   bank:receive <variable symbol> <amount> [--currency CZK] [--transaction <id>]
 *                         records an incoming bank transfer (amount in crowns/euros, e.g. 1290 or 1290.50):
 *                         it pays the order whose number is the variable symbol. Sent, signed, to the running
 *                         service (PASS_API_URL, else PASS_HOST:PASS_PORT); applied to the database directly
 *                         when no service runs. Exit code 0 when the order is paid, 1 when the transfer is
 *                         only recorded (underpaid, unknown symbol, another currency, closed order).
 */
import { writeFileSync } from "node:fs";
import type { Database } from "../src/pass-service/db/index.ts";

// Each command loads the modules it needs when it runs: a wrong command or a bad file is told at once.
const [command, ...args] = process.argv.slice(2);

/** Opens and migrates the configured database for a one-off command. */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const { parseServiceEnv } = await import("../src/pass-service/env.ts");
  const { openDatabase } = await import("../src/pass-service/db/index.ts");
  const env = parseServiceEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.PGLITE_DIR });
  try {
    return await database.startupLock(async () => {
      await database.migrate();
      return work(database);
    });
  } finally {
    await database.close();
  }
}

function usage(): never {
  console.error(
    "usage: npm run pass -- serve | seed | import <catalog.json> | export-demo [file.json]\n" +
      "       npm run pass -- bank:receive <variable symbol> <amount> [--currency CZK] [--transaction <id>]",
  );
  process.exit(2);
}

try {
  switch (command) {
    case "serve": {
      const { startPassService } = await import("../src/pass-service/server.ts");
      const service = await startPassService();
      console.log(`Pass service: ${service.url}/  (OpenAPI: ${service.url}/openapi.json)`);
      const stop = () => void service.close().then(() => process.exit(0));
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
      break;
    }
    case "seed": {
      const { seedDemoCatalog } = await import("../src/pass-service/catalog/seed.ts");
      const { systemClock } = await import("../src/pass-service/clock.ts");
      const summary = await withDatabase((database) => seedDemoCatalog(database, systemClock));
      console.log("Demo catalog loaded:", summary);
      break;
    }
    case "import": {
      const path = args[0];
      if (!path) usage();
      // The file is read and checked before the database is opened.
      const { readCatalogFile } = await import("../src/pass-service/catalog/file.ts");
      const file = await readCatalogFile(path);
      const { importCatalogFile } = await import("../src/pass-service/catalog/seed.ts");
      const { systemClock } = await import("../src/pass-service/clock.ts");
      const summary = await withDatabase((database) => importCatalogFile(database, file, systemClock));
      console.log(`Catalog ${path} imported:`, summary);
      break;
    }
    case "export-demo": {
      const { demoCatalog } = await import("../src/pass-service/catalog/demo.ts");
      const json = `${JSON.stringify(demoCatalog(new Date()), null, 2)}\n`;
      if (args[0]) writeFileSync(args[0], json);
      else process.stdout.write(json);
      break;
    }
    case "bank:receive": {
      const { receiveBankTransfer } = await import("./lib/bank.ts");
      const code = await receiveBankTransfer(args, withDatabase);
      if (code === "usage") usage();
      process.exitCode = code;
      break;
    }
    default:
      usage();
  }
} catch (error) {
  const { CatalogError } = await import("../src/pass-service/catalog/schema.ts");
  if (error instanceof CatalogError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
