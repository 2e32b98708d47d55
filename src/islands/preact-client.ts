/**
 * The browser entry of every island's renderer: Preact's Astro client, with the islands' effect timing set
 * first (effects-timing.ts), and each island's hydration started in a task of its own (hydration-tasks.ts).
 * `islandClient()` in scripts/lib/island-renderer.ts points Astro's renderer here.
 */
import "./effects-timing.ts";
import preactClient from "@astrojs/preact/client.js";
import { beforeHydration } from "./hydration-tasks.ts";
import { formatsWhenStarting } from "./intl-start.ts";

type Hydrator = ReturnType<typeof preactClient>;

export default (element: HTMLElement) =>
  async (...args: Parameters<Hydrator>): Promise<void> => {
    await beforeHydration(document, formatsWhenStarting(args[0]));
    await preactClient(element)(...args);
  };
