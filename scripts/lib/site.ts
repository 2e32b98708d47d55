/**
 * Building and serving the storefront: shared by `npm start`, `npm run build`, `scripts/serve.ts` and the
 * end-to-end tests. SITE_HOST picks the site (sites.config.json): the main site by default, or a white-label
 * site, each built into its own folder. The stage and its hosts (src/lib/stage-config.ts) are built into the pages.
 */

import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { currentSite, currentStageConfig } from "../../src/lib/site-config.ts";
import { isWhiteLabel, type SiteConfig } from "../../src/lib/sites.ts";
import { BUILD_STAMP as STAMP } from "../../src/server/releases.ts";

/** Repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");
/** The site this process builds or serves: SITE_HOST in the sites configuration (the main site when unset). */
export const SITE: SiteConfig = currentSite();
/** Where the site is built: OUT_DIR (relative to the repository), else dist/ or dist-sites/<host>/. */
export const DIST = resolve(
  ROOT,
  process.env.OUT_DIR || (isWhiteLabel(SITE) ? join("dist-sites", SITE.host) : "dist"),
);
/** Where the image endpoint keeps its variants: IMAGE_CACHE_DIR, else `<DIST>/image-cache` (kept across builds). */
export function imageCacheDir(): string {
  return resolve(ROOT, process.env.IMAGE_CACHE_DIR || join(DIST, "image-cache"));
}
/** The site's public origin: SITE_URL, else https://<host> for a white-label site (Astro's default otherwise). */
export const SITE_URL = process.env.SITE_URL || (isWhiteLabel(SITE) ? `https://${SITE.host}` : undefined);
/**
 * What the site is built from: its code, texts and files, and the build's plugins and publisher (scripts/lib:
 * astro.config.mjs imports the plugins).
 */
const SOURCES = [
  "src",
  "locales",
  "public",
  "astro.config.mjs",
  join("scripts", "lib"),
  "package-lock.json",
  "sites.config.json",
];

/** What a build depends on besides its sources: the caller's inputs, the site (as configured), its public origin, the stage and its hosts. */
function buildInputs(inputs: Record<string, string>): Record<string, string> {
  const { stage, hosts } = currentStageConfig();
  return {
    ...inputs,
    site: JSON.stringify(SITE),
    siteUrl: SITE_URL ?? "",
    stage,
    hosts: JSON.stringify(hosts),
  };
}

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

/**
 * True when there is no built code in `dir` (a release, or the site's folder), or a source file changed
 * since it was built, or it was built for other inputs.
 */
export function siteIsStale(inputs: Record<string, string>, dir: string): boolean {
  const stampFile = join(dir, STAMP);
  if (!existsSync(join(dir, "server", "entry.mjs")) || !existsSync(stampFile)) return true;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as {
      sourceMtime: number;
      inputs?: Record<string, string>;
    };
    if (stamp.sourceMtime < newestSourceMtime()) return true;
    return JSON.stringify(stamp.inputs ?? {}) !== JSON.stringify(buildInputs(inputs));
  } catch {
    return true;
  }
}

/** Vitest's variables (VITEST*, and DEV/PROD/MODE/SSR/BASE_URL, which would override the build's own `import.meta.env`). */
const TEST_RUNNER_VARIABLE = /^(VITEST.*|DEV|PROD|MODE|SSR|BASE_URL)$/;

/** The environment without a test runner's variables: a build started from a test is a production build. */
function withoutTestRunner(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !TEST_RUNNER_VARIABLE.test(key)));
}

/**
 * Lets the server build of a site folder outside the repository (an absolute OUT_DIR such as /srv/www/tour)
 * find its packages: its bundle imports them by name, and Node looks for them in `node_modules/` folders
 * above the importing file, so the folder gets a `node_modules` link to the repository's. A folder inside
 * the repository needs none; a real `node_modules/` folder put there by the operator is left alone.
 */
function linkDependencies(dist: string): void {
  const fromRoot = relative(ROOT, dist);
  if (!fromRoot.startsWith("..") && !isAbsolute(fromRoot)) return;
  const link = join(dist, "node_modules");
  const target = join(ROOT, "node_modules");
  mkdirSync(dist, { recursive: true });
  const existing = lstatSync(link, { throwIfNoEntry: false });
  if (existing && !existing.isSymbolicLink()) return;
  if (existing && readlinkSync(link) === target) return;
  rmSync(link, { force: true });
  symlinkSync(target, link, "dir");
}

/** V8 limits of `astro build`: the old generation (MB) and each young semi-space (MB). */
const BUILD_HEAP_OPTIONS = "--max-old-space-size=512 --max-semi-space-size=4";

/**
 * Runs `astro build` for the site into `outDir` (a release being made), with the given environment, and
 * records what it was built from. It bundles the code and pre-renders the pages without catalog data.
 */
export async function buildSite(
  env: Record<string, string>,
  inputs: Record<string, string>,
  outDir: string,
): Promise<void> {
  const sourceMtime = newestSourceMtime();
  linkDependencies(DIST);
  const astroBin = join(ROOT, "node_modules", "astro", "bin", "astro.mjs");
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [astroBin, "build"], {
      cwd: ROOT,
      env: {
        ...withoutTestRunner(process.env),
        ...env,
        // A production build, also when a test runner started the process.
        NODE_ENV: "production",
        // V8 grows its heap lazily when nothing limits it: about 1 GB resident for a build whose live heap
        // is under 256 MB. With these limits it stays near 0.7 GB (a publish within 1 GB) for 0.5 s more.
        NODE_OPTIONS: [process.env.NODE_OPTIONS, BUILD_HEAP_OPTIONS].filter(Boolean).join(" "),
        OUT_DIR: outDir,
        ...(SITE_URL ? { SITE_URL } : {}),
      },
      stdio: "inherit",
    });
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0 ? done() : fail(new Error(`astro build exited with code ${code}`)),
    );
  });
  writeFileSync(
    join(outDir, STAMP),
    JSON.stringify({ sourceMtime, inputs: buildInputs(inputs), builtAt: new Date().toISOString() }),
  );
}

/**
 * Starts the storefront's production server (`scripts/serve.ts`: files with cache headers, compression,
 * security headers, Astro's handler for on-demand pages) on the built site, and resolves once it answers.
 */
export async function serveSite(opts: {
  host: string;
  port: number;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, "scripts", "serve.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...opts.env,
      HOST: opts.host,
      PORT: String(opts.port),
      OUT_DIR: DIST,
      SERVE_PARENT_PID: String(process.pid),
    },
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
