// @ts-check
import node from "@astrojs/node";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";

/** Public origin of the site; used for canonical URLs, hreflang and the sitemap. */
const site = process.env.SITE_URL ?? "http://localhost:4321";

export default defineConfig({
  site,
  output: "static",
  adapter: node({ mode: "standalone" }),
  integrations: [react()],
  i18n: {
    locales: ["cs", "en", "de", "sk"],
    defaultLocale: "cs",
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  trailingSlash: "ignore",
  vite: {
    plugins: [tailwindcss()],
  },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? "127.0.0.1" },
});
