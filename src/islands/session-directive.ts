/**
 * The `client:session` directive (registered in astro.config.mjs): an island hydrates only when the session
 * marker cookie exists, so a page with it loads no script at all for anonymous visitors (Astro inlines the
 * directive; the island's code is fetched only on hydration).
 */
import type { ClientDirective } from "astro";
import { hasSessionMarker } from "../lib/session-marker.ts";

/** Hydrates the island when the page has a session marker; otherwise leaves it as rendered (empty). */
const sessionDirective: ClientDirective = async (load) => {
  if (!hasSessionMarker(document.cookie)) return;
  const hydrate = await load();
  await hydrate();
};

export default sessionDirective;
