/**
 * How islands render. `islandRenderer()`, a Vite plugin for the server builds: each island (the default
 * export of a `src/islands/**.tsx` module) is tagged with its renderer, so Astro renders it once. Untagged,
 * Astro asks the renderer whether a component is its own by rendering it (`check`), then renders it again
 * for the page: every island of every page was rendered twice. The renderer's server side is the
 * storefront's own (`src/islands/preact-server.ts`: island ids a cached fragment can keep). `islandClient()`,
 * for the browser: the renderer's entry is the storefront's own (`src/islands/preact-client.ts`), which sets
 * when islands' effects run and starts each island's hydration in a task of its own.
 */
import { fileURLToPath } from "node:url";

/** The renderer of every island (the name `@astrojs/preact` registers). */
export const ISLAND_RENDERER = "@astrojs/preact";

/** Island modules. */
const ISLAND_MODULE = /\/src\/islands\/.+\.tsx$/;

/** An island's default export, as the islands declare it. */
const DEFAULT_FUNCTION = /^export default function ([A-Za-z_$][\w$]*)\(/m;

/** The module with its default export tagged with the islands' renderer, or null without such an export. */
export function tagIsland(code: string): string | null {
  const name = DEFAULT_FUNCTION.exec(code)?.[1];
  if (!name) return null;
  return `${code}\n${name}[Symbol.for("astro:renderer")] = ${JSON.stringify(ISLAND_RENDERER)};\n`;
}

/** The server entry Astro's Preact renderer registers. */
const RENDERER_SERVER = "@astrojs/preact/server.js";

/** The storefront's server renderer in its place. */
export const ISLAND_SERVER = fileURLToPath(new URL("../../src/islands/preact-server.ts", import.meta.url));

/** The part of the plugin context the plugin uses. */
interface TransformContext {
  environment?: { config?: { consumer?: string } };
}

/** The plugin: tags islands in the server builds, whose renderer is the storefront's. */
export function islandRenderer() {
  return {
    name: "storefront:island-renderer",
    enforce: "pre" as const,
    resolveId(id: string): string | null {
      return id === RENDERER_SERVER ? ISLAND_SERVER : null;
    },
    transform(this: TransformContext, code: string, id: string, options?: { ssr?: boolean }) {
      const server = options?.ssr || this.environment?.config?.consumer === "server";
      if (!server || !ISLAND_MODULE.test(id.split("?")[0] ?? id)) return null;
      const tagged = tagIsland(code);
      return tagged === null ? null : { code: tagged, map: null };
    },
  };
}

/** The browser entry Astro's Preact renderer registers. */
const RENDERER_CLIENT = "@astrojs/preact/client.js";

/** The storefront's entry in its place: it imports the renderer's own. */
export const ISLAND_CLIENT = fileURLToPath(new URL("../../src/islands/preact-client.ts", import.meta.url));

/** The plugin: the renderer's browser entry resolves to the storefront's, except from the storefront's. */
export function islandClient() {
  return {
    name: "storefront:island-client",
    enforce: "pre" as const,
    resolveId(id: string, importer: string | undefined): string | null {
      return id === RENDERER_CLIENT && importer !== ISLAND_CLIENT ? ISLAND_CLIENT : null;
    },
  };
}
