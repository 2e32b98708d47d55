/**
 * The `client:session` directive (registered in astro.config.mjs): an island with it hydrates only when the
 * session marker cookie exists, or once a sign-in on the page starts a session: pages load no session code
 * (and request no script at all) for anonymous visitors. Given a path (`client:session={signInPath}`), the
 * island is for accounts only: without the marker the page is replaced by that path at once, before any of
 * its scripts load.
 */
import type { ClientDirective } from "astro";
import { hasSessionMarker, SESSION_STARTED_EVENT } from "../../lib/session-marker.ts";

/** Hydrates the island at once when a session exists, else signs in or waits for a session to start. */
const sessionDirective: ClientDirective = (load, opts) => {
  const hydrate = async () => (await load())();
  if (hasSessionMarker(document.cookie)) void hydrate();
  else if (typeof opts.value === "string" && /^\/(?![/\\])/.test(opts.value)) location.replace(opts.value);
  else window.addEventListener(SESSION_STARTED_EVENT, () => void hydrate(), { once: true });
};

export default sessionDirective;
