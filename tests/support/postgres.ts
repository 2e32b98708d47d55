/**
 * A throwaway PostgreSQL server for tests that need real row locking: Debian's binaries
 * (/usr/lib/postgresql/<version>/bin), a cluster in a temporary folder, a free loopback port.
 * initdb refuses to run as root, so as root the cluster is owned and run by the `postgres` user.
 * `TEST_DATABASE_URL` points the tests at an existing server instead.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "./ports.ts";

/** A running test server: its admin URL and a way to stop it. */
export interface TestPostgres {
  /** URL of the server's `postgres` database (for CREATE DATABASE). */
  adminUrl: string;
  stop(): Promise<void>;
}

/** Folder with initdb/pg_ctl of the newest installed PostgreSQL, if any. */
export function findPostgresBin(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], "bin") : undefined;
}

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root. */
function runPg(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? "runuser" : bin;
  const fullArgs = asRoot ? ["-u", "postgres", "--", bin, ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** Starts a fresh cluster (or uses TEST_DATABASE_URL); returns undefined when no PostgreSQL is installed. */
export async function startTestPostgres(): Promise<TestPostgres | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    return { adminUrl: process.env.TEST_DATABASE_URL, stop: async () => {} };
  }
  const binDir = findPostgresBin();
  if (!binDir) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "vstupio-pg-"));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const dataDir = join(dir, "data");
  const port = await freePort();
  runPg(join(binDir, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  runPg(join(binDir, "pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    join(dir, "server.log"),
    "-w",
    "-o",
    `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    "start",
  ]);
  stopWhenGone(process.pid, join(binDir, "pg_ctl"), dir);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      try {
        runPg(join(binDir, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Stops the cluster and removes its folder once the process that started it is gone without stopping it
 * (killed, as a mutation run's test runners are when Stryker replaces them), so no server is left running
 * after its tests. The watcher runs in the background of a shell that exits at once: it is nobody's child
 * then, and killing the starting process's tree does not kill it too.
 */
function stopWhenGone(ownerPid: number, pgCtl: string, dir: string): void {
  const stop = `${process.getuid?.() === 0 ? "runuser -u postgres -- " : ""}"${pgCtl}" -D "${dir}/data" -m immediate -w stop`;
  const watch = `while kill -0 ${ownerPid} 2>/dev/null; do sleep 2; done; [ -d "${dir}" ] && ${stop}; rm -rf "${dir}"`;
  spawn("sh", ["-c", `(${watch}) >/dev/null 2>&1 &`], { detached: true, stdio: "ignore" }).unref();
}

/** Creates a new empty database on the server and returns its URL. */
export async function createTestDatabase(adminUrl: string, name: string): Promise<string> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await sql.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
