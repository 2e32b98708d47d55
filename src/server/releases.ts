/**
 * Serving a site folder that holds releases (`releases/<id>/{client,server}` and the `current` link the
 * publisher switches atomically): the link is read at most once a second, and a switch serves the new
 * release's files at once; its server build is imported when its code differs from the loaded one (the
 * `.build-stamp.json` of the build), under its own module URL, and again when the release it was imported
 * from has been pruned. A folder without releases (a plain
 * `client/` + `server/` build) is served as it is.
 */
import { existsSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServedSite } from "./app.ts";
import type { NodeHandler } from "./node-handler.ts";

/** The link to the release being served, in a site folder. */
export const CURRENT_LINK = "current";
/** The folder of a site folder's releases. */
export const RELEASES_DIR = "releases";
/** The file of a build recording what its code was built from. */
export const BUILD_STAMP = ".build-stamp.json";

/** How often the `current` link is read again (ms). */
const LINK_CHECK_MS = 1000;

/** Astro's `App` of a server build, as far as the publisher uses it. */
interface AstroApp {
  match(request: Request, allowPrerenderedRoutes?: boolean): unknown;
  render(request: Request, options?: { locals?: object; routeData?: unknown }): Promise<Response>;
}

/** What a server build's entry exports: the Node handler, and Astro's app (scripts/lib/node-app-export.ts). */
interface ServerEntry {
  handler?: NodeHandler;
  app?: AstroApp;
}

/**
 * Imports a build's server entry (without letting it start its own server). A build always runs with
 * `NODE_ENV=production`: the packages it imports at run time (Preact's server renderer and the libraries islands use) would otherwise
 * load their development builds, several times slower and with development-only checks.
 */
async function importServerEntry(
  buildDir: string,
): Promise<{ entry: string; module: ServerEntry } | undefined> {
  const entry = join(buildDir, "server", "entry.mjs");
  if (!existsSync(entry)) return undefined;
  process.env.ASTRO_NODE_AUTOSTART = "disabled";
  process.env.NODE_ENV = "production";
  return { entry, module: (await import(pathToFileURL(entry).href)) as ServerEntry };
}

/** Loads Astro's Node handler from a build (undefined if the folder holds no server build). */
export async function loadAstroHandler(buildDir: string): Promise<NodeHandler | undefined> {
  const loaded = await importServerEntry(buildDir);
  if (!loaded) return undefined;
  if (typeof loaded.module.handler !== "function") throw new Error(`${loaded.entry} exports no handler`);
  return loaded.module.handler;
}

/** Renders the page of a path with the request's `locals` (a GET, as the publisher asks for each page). */
export type PageRenderer = (path: string, locals: object) => Promise<Response>;

/**
 * A build's page renderer for the publisher: Astro's app renders a `Request` it is handed, and its `Response` is
 * the page, with no Node request and response between (src/server/node-handler.ts). A path no route matches
 * answers 404. Undefined if the folder holds no server build.
 */
export async function loadPageRenderer(buildDir: string, host: string): Promise<PageRenderer | undefined> {
  const loaded = await importServerEntry(buildDir);
  if (!loaded) return undefined;
  const app = loaded.module.app;
  if (typeof app?.render !== "function") throw new Error(`${loaded.entry} exports no app`);
  const origin = `http://${host}`;
  return (path, locals) => {
    const request = new Request(`${origin}${path}`);
    const routeData = app.match(request, true);
    if (!routeData) return Promise.resolve(new Response(null, { status: 404 }));
    return app.render(request, { locals, routeData });
  };
}

function readStamp(buildDir: string): string {
  try {
    return readFileSync(join(buildDir, BUILD_STAMP), "utf8");
  } catch {
    return "";
  }
}

/** The release a site folder serves now: resolved through `current`, or the folder itself (old layout). */
export function servedRelease(distDir: string): string {
  try {
    return realpathSync(resolve(distDir, readlinkSync(join(distDir, CURRENT_LINK))));
  } catch {
    return distDir;
  }
}

/** What a site folder serves, per request: follows `current` (checked at most once a second). */
export function followReleases(distDir: string): () => Promise<ServedSite> {
  let checkedAt = 0;
  let release = "";
  let site: Promise<ServedSite> | undefined;
  let code: { stamp: string; dir: string; handler: Promise<NodeHandler | undefined> } | undefined;
  return () => {
    const now = Date.now();
    if (site && now - checkedAt < LINK_CHECK_MS) return site;
    checkedAt = now;
    const next = servedRelease(distDir);
    if (site && next === release) return site;
    release = next;
    const stamp = readStamp(next);
    // Also when the release the code was imported from is gone (pruned): its chunks not yet imported
    // would be missing, so the same code is imported again from the release served now.
    if (!code || code.stamp !== stamp || stamp === "" || !existsSync(join(code.dir, "server"))) {
      code = { stamp, dir: next, handler: loadAstroHandler(next) };
    }
    const handler = code.handler;
    site = handler.then((astroHandler) => ({ clientDir: join(next, "client"), astroHandler }));
    return site;
  };
}
