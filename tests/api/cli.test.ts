/**
 * The operator commands of the pass service, run as an operator would (`node scripts/pass.ts …`) against a
 * PGlite folder of their own: export the demo catalog, import it, refuse a broken file naming the bad field,
 * and record incoming bank transfers (through a running service, or directly when none runs).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startPassService } from "../../src/pass-service/server.ts";
import { TERMS } from "./support/sales.ts";

const ROOT = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "vstupio-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `scripts/pass.ts` with its own database folder. */
function pass(...args: string[]) {
  return passWith({}, ...args);
}

/** Runs `scripts/pass.ts` without blocking, so a service in this process can answer it. */
function passAsync(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, "scripts/pass.ts"), ...args], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

/** Runs `scripts/pass.ts` with extra environment. */
function passWith(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, "scripts/pass.ts"), ...args], {
    cwd: dir,
    env: { ...process.env, PGLITE_DIR: join(dir, "db"), DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Each command starts Node and opens PGlite: slow on a loaded machine, so these tests get minutes. */
const COMMANDS = { timeout: 180_000 };

describe.runIf(process.env.TEST_DB !== "postgres")("npm run pass", COMMANDS, () => {
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
    const untouched = join(dir, "untouched-db");
    const result = passWith({ PGLITE_DIR: untouched }, "import", file);
    expect(result.code).toBe(1);
    expect(existsSync(untouched), "the database folder was not even created").toBe(false);
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

describe.runIf(process.env.TEST_DB !== "postgres")("npm run pass -- bank:receive", COMMANDS, () => {
  const secret = "cli-test-payment-secret-0123456789abcdef";
  const bankDir = join(dir, "bank-db");
  const env = { PGLITE_DIR: bankDir, PAYMENT_SECRET: secret };

  it("pays the order its variable symbol names, reports an underpayment, and works without a service", async () => {
    const service = await startPassService({
      port: 0,
      dataDir: bankDir,
      logLevel: "silent",
      settings: { paymentSecret: secret, corsOrigins: [] },
    });
    let orderId = "";
    let orderNumber = 0;
    let amount = 0;
    try {
      const eventId = "73434e4b-7a31-55cd-93fc-e38fc8629c67";
      const types = await (
        await fetch(`${service.url}/api/ticket-types-extra-products?eventId=${eventId}`)
      ).json();
      const created = await fetch(`${service.url}/api/order-create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          eventId,
          items: [{ ticketTypeId: types.ticketTypes[0].ticketTypeId, count: 1 }],
          buyer: {
            firstName: "Petr",
            lastName: "Svoboda",
            email: "petr@example.cz",
            phone: "+420777000111",
            countryId: 1,
          },
          paymentMethodId: 2,
          language: "cs",
          ...TERMS,
        }),
      });
      const { order } = await created.json();
      expect(order.status).toBe("pendingPayment");
      ({ orderId, orderNumber, amount } = order);
      const running = { ...env, PASS_API_URL: service.url };
      const major = (minor: number) => (minor / 100).toFixed(2);

      const under = await passAsync(running, "bank:receive", String(orderNumber), major(amount - 100));
      expect(under.code).toBe(1);
      expect(under.out).toContain("NOT APPLIED");
      expect(under.out).toContain(`Expected ${major(amount)} CZK`);
      const unknown = await passAsync(running, "bank:receive", "999", "10");
      expect(unknown.code).toBe(1);
      expect(unknown.out).toContain("no order has this variable symbol");
      const check = await (await fetch(`${service.url}/api/order-check?orderId=${orderId}`)).json();
      expect(check.orderStatus.status).toBe("pendingPayment");

      const full = await passAsync(running, "bank:receive", String(orderNumber), major(amount));
      expect(full.err).toBe("");
      expect(full.code).toBe(0);
      expect(full.out).toContain(`order ${orderNumber}`);
      const tickets = await (await fetch(`${service.url}/api/order-tickets?orderId=${orderId}`)).json();
      expect(tickets.tickets).toHaveLength(1);
    } finally {
      await service.close();
    }
    // No service runs now: the command applies the transfer to the database itself.
    const direct = passWith(
      { ...env, PASS_API_URL: "http://127.0.0.1:9" },
      "bank:receive",
      String(orderNumber),
      "1",
    );
    expect(direct.out).toContain("applying the transfer to the database directly");
    expect(direct.out).toContain("already paid");
    expect(direct.code).toBe(0);
  });

  it("refuses a malformed amount or currency", () => {
    const bad = passWith(env, "bank:receive", "260001", "12.345");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("Not an amount: 12.345");
    const currency = passWith(env, "bank:receive", "260001", "10", "--currency", "XYZ");
    expect(currency.code).toBe(2);
    expect(currency.err).toContain("Unknown currency: XYZ");
  });
});
