/// <reference types="astro/client" />

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrates the island only when the session marker cookie exists (src/islands/auth/session-directive.ts). */
    "client:session"?: boolean;
  }
}
