// @ts-check
import node from "@astrojs/node";
import preact from "@astrojs/preact";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { contractTasks } from "./scripts/lib/contract-tasks.ts";
import { islandClient, islandRenderer } from "./scripts/lib/island-renderer.ts";
import { oxcJsx } from "./scripts/lib/jsx-transform.ts";
import { nodeAppExport } from "./scripts/lib/node-app-export.ts";
import { browserCodeSplitting } from "./scripts/lib/page-chunk.ts";
import { pureContract } from "./scripts/lib/pure-contract.ts";
import { serverBuildLogs } from "./scripts/lib/server-build-logs.ts";
import { DEFAULT_LOCALE, LOCALES } from "./src/lib/i18n/config.ts";
import { DEFAULT_PORT, siteUrlFromEnv } from "./src/lib/site-config.ts";

/** Public origin of the site; used for canonical URLs, hreflang and the sitemap. */
const site = siteUrlFromEnv(process.env);

export default defineConfig({
  site,
  // A build per site or per test server: OUT_DIR keeps them apart (default dist/).
  outDir: process.env.OUT_DIR ?? "./dist",
  output: "static",
  // The storefront server (src/server/) serves the files; the handler renders pages (and the publisher passes locals).
  // A page renders to one string, not a stream: the page middleware reads every page whole anyway, and a stream's
  // chunks cost each page of a publish about a tenth of its render time (tests/bench/README.md, "Publishing").
  adapter: node({ mode: "middleware", experimentalDisableStreaming: true }),
  integrations: [
    // Islands are written against React's API and rendered by Preact (preact/compat): a tenth of the runtime.
    preact({ compat: true }),
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
    {
      // `client:reached`: an island below the first screen (a seat map) loads its code when the buyer reaches it.
      name: "reached-directive",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) =>
          addClientDirective({ name: "reached", entrypoint: "./src/islands/reached-directive.ts" }),
      },
    },
    {
      // `client:debugger`: the staff debugger loads only on Shift+D, and only for a visitor allowed to debug.
      name: "debugger-directive",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) =>
          addClientDirective({
            name: "debugger",
            entrypoint: "./src/islands/debugger/debugger-directive.ts",
          }),
      },
    },
  ],
  i18n: {
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  trailingSlash: "ignore",
  // The site's stylesheet is linked; each page inlines the part it can use and links the whole without
  // blocking the first paint (src/layouts/critical-css.ts, applied by src/middleware.ts).
  build: { inlineStylesheets: "never" },
  vite: {
    // The browser bundles only the contract schemas its calls use (see scripts/lib/pure-contract.ts), and
    // evaluates each contract module in a task of its own (scripts/lib/contract-tasks.ts).
    // Server builds render each island once; the browser's islands start from src/islands/preact-client.ts
    // (see scripts/lib/island-renderer.ts). The server builds keep quiet about what they do by design
    // (scripts/lib/server-build-logs.ts). Builds compile JSX with Vite's Oxc, not Babel (scripts/lib/jsx-transform.ts). The
    // server build exports the adapter's `app` too, for the publisher (scripts/lib/node-app-export.ts).
    plugins: [
      tailwindcss(),
      oxcJsx(),
      pureContract(),
      contractTasks(),
      islandRenderer(),
      islandClient(),
      serverBuildLogs(),
      nodeAppExport(),
    ],
    // What every page hydrates at once is one chunk (see scripts/lib/page-chunk.ts).
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: browserCodeSplitting } } } },
    },
  },
  server: { port: Number(process.env.PORT ?? DEFAULT_PORT), host: process.env.HOST ?? "127.0.0.1" },
});
