/**
 * The `client:session` directive (registered in astro.config.mjs): an island with it hydrates only when the
 * session marker cookie exists, or once a sign-in on the page starts a session: pages load no session code
 * (and request no script at all) for anonymous visitors.
 */
import type { ClientDirective } from "astro";
import { hasSessionMarker, SESSION_STARTED_EVENT } from "../../lib/session-marker.ts";

/** Hydrates the island at once when a session exists, else once one starts on the page (a sign-in). */
const sessionDirective: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  if (hasSessionMarker(document.cookie)) void hydrate();
  else window.addEventListener(SESSION_STARTED_EVENT, () => void hydrate(), { once: true });
};

export default sessionDirective;
