/**
 * The browser entry of every island's renderer: Preact's Astro client, with the islands' effect timing set
 * first (effects-timing.ts). `islandClient()` in scripts/lib/island-renderer.ts points Astro's renderer here.
 */
import "./effects-timing.ts";

export { default } from "@astrojs/preact/client.js";
