/// <reference types="astro/client" />

declare namespace Astro {
  interface ClientDirectives {
    /**
     * Hydrates the island only when the session marker cookie exists; given a sign-in path on the site (`/…`), a
     * visitor without one is sent there instead (src/islands/auth/session-directive.ts).
     */
    "client:session"?: boolean | string;
    /** Hydrates the consent island only when the visitor must choose, a tracker must run, or the settings are asked for (src/islands/consent/consent-directive.ts). */
    "client:consent"?: boolean;
    /**
     * Loads and hydrates the island when the buyer reaches it: on the first screen, within `ahead` (a `rootMargin`)
     * of it after a scroll, or by a pointer or focus inside it (src/islands/reached-directive.ts).
     */
    "client:reached"?: boolean | { ahead?: string };
    /** Loads and hydrates the staff debugger on Shift+D, only for a visitor allowed to debug (src/islands/debugger/debugger-directive.ts). */
    "client:debugger"?: boolean;
  }
}

declare namespace App {
  interface Locals {
    /** Set by the publisher when it renders a catalog page (src/middleware.ts lets only it render them). */
    publishing?: import("./client/site.ts").Publishing;
    /**
     * Set by the publisher for each page it renders: the page middleware hands it the page's bytes and answers
     * without a body (src/middleware.ts).
     */
    keepPage?: (page: Uint8Array) => void;
  }
}
