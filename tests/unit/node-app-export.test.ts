/**
 * The publisher renders pages through the node adapter's `app` (scripts/lib/node-app-export.ts exports it from
 * the server build; src/server/releases.ts `loadPageRenderer` calls it). The transform is checked on the
 * installed adapter's own entry; the renderer on a stand-in build whose app answers what it was asked.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exportNodeApp } from "../../scripts/lib/node-app-export.ts";
import { loadPageRenderer } from "../../src/server/releases.ts";

const require = createRequire(import.meta.url);
const adapterEntry = join(dirname(require.resolve("@astrojs/node/package.json")), "dist", "server.js");

describe("the adapter's app, exported", () => {
  it("adds the app to the installed adapter's exports and leaves every other module alone", () => {
    const code = readFileSync(adapterEntry, "utf8");
    const out = exportNodeApp(code, adapterEntry);
    expect(out?.startsWith(code)).toBe(true);
    expect(out?.slice(code.length).trim()).toBe("export { app };");
    expect(exportNodeApp(code, "/repo/src/server/app.ts")).toBeUndefined();
  });

  it("stops the build when the adapter no longer makes its app so", () => {
    const changed = "const application = createApp();\nexport { handler };";
    expect(() => exportNodeApp(changed, adapterEntry)).toThrow(/no longer makes "const app"/);
  });
});

describe("a build's page renderer", () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-renderer-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("renders a page through the app, with the request's locals, and answers 404 where no route matches", async () => {
    mkdirSync(join(dir, "with-app", "server"), { recursive: true });
    writeFileSync(
      join(dir, "with-app", "server", "entry.mjs"),
      `export const handler = () => {};
export const app = {
  match: (request) => (new URL(request.url).pathname === "/missing/" ? undefined : { route: "/[slug]/" }),
  render: async (request, { locals, routeData }) =>
    new Response(JSON.stringify({ url: request.url, method: request.method, locals, routeData })),
};`,
    );
    const render = await loadPageRenderer(join(dir, "with-app"), "shop.example");
    expect(render).toBeDefined();
    const page = await render?.("/concert/", { publishing: { now: 1 } });
    expect(await page?.json()).toEqual({
      url: "http://shop.example/concert/",
      method: "GET",
      locals: { publishing: { now: 1 } },
      routeData: { route: "/[slug]/" },
    });
    expect((await render?.("/missing/", {}))?.status).toBe(404);
  });

  it("refuses a build without the app, and finds none in a folder without a server build", async () => {
    mkdirSync(join(dir, "handler-only", "server"), { recursive: true });
    writeFileSync(join(dir, "handler-only", "server", "entry.mjs"), "export const handler = () => {};");
    await expect(loadPageRenderer(join(dir, "handler-only"), "shop.example")).rejects.toThrow(
      /exports no app/,
    );
    expect(await loadPageRenderer(join(dir, "empty"), "shop.example")).toBeUndefined();
  });
});
