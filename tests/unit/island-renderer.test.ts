import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  ISLAND_RENDERER,
  ISLAND_SERVER,
  islandClient,
  islandRenderer,
  tagIsland,
} from "../../scripts/lib/island-renderer.ts";

const ISLAND =
  'import { useState } from "react";\n\nexport default function CartIsland(props: Props) {\n  return null;\n}\n';

describe("island renderer tag", () => {
  it("tags an island's default export with the islands' renderer, the way Astro reads it", () => {
    const tagged = tagIsland(ISLAND);
    expect(tagged).toBe(`${ISLAND}\nCartIsland[Symbol.for("astro:renderer")] = "@astrojs/preact";\n`);
    const CartIsland = (() => null) as (() => null) & Record<symbol, unknown>;
    new Function("CartIsland", (tagged ?? "").split("\n").at(-2) ?? "")(CartIsland);
    expect(CartIsland[Symbol.for("astro:renderer")]).toBe(ISLAND_RENDERER);
  });

  it("leaves a module without a default function export alone", () => {
    expect(tagIsland("export function Row() {}\nexport default Row;\n")).toBeNull();
    expect(tagIsland("export const x = 1;\n")).toBeNull();
  });

  it("tags islands in server builds only", () => {
    const plugin = islandRenderer();
    const server = { environment: { config: { consumer: "server" } } };
    const client = { environment: { config: { consumer: "client" } } };
    const id = "/repo/src/islands/cart/CartIsland.tsx";
    expect(plugin.transform.call(server, ISLAND, id)?.code).toContain("astro:renderer");
    expect(plugin.transform.call(server, ISLAND, `${id}?v=1`)?.code).toContain("astro:renderer");
    expect(plugin.transform.call({}, ISLAND, id, { ssr: true })?.code).toContain("astro:renderer");
    expect(plugin.transform.call(client, ISLAND, id)).toBeNull();
    expect(plugin.transform.call(server, ISLAND, "/repo/src/components/Card.tsx")).toBeNull();
    expect(plugin.transform.call(server, ISLAND, "/repo/src/islands/cart/view.ts")).toBeNull();
  });

  it("puts the storefront's server renderer in place of the package's", () => {
    const { resolveId } = islandRenderer();
    expect(ISLAND_SERVER).toBe(fileURLToPath(new URL("../../src/islands/preact-server.ts", import.meta.url)));
    expect(resolveId("@astrojs/preact/server.js")).toBe(ISLAND_SERVER);
    expect(resolveId("@astrojs/preact/client.js")).toBeNull();
    expect(resolveId("preact")).toBeNull();
  });
});

describe("island client entry", () => {
  const entry = fileURLToPath(new URL("../../src/islands/preact-client.ts", import.meta.url));

  it("puts the storefront's entry in place of the renderer's, which the storefront's entry still reaches", () => {
    const { resolveId } = islandClient();
    expect(resolveId("@astrojs/preact/client.js", "/virtual/astro-island")).toBe(entry);
    expect(resolveId("@astrojs/preact/client.js", undefined)).toBe(entry);
    expect(resolveId("@astrojs/preact/client.js", entry)).toBeNull();
    expect(resolveId("preact", "/virtual/astro-island")).toBeNull();
  });
});
