/** Building and serving the storefront: shared by `npm start`, `npm run build` and the end-to-end tests. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** Repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");
/** Where the site is built: OUT_DIR (relative to the repository) or dist/. */
const DIST = resolve(ROOT, process.env.OUT_DIR ?? "dist");
const STAMP = join(DIST, ".build-stamp.json");
const SOURCES = ["src", "locales", "public", "astro.config.mjs", "package-lock.json"];

/** Newest modification time (ms) of the files the site is built from. */
export function newestSourceMtime(): number {
  let newest = 0;
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const source of SOURCES) visit(join(ROOT, source));
  return newest;
}

/** True when there is no built site, or a source file changed since it was built, or it was built for other inputs. */
export function siteIsStale(inputs: Record<string, string> = {}): boolean {
  if (!existsSync(join(DIST, "server", "entry.mjs")) || !existsSync(STAMP)) return true;
  try {
    const stamp = JSON.parse(readFileSync(STAMP, "utf8")) as {
      sourceMtime: number;
      inputs?: Record<string, string>;
    };
    if (stamp.sourceMtime < newestSourceMtime()) return true;
    return JSON.stringify(stamp.inputs ?? {}) !== JSON.stringify(inputs);
  } catch {
    return true;
  }
}

/** Runs `astro build` in a child process with the given environment and records what it was built from. */
export async function buildSite(
  env: Record<string, string> = {},
  inputs: Record<string, string> = {},
): Promise<void> {
  const sourceMtime = newestSourceMtime();
  const astroBin = join(ROOT, "node_modules", "astro", "bin", "astro.mjs");
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [astroBin, "build"], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: "inherit",
    });
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0 ? done() : fail(new Error(`astro build exited with code ${code}`)),
    );
  });
  writeFileSync(STAMP, JSON.stringify({ sourceMtime, inputs, builtAt: new Date().toISOString() }));
}

/** Starts the built storefront server (@astrojs/node standalone) and resolves once it answers. */
export async function serveSite(opts: {
  host: string;
  port: number;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(DIST, "server", "entry.mjs")], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, HOST: opts.host, PORT: String(opts.port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://${opts.host}:${opts.port}/`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`storefront server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill("SIGTERM");
  throw new Error(`storefront server did not answer at ${url} within 30 s`);
}
