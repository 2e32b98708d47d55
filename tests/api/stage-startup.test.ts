/**
 * The stage configuration is checked before anything starts: the storefront's server (`scripts/serve.ts`)
 * and `npm start` (`scripts/start.ts`), run as an operator runs them, exit non-zero with the message naming
 * the variable and serve nothing when it is refused; with a complete production configuration the same
 * server serves.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STAGE_HOST_VARIABLES } from "../../src/lib/stage-config.ts";
import { freePort } from "../support/ports.ts";

const ROOT = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "vstupio-stage-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});

/** A complete production configuration. */
const PRODUCTION = {
  STAGE: "production",
  API_URL: "https://api.vstupio.cz",
  PASS_PUBLIC_URL: "https://pass.vstupio.cz",
  TICKETS_API_URL: "https://tickets.vstupio.cz",
  HUB_URL: "https://hub.vstupio.cz",
};

/** Starts a script with the environment of an operator who set only `env` (and no stage variables). */
function run(script: string, env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !["STAGE", "PASS_API_URL", ...Object.values(STAGE_HOST_VARIABLES)].includes(name),
    ),
  );
  const child = spawn(process.execPath, [join(ROOT, "scripts", script)], {
    cwd: ROOT,
    env: { ...clean, HOST: "127.0.0.1", REBUILD_INTERVAL: "0", ...env },
  });
  children.push(child);
  let err = "";
  child.stderr.on("data", (chunk) => {
    err += chunk;
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  return { child, exited, stderr: () => err };
}

/** True when something answers HTTP on the port. */
async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

describe("a refused stage configuration at start-up", () => {
  const site = join(dir, "site");
  mkdirSync(join(site, "client"), { recursive: true });
  writeFileSync(join(site, "client", "index.html"), "<!doctype html><title>Vstupio</title>");

  it("ends the storefront server with code 1 and the message before it serves", async () => {
    const port = await freePort();
    const server = run("serve.ts", { STAGE: "production", OUT_DIR: site, PORT: String(port) });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain(
      "Refusing to start: the stage configuration of the production stage is invalid",
    );
    expect(server.stderr()).toContain("API_URL: missing; the production stage needs its api host");
    expect(await answers(port)).toBe(false);
  }, 30_000);

  it("names the variable of an http host on staging", async () => {
    const port = await freePort();
    const server = run("serve.ts", {
      ...PRODUCTION,
      STAGE: "staging",
      HUB_URL: "http://hub.vstupio.cz",
      OUT_DIR: site,
      PORT: String(port),
    });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain(
      "HUB_URL: must be an https:// address on the staging stage (got http://hub.vstupio.cz)",
    );
    expect(await answers(port)).toBe(false);
  }, 30_000);

  it("names a staff account id that is not a UUID", async () => {
    const port = await freePort();
    const server = run("serve.ts", {
      ...PRODUCTION,
      DEBUG_ACCOUNT_IDS: "42",
      OUT_DIR: site,
      PORT: String(port),
    });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('DEBUG_ACCOUNT_IDS: "42" is not an account id (a UUID)');
    expect(server.stderr()).not.toContain("    at ");
    expect(await answers(port)).toBe(false);
  }, 30_000);

  it("ends `npm start` before it starts the pass service, builds or serves", async () => {
    const [port, passPort] = [await freePort(), await freePort()];
    const data = join(dir, "pglite");
    const start = run("start.ts", {
      STAGE: "beta",
      PORT: String(port),
      PASS_PORT: String(passPort),
      PGLITE_DIR: data,
      OUT_DIR: join(dir, "start-out"),
    });
    expect(await start.exited).toBe(1);
    expect(start.stderr()).toContain("PASS_PUBLIC_URL: missing; the beta stage needs its pass host");
    expect(await answers(port)).toBe(false);
    expect(await answers(passPort)).toBe(false);
    expect(existsSync(data)).toBe(false);
    expect(existsSync(join(dir, "start-out"))).toBe(false);
  }, 60_000);

  it("serves with a complete production configuration", async () => {
    const port = await freePort();
    const server = run("serve.ts", { ...PRODUCTION, OUT_DIR: site, PORT: String(port) });
    const deadline = Date.now() + 20_000;
    while (!(await answers(port)) && server.child.exitCode === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(await page.text()).toContain("<title>Vstupio</title>");
    expect(page.headers.get("content-security-policy")).toContain("https://pass.vstupio.cz");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 30_000);
});
