/// <reference types="astro/client" />

declare namespace Astro {
  /** `client:session`: hydrates only when the session marker cookie exists (src/islands/session-directive.ts). */
  interface ClientDirectives {
    "client:session"?: boolean;
  }
}
