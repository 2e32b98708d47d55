/**
 * The `client:debugger` directive (registered in astro.config.mjs) of the staff debugger: the page carries
 * only this listener. On Shift+D it asks whether this visitor may debug — anyone outside production; in
 * production only when the storefront server's `GET /api/auth/user` answers `debugAllowed` for the
 * signed-in account (`lib/debug-access.ts`) — and only then loads the debugger's code and hydrates it.
 * Anonymous visitors on production never request it: without the session marker nothing is asked.
 */
import type { ClientDirective } from "astro";
import { isStage } from "../../lib/config.ts";
import { debugNeedsStaff } from "../../lib/debug-access.ts";
import { hasSessionMarker } from "../../lib/session-marker.ts";
import { isDebuggerShortcut } from "./shortcut.ts";

/** True when the storefront server says the signed-in account may debug. */
async function staffSignedIn(): Promise<boolean> {
  if (!hasSessionMarker(document.cookie)) return false;
  try {
    const res = await fetch("/api/auth/user", {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    return res.ok && ((await res.json()) as { debugAllowed?: unknown }).debugAllowed === true;
  } catch {
    return false;
  }
}

/** True when this visitor may open the debugger on this page's stage. */
function allowed(): Promise<boolean> | boolean {
  const stage = document.documentElement.dataset.stage;
  // A page that names no known stage is treated as production: only staff.
  return isStage(stage) && !debugNeedsStaff(stage) ? true : staffSignedIn();
}

const debuggerDirective: ClientDirective = (load) => {
  let asking = false;
  const onKey = async (event: KeyboardEvent): Promise<void> => {
    if (asking || !isDebuggerShortcut(event)) return;
    asking = true;
    try {
      if (!(await allowed())) return;
      window.removeEventListener("keydown", onKey);
      await (await load())();
    } finally {
      asking = false;
    }
  };
  window.addEventListener("keydown", onKey);
};

export default debuggerDirective;
