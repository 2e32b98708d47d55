/**
 * An event page paints its first screen whole, in every locale: the browser draws nothing before the tickets
 * section (the end of the first screen, after the title, facts, buy button and poster) is parsed. Without
 * that, on Lighthouse's phone (CPU slowed four times) the parser gives the main thread back early, the first
 * frame shows the header alone, and the rest of the page is laid out in one long task after it. A frame's
 * `requestAnimationFrame` callbacks run only when the page may render, so the first one sees what the first
 * paint shows.
 */
import { expect, test } from "@playwright/test";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import { samplePath } from "./support/site.ts";

declare global {
  interface Window {
    /** What the document held when its first frame was about to render (set by the init script). */
    firstFrame?: { tickets: boolean };
  }
}

test.use({ viewport: { width: 412, height: 823 } });

for (const locale of LOCALES) {
  test(`${locale}: the event page's first frame already holds its tickets section`, async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const path = await samplePath(baseURL, "event", locale);
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        window.firstFrame = { tickets: document.getElementById("tickets") !== null };
      });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => window.firstFrame)).toEqual({ tickets: true });
  });
}
