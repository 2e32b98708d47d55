/**
 * `npm start` with an absolute OUT_DIR outside the repository, as the README shows (/srv/www/tour): the
 * publisher builds into that folder, renders the pages through its server build and serves them, so the
 * server build finds its packages there too. Runs `scripts/start.ts` as an operator does, with the site
 * folder and the embedded service's database in a temporary folder, and fetches a published page and a page
 * rendered on demand. Runs in the api-pglite project only: it does not depend on the database engine, and
 * one build per suite run is enough.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { STAGE_HOST_VARIABLES } from "../../src/lib/stage-config.ts";
import { freePort } from "../support/ports.ts";

const ROOT = join(import.meta.dirname, "../..");
const dir = realpathSync(mkdtempSync(join(tmpdir(), "vstupio-out-dir-")));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.on("exit", done));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `line` appears in the output; rejects when the process ends first. */
function waitForOutput(process: ChildProcess, output: () => string, line: string): Promise<void> {
  return new Promise((done, fail) => {
    const check = () => {
      if (output().includes(line)) done();
    };
    process.stdout?.on("data", check);
    process.stderr?.on("data", check);
    process.on("exit", (code) =>
      fail(new Error(`npm start ended with code ${code}:\n${output().slice(-4000)}`)),
    );
  });
}

describe.runIf(process.env.TEST_DB !== "postgres")("npm start with an absolute OUT_DIR", () => {
  test("publishes into a folder outside the repository and serves its pages", {
    timeout: 600_000,
  }, async () => {
    const outDir = join(dir, "srv", "www", "tour");
    expect(relative(ROOT, outDir).startsWith("..")).toBe(true);
    const [port, passPort] = [await freePort(), await freePort()];
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !["STAGE", "PASS_API_URL", "NODE_ENV", "TEST_DB", ...Object.values(STAGE_HOST_VARIABLES)].includes(
            name,
          ) && !name.startsWith("VITEST"),
      ),
    );
    child = spawn(process.execPath, [join(ROOT, "scripts", "start.ts")], {
      cwd: ROOT,
      env: {
        ...env,
        OUT_DIR: outDir,
        HOST: "127.0.0.1",
        PORT: String(port),
        PASS_PORT: String(passPort),
        PGLITE_DIR: join(dir, "pglite"),
        REBUILD_INTERVAL: "0",
        PUBLISH_WORKERS: "1",
      },
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    await waitForOutput(child, () => output, "Press Ctrl-C to stop.");

    expect(existsSync(join(outDir, "current", "server", "entry.mjs"))).toBe(true);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<html lang="cs"/);
    // Rendered on demand by the server build: an order that does not exist answers the localized 404 page.
    const order = await fetch(
      `http://127.0.0.1:${port}/event/x/y/order/00000000-0000-4000-8000-000000000000`,
    );
    expect(order.status).toBe(404);
    expect(await order.text()).toMatch(/<html lang="cs"/);
  });
});
