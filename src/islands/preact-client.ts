/**
 * The browser entry of every island's renderer: Preact's Astro client, with the islands' effect timing set
 * first (effects-timing.ts), each island's hydration started in a task of its own (hydration-tasks.ts), and
 * the island's `<Later>` parts hydrated in tasks after it (later.tsx).
 * `islandClient()` in scripts/lib/island-renderer.ts points Astro's renderer here.
 */
import "./effects-timing.ts";
import preactClient from "@astrojs/preact/client.js";
import { beforeHydration } from "./hydration-tasks.ts";
import { formatsWhenStarting, isStyledByPage } from "./island-start.ts";
import { whileHydrating } from "./later.tsx";

type Hydrator = ReturnType<typeof preactClient>;

export default (element: HTMLElement) =>
  async (...args: Parameters<Hydrator>): Promise<void> => {
    await beforeHydration(document, {
      formats: formatsWhenStarting(args[0]),
      styled: isStyledByPage(args[0]),
    });
    await whileHydrating(() => preactClient(element)(...args));
  };
