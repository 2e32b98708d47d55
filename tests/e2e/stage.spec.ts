/**
 * What a page tells its islands about the stage it was built for (`npm start` with no configuration: the
 * development stage, every host the embedded pass service): `<html data-stage>` and the public stage
 * configuration in the `#stage-config` data block, with nothing internal in it.
 */
import { expect, test } from "@playwright/test";
import packageJson from "../../package.json" with { type: "json" };
import { STAGE_CONFIG_ID } from "../../src/lib/stage-public.ts";
import { PAGE_TYPES, passUrlFor, samplePath } from "./support/site.ts";

for (const type of PAGE_TYPES) {
  test(`the ${type} page carries the public stage configuration of the development stage`, async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("no baseURL");
    await page.goto(await samplePath(baseURL, type, "en"));
    await expect(page.locator("html")).toHaveAttribute("data-stage", "development");
    const block = page.locator(`script#${STAGE_CONFIG_ID}`);
    await expect(block).toHaveAttribute("type", "application/json");
    const pass = passUrlFor(baseURL);
    expect(JSON.parse((await block.textContent()) ?? "")).toEqual({
      stage: "development",
      release: packageJson.version,
      hosts: { api: pass, pass, tickets: pass, hub: pass },
    });
  });
}
