import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import preact from "@astrojs/preact";
import type { AstroIntegration } from "astro";
import { build, type PluginOption, resolveConfig } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_JSX, oxcJsx, PRESET_JSX_PLUGIN } from "../../scripts/lib/jsx-transform.ts";

/** The Vite plugins `@astrojs/preact` adds to the site (as astro.config.mjs sets it up) for a command. */
function presetPlugins(command: "build" | "dev"): PluginOption[] {
  const integration: AstroIntegration = preact({ compat: true });
  let plugins: PluginOption[] = [];
  const setup = integration.hooks["astro:config:setup"] as unknown as (options: object) => void;
  setup({
    command,
    addRenderer: () => {},
    injectScript: () => {},
    updateConfig: (config: { vite?: { plugins?: PluginOption[] } }) => {
      plugins = config.vite?.plugins ?? [];
    },
  });
  return plugins;
}

const root = mkdtempSync(join(tmpdir(), "jsx-transform-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The preset's JSX plugin as Vite resolved it with the storefront's plugin, for a command. */
async function resolvedPreset(command: "build" | "serve") {
  const config = await resolveConfig(
    {
      root,
      configFile: false,
      logLevel: "silent",
      plugins: [presetPlugins(command === "build" ? "build" : "dev"), oxcJsx()],
    },
    command,
  );
  return { config, preset: config.plugins.find((plugin) => plugin.name === PRESET_JSX_PLUGIN) };
}

describe("JSX in builds (oxcJsx)", () => {
  it("turns the Preact preset's Babel transform off in a build and gives Oxc the preset's JSX options", async () => {
    const { config, preset } = await resolvedPreset("build");
    expect(preset).toBeDefined();
    expect(preset?.transform).toBeUndefined();
    const oxc = config.oxc === false ? undefined : config.oxc;
    expect(oxc?.jsx).toMatchObject(BUILD_JSX);
  });

  it("leaves the dev server's Babel transform alone", async () => {
    const { preset } = await resolvedPreset("serve");
    expect(typeof preset?.transform).toBe("function");
  });

  it("compiles a component's JSX to Preact's automatic runtime", async () => {
    writeFileSync(
      join(root, "entry.tsx"),
      'export function Hello(props: { name: string }) {\n  return <p class="hi">Hello {props.name}</p>;\n}\n',
    );
    const output = await build({
      root,
      configFile: false,
      logLevel: "silent",
      plugins: [presetPlugins("build"), oxcJsx()],
      build: {
        write: false,
        minify: false,
        lib: { entry: join(root, "entry.tsx"), formats: ["es"], fileName: "entry" },
        rolldownOptions: { external: [/^preact/] },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) =>
      "output" in o ? o.output : [],
    );
    const code = chunks.map((chunk) => ("code" in chunk ? chunk.code : "")).join("\n");
    // The development runtime here, as under Vitest Vite is not in production mode; `astro build` is.
    expect(code).toMatch(/from "preact\/jsx-(dev-)?runtime"/);
    expect(code).toContain('class: "hi"');
    expect(code).not.toContain("<p");
  });

  it("fails the build when the preset's JSX plugin is no longer there", async () => {
    await expect(
      resolveConfig({ root, configFile: false, logLevel: "silent", plugins: [oxcJsx()] }, "build"),
    ).rejects.toThrow(PRESET_JSX_PLUGIN);
  });
});
