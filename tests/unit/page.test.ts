import { afterEach, describe, expect, it, vi } from "vitest";
import { pageLogger, pageStage, passUrl } from "../../src/stores/page.ts";

/** Gives the test a document whose `<html>` carries these data attributes. */
function page(dataset: Record<string, string>): void {
  vi.stubGlobal("document", { documentElement: { dataset } });
}

describe("what the page tells its islands", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("reads the pass service's public URL from <html data-pass-url>", () => {
    page({ passUrl: "https://pass.example/" });
    expect(passUrl()).toBe("https://pass.example");
    page({});
    expect(() => passUrl()).toThrow(/data-pass-url/);
  });

  it("reads the stage from <html data-stage>, development when the page does not say", () => {
    expect(pageStage()).toBe("development");
    page({ stage: "beta" });
    expect(pageStage()).toBe("beta");
    page({ stage: "nonsense" });
    expect(pageStage()).toBe("development");
  });

  it("logs only errors in production, every level elsewhere", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    page({ stage: "production" });
    pageLogger("order").warn("hidden");
    pageLogger("order").error("shown");
    page({ stage: "staging" });
    pageLogger("order").warn("shown too");
    expect(warn.mock.calls).toEqual([["[order] shown too"]]);
    expect(error.mock.calls).toEqual([["[order] shown"]]);
  });
});
