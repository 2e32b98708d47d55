// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { IMAGE_SMALL_SIZES, IMAGE_WIDTHS } from "./src/lib/constants.ts";
import { DEFAULT_LOCALE, LOCALES } from "./src/lib/i18n/config.ts";
import { DEFAULT_PORT, siteUrlFromEnv } from "./src/lib/site-config.ts";

/** Public origin of the site; used for canonical URLs, hreflang and the sitemap. */
const site = siteUrlFromEnv(process.env);

/** The pass service whose images pages show: Astro's image pipeline may fetch and resize them at build time. */
const passUrl = process.env.PASS_API_URL ? new URL(process.env.PASS_API_URL) : undefined;

export default defineConfig({
  site,
  // A build per site or per test server: OUT_DIR keeps them apart (default dist/).
  outDir: process.env.OUT_DIR ?? "./dist",
  output: "static",
  // The storefront server (src/server/) serves the files; the handler renders pages (and the publisher passes locals).
  adapter: node({ mode: "middleware" }),
  integrations: [
    react(),
    {
      // `client:session`: islands that hydrate only when a session exists (the header's session entry).
      name: "session-directive",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) =>
          addClientDirective({ name: "session", entrypoint: "./src/islands/auth/session-directive.ts" }),
      },
    },
    {
      // `client:consent`: the consent island loads only when the visitor must choose, when a tracker must
      // run, or when the visitor asks for the cookie settings.
      name: "consent-directive",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) =>
          addClientDirective({ name: "consent", entrypoint: "./src/islands/consent/consent-directive.ts" }),
      },
    },
  ],
  i18n: {
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  trailingSlash: "ignore",
  image: {
    // Image widths of the storefront (spec §9): the small sizes, then the large ones.
    breakpoints: [...IMAGE_SMALL_SIZES, ...IMAGE_WIDTHS],
    remotePatterns: passUrl
      ? [{ protocol: passUrl.protocol.replace(":", ""), hostname: passUrl.hostname, port: passUrl.port }]
      : [],
  },
  vite: {
    plugins: [tailwindcss()],
  },
  server: { port: Number(process.env.PORT ?? DEFAULT_PORT), host: process.env.HOST ?? "127.0.0.1" },
});
