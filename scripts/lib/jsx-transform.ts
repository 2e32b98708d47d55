/**
 * How builds compile JSX. `@astrojs/preact` always hands the Preact preset a Babel config (only to set Babel's
 * working folder), and with one the preset runs Babel over every module of the site, TypeScript included,
 * to compile JSX: parse, walk and print again, with a source map, in each of Astro's three builds (prerender,
 * server, browser). `oxcJsx()` turns that transform off in builds and has Vite's own compiler (Oxc), which
 * strips the types of the same modules anyway, compile JSX as the preset would without Babel: the automatic
 * runtime of `preact`. The browser's bundles come out byte for byte the same, and the code phase of a
 * publish takes about half as long. The dev server keeps Babel, which names hooks for Preact's devtools.
 */

/** The name of the Preact preset's plugin that runs Babel. */
export const PRESET_JSX_PLUGIN = "vite:preact-jsx";

/** Oxc's JSX options of a build: what the preset sets when it does not use Babel. */
export const BUILD_JSX = { runtime: "automatic", importSource: "preact" } as const;

/** The parts of Vite's resolved config the plugin reads and changes. */
interface ResolvedConfig {
  command: "build" | "serve";
  plugins: readonly { name: string; transform?: unknown }[];
}

/** The plugin: in builds, Oxc compiles JSX and the preset's Babel transform is off. */
export function oxcJsx() {
  return {
    name: "storefront:oxc-jsx",
    config(_config: unknown, env: { command: string }) {
      return env.command === "build" ? { oxc: { jsx: { ...BUILD_JSX } } } : undefined;
    },
    configResolved(config: ResolvedConfig) {
      if (config.command !== "build") return;
      const preset = config.plugins.find((plugin) => plugin.name === PRESET_JSX_PLUGIN);
      if (!preset) throw new Error(`${PRESET_JSX_PLUGIN} is missing: the Preact integration changed`);
      preset.transform = undefined;
    },
  };
}
