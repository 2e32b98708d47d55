/**
 * The pass service's stage and payment providers: STAGE and PAYMENT_PROVIDERS from the environment (no
 * provider by default), which methods a provider takes, and the start-up refusal of the test gateway for
 * the production stage.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { BANK_TRANSFER_METHOD_ID, GATEWAY_METHOD_IDS } from "../../src/contract/payment.ts";
import { parseServiceEnv } from "../../src/pass-service/env.ts";
import { assertProvidersAllowed, lacksProvider } from "../../src/pass-service/payment-providers.ts";
import { startPassService } from "../../src/pass-service/server.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("STAGE and PAYMENT_PROVIDERS", () => {
  it("default to development and no provider at all", () => {
    const env = parseServiceEnv({});
    expect(env.STAGE).toBe("development");
    expect(env.PAYMENT_PROVIDERS).toEqual([]);
    expect(parseServiceEnv({ PAYMENT_PROVIDERS: "" }).PAYMENT_PROVIDERS).toEqual([]);
  });

  it("read a comma-separated list of known providers and one of the four stages", () => {
    const env = parseServiceEnv({ PAYMENT_PROVIDERS: " test, ,test", STAGE: "beta" });
    expect(env.PAYMENT_PROVIDERS).toEqual(["test"]);
    expect(env.STAGE).toBe("beta");
  });

  it("refuse an unknown provider or stage, naming the variable", () => {
    expect(() => parseServiceEnv({ PAYMENT_PROVIDERS: "test,acme" })).toThrow(
      /PAYMENT_PROVIDERS: unknown payment provider "acme" \(known: test\)/,
    );
    expect(() => parseServiceEnv({ STAGE: "prod" })).toThrow(/STAGE: /);
  });
});

describe("payment providers", () => {
  it("offer a gateway method only when a configured provider takes it; other methods need none", () => {
    for (const id of GATEWAY_METHOD_IDS) {
      expect(lacksProvider([], id)).toBe(true);
      expect(lacksProvider(["test"], id)).toBe(false);
    }
    expect(lacksProvider([], BANK_TRANSFER_METHOD_ID)).toBe(false);
  });

  it("allow the test gateway in every stage but production", () => {
    for (const stage of ["development", "staging", "beta"] as const) {
      expect(() => assertProvidersAllowed(stage, ["test"])).not.toThrow();
    }
    expect(() => assertProvidersAllowed("production", [])).not.toThrow();
    expect(() => assertProvidersAllowed("production", ["test"])).toThrow(/STAGE=production/);
  });

  it("refuse to start the service for production with the test gateway on, naming both variables", async () => {
    vi.stubEnv("STAGE", "production");
    vi.stubEnv("PAYMENT_PROVIDERS", "test");
    vi.stubEnv("PAYMENT_SECRET", "unit-test-payment-secret-0123456789abcdef");
    const start = startPassService({ port: 0, dataDir: "memory", seed: false, logLevel: "silent" });
    await expect(start).rejects.toThrow(/PAYMENT_PROVIDERS includes "test".*STAGE=production/s);
    // Set in code (as `npm start` does), the same refusal.
    vi.stubEnv("PAYMENT_PROVIDERS", "");
    await expect(
      startPassService({
        port: 0,
        dataDir: "memory",
        seed: false,
        logLevel: "silent",
        settings: { paymentProviders: ["test"] },
      }),
    ).rejects.toThrow(/STAGE=production/);
  });
});
