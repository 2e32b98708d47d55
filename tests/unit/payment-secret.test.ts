/**
 * The payment secret (signs gateway callbacks and bank notifications): at least 32 bytes from any source,
 * a generated file written atomically (first writer wins, mode 0600), kept beside the data folder but never
 * in a folder shared with other users, and refused when others can read it.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServiceEnv, paymentSecret, paymentSecretFile } from "../../src/pass-service/env.ts";
import { startPassService } from "../../src/pass-service/server.ts";

const ROOT = join(import.meta.dirname, "..", "..");
let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "vstupio-secret-"));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A fresh data root of the test's own, and the environment of a service whose PGlite folder is in it. */
function dataRoot(name: string) {
  const root = join(base, name);
  mkdirSync(root, { mode: 0o700 });
  return { root, env: parseServiceEnv({ PGLITE_DIR: join(root, "pglite") }) };
}

describe("the payment secret", () => {
  it("is refused under 32 bytes from the environment or the settings", async () => {
    expect(() => parseServiceEnv({ PAYMENT_SECRET: "x".repeat(31) })).toThrow(/PAYMENT_SECRET: .*32/);
    expect(parseServiceEnv({ PAYMENT_SECRET: "x".repeat(32) }).PAYMENT_SECRET).toHaveLength(32);
    await expect(
      startPassService({
        port: 0,
        dataDir: "memory",
        seed: false,
        logLevel: "silent",
        settings: { paymentSecret: "short" },
      }),
    ).rejects.toThrow(/payment secret .*at least 32 bytes/);
  });

  it("is made once in the data root: 32 random bytes or more, readable by its owner only", () => {
    const { root, env } = dataRoot("fresh");
    expect(paymentSecretFile(env)).toBe(join(root, "payment-secret"));
    const secret = paymentSecret(env);
    expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(32);
    expect(statSync(join(root, "payment-secret")).mode & 0o777).toBe(0o600);
    expect(paymentSecret(env)).toBe(secret);
    // No temporary file is left behind.
    expect(readdirSync(root)).toEqual(["payment-secret"]);
  });

  it("refuses an empty or short secret file, and one that group or others can read", () => {
    const { root, env } = dataRoot("weak");
    const file = join(root, "payment-secret");
    writeFileSync(file, "", { mode: 0o600 });
    expect(() => paymentSecret(env)).toThrow(/payment-secret.*0 bytes.*at least 32/s);
    writeFileSync(file, "0123456789abcdef\n");
    expect(() => paymentSecret(env)).toThrow(/16 bytes/);
    writeFileSync(file, "x".repeat(40));
    chmodSync(file, 0o644);
    expect(() => paymentSecret(env)).toThrow(/readable by group or others.*chmod 600/s);
    chmodSync(file, 0o600);
    expect(paymentSecret(env)).toBe("x".repeat(40));
  });

  it("is never kept in a folder shared with other users, such as the temp folder", () => {
    const shared = join(base, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    for (const pglite of [join(tmpdir(), "pglite"), join(shared, "pglite")]) {
      const file = paymentSecretFile(parseServiceEnv({ PGLITE_DIR: pglite }));
      expect(dirname(file)).not.toBe(tmpdir());
      expect(dirname(file)).not.toBe(shared);
      expect(file).toBe(join(ROOT, ".data", "payment-secret"));
    }
    expect(paymentSecretFile(parseServiceEnv({ PGLITE_DIR: "/srv/vstupio/pglite" }))).toBe(
      "/srv/vstupio/payment-secret",
    );
  });

  it("is the same for several processes that start at once: the first one's", async () => {
    const { root } = dataRoot("race");
    const script = `import { parseServiceEnv, paymentSecret } from ${JSON.stringify(
      join(ROOT, "src/pass-service/env.ts"),
    )}; process.stdout.write(paymentSecret(parseServiceEnv({ PGLITE_DIR: ${JSON.stringify(join(root, "pglite"))} })));`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "pipe" });
        let out = "";
        let err = "";
        child.stdout.on("data", (d) => {
          out += d;
        });
        child.stderr.on("data", (d) => {
          err += d;
        });
        child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
      });
    const secrets = await Promise.all(Array.from({ length: 6 }, run));
    expect(new Set(secrets).size).toBe(1);
    expect(paymentSecret(parseServiceEnv({ PGLITE_DIR: join(root, "pglite") }))).toBe(secrets[0]);
    expect(readdirSync(root)).toEqual(["payment-secret"]);
  });
});
