/**
 * Files of the site's client folder, read by the server build that renders its pages. A release holds
 * `server/` and `client/` side by side, and `astro build` renders its own pages from `server/.prerender/`
 * before it moves the assets the server build emitted (`server/_astro/`) into `client/`. So a file is looked
 * for under `client/` and as it is, beside each folder from this module's up: it moves with the release (a
 * release is made in a staging folder and renamed), and needs no configuration.
 */
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

/** The text of a client file by its URL path ("/_astro/x.css"), or undefined when there is none. */
export function readClientFile(path: string): string | undefined {
  const relative = normalize(path).replace(/^\/+/, "");
  if (relative.startsWith("..")) return undefined;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    for (const candidate of [join(dir, "client", relative), join(dir, relative)]) {
      try {
        return readFileSync(candidate, "utf8");
      } catch {
        // Not here: the next candidate, or the folder above.
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}
