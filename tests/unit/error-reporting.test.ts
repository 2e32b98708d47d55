import { describe, expect, it, vi } from "vitest";
import { type ErrorReportingSdk, trackingErrorReporter } from "../../src/stores/trackers/error-reporting.ts";

/** A fake error-reporting SDK that records what it is told. */
function fakeSdk() {
  const tags: Record<string, string>[] = [];
  const captured: unknown[] = [];
  const init = vi.fn();
  const sdk: ErrorReportingSdk = {
    init,
    withScope(callback) {
      const scopeTags: Record<string, string> = {};
      tags.push(scopeTags);
      callback({
        setTag(key, value) {
          scopeTags[key] = value;
        },
      });
    },
    captureException: (error) => void captured.push(error),
  };
  return { sdk, init, tags, captured };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("error reporting of tracking failures", () => {
  it("loads nothing and reports nothing without a DSN", () => {
    const load = vi.fn();
    expect(
      trackingErrorReporter({ dsn: undefined, stage: "production", release: "1.0.0" }, load),
    ).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it("loads the SDK once, at the first failure, and reports each with the event name, provider, stage", async () => {
    const fake = fakeSdk();
    const load = vi.fn(async () => fake.sdk);
    const report = trackingErrorReporter(
      { dsn: "https://key@errors.example/1", stage: "staging", release: "0.1.0" },
      load,
    );
    expect(load).not.toHaveBeenCalled();
    const boom = new Error("pixel blocked");
    report?.(boom, { event: "purchaseSuccess", provider: "socialPixel:1" });
    report?.(boom, { event: "pageView", provider: "gtag:G-1" });
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(fake.init).toHaveBeenCalledWith({
      dsn: "https://key@errors.example/1",
      environment: "staging",
      release: "0.1.0",
      defaultIntegrations: false,
    });
    expect(fake.captured).toEqual([boom, boom]);
    expect(fake.tags).toEqual([
      { event: "purchaseSuccess", provider: "socialPixel:1", stage: "staging" },
      { event: "pageView", provider: "gtag:G-1", stage: "staging" },
    ]);
  });

  it("never throws when the SDK does not load", async () => {
    const report = trackingErrorReporter(
      { dsn: "https://key@errors.example/1", stage: "production", release: undefined },
      () => Promise.reject(new Error("blocked")),
    );
    expect(() => report?.(new Error("x"), { event: "purchase", provider: "p" })).not.toThrow();
    await flush();
  });
});
