/**
 * `npm start`: builds the storefront when it is missing or stale, serves it, prints the URL,
 * and stops cleanly on Ctrl-C. `--dev` runs Astro's dev server instead.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildSite, ROOT, serveSite, siteIsStale } from "./lib/site.ts";

const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 4321);
const dev = process.argv.includes("--dev");

if (dev) {
  const child = spawn(
    process.execPath,
    [join(ROOT, "node_modules/astro/bin/astro.mjs"), "dev", "--host", host, "--port", String(port)],
    {
      cwd: ROOT,
      stdio: "inherit",
    },
  );
  const stop = () => child.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => process.exit(code ?? 0));
} else {
  if (siteIsStale()) {
    console.log("Building the storefront…");
    await buildSite();
  }
  const server = await serveSite({ host, port });
  const base = `http://${host}:${port}`;
  console.log(
    `\nStorefront:  ${base}/   (en: ${base}/en/, de: ${base}/de/, sk: ${base}/sk/)\nPress Ctrl-C to stop.\n`,
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.kill("SIGTERM");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  server.on("exit", (code) => process.exit(stopping ? 0 : (code ?? 1)));
}
