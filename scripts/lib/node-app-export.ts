/**
 * The server build also exports the node adapter's `app` (Astro's `App`), beside the `handler` it exports
 * for Node servers. The publisher renders each page with `app.render(request)` (`src/server/releases.ts`),
 * not through `handler`: that handler turns a Node request into a fetch `Request` and writes the page's
 * `Response` back into a Node response, which the publisher would only turn into a `Response` again
 * (src/server/node-handler.ts). The storefront's server keeps serving through `handler`.
 */

/** The adapter's server entry, whose `app` is exported too. */
const NODE_SERVER_ENTRY = /[\\/]@astrojs[\\/]node[\\/]dist[\\/]server\.js$/;

/** Adds `export { app }` to the adapter's server entry (a module that makes `app` but exports only what Node needs). */
export function exportNodeApp(code: string, id: string): string | undefined {
  if (!NODE_SERVER_ENTRY.test(id)) return undefined;
  if (!/^const app = /m.test(code)) {
    throw new Error(
      `${id} no longer makes "const app": the publisher cannot render through the adapter's app`,
    );
  }
  return `${code}\nexport { app };\n`;
}

/** The Vite plugin (server builds only: the browser never imports the adapter). */
export function nodeAppExport() {
  return {
    name: "vstupio:node-app-export",
    transform(code: string, id: string) {
      const out = exportNodeApp(code, id);
      return out === undefined ? undefined : { code: out, map: null };
    },
  };
}
