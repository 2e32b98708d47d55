/**
 * The operator commands of the pass service, run as an operator would (`node scripts/pass.ts …`) against a
 * PGlite folder of their own: export the demo catalog, import it, refuse a broken file naming the bad field.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "vstupio-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `scripts/pass.ts` with its own database folder. */
function pass(...args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, "scripts/pass.ts"), ...args], {
    cwd: dir,
    env: { ...process.env, PGLITE_DIR: join(dir, "db"), DATABASE_URL: "", LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe.runIf(process.env.TEST_DB !== "postgres")("npm run pass", () => {
  it("exports the demo catalog, imports it, and seeds again", () => {
    const file = join(dir, "catalog.json");
    expect(pass("export-demo", file).code).toBe(0);
    const catalog = JSON.parse(readFileSync(file, "utf8"));
    expect(catalog.version).toBe(1);
    expect(catalog.events.length).toBeGreaterThanOrEqual(16);

    const imported = pass("import", file);
    expect(imported.err).toBe("");
    expect(imported.code).toBe(0);
    expect(imported.out).toContain(`events: ${catalog.events.length}`);

    const seeded = pass("seed");
    expect(seeded.code).toBe(0);
    expect(seeded.out).toContain("Demo catalog loaded");
  });

  it("refuses a broken catalog before touching the database, naming each bad field", () => {
    const file = join(dir, "broken.json");
    const catalog = JSON.parse(readFileSync(join(dir, "catalog.json"), "utf8"));
    catalog.events[0].organizerId = "00000000-0000-4000-8000-000000000000";
    catalog.ticketTypes[1].price = -5;
    writeFileSync(file, JSON.stringify(catalog));
    const result = pass("import", file);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      "events.0.organizerId: Unknown organizer 00000000-0000-4000-8000-000000000000",
    );
    expect(result.err).toMatch(/ticketTypes\.1\.price: /);
  });

  it("explains an unreadable file and a wrong command", () => {
    const missing = pass("import", join(dir, "nothing.json"));
    expect(missing.code).not.toBe(0);
    expect(missing.err).toContain("Cannot read the catalog");
    const wrong = pass("frobnicate");
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain("usage:");
  });
});
