/** `npm run build`: builds the storefront into dist/. */
import { buildSite } from "./lib/site.ts";

await buildSite();
