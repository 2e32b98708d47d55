import { afterEach, describe, expect, it, vi } from "vitest";
import {
  applySiteStylesheet,
  beforeHydration,
  loadIntlData,
  nextTask,
} from "../../src/islands/hydration-tasks.ts";
import { SITE_CSS_ATTRIBUTE } from "../../src/lib/constants.ts";

/** A page in a language, with the link of the site's stylesheet (or none) as `querySelector` finds it. */
function pageDocument(lang: string, link: Partial<HTMLLinkElement> | null = null): Document {
  return {
    documentElement: { lang },
    querySelector: (selector: string) => (selector === `link[${SITE_CSS_ATTRIBUTE}]` ? link : null),
  } as unknown as Document;
}

/** A stylesheet link (linked `media="print"` or `disabled`) whose load or error event the test fires. */
function pendingLink(disabled = false) {
  const listeners = new Map<string, () => void>();
  const link = {
    media: disabled ? "" : "print",
    disabled,
    sheet: null,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  } as unknown as HTMLLinkElement;
  return { link, fire: (type: "load" | "error") => listeners.get(type)?.() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("islands' start-up tasks", () => {
  it("nextTask resolves in a later task, after the current task's microtasks", async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push("next task"));
    queueMicrotask(() => order.push("microtask"));
    setTimeout(() => order.push("timer"), 0);
    await waited;
    expect(order[0]).toBe("microtask");
    expect(order).toContain("next task");
  });

  it("loads the page language's Intl data once, in a task of its own, before the first island hydrates", async () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const first = beforeHydration(pageDocument("cs"), true);
    await Promise.resolve();
    await Promise.resolve();
    // Not in the task that asked (the modules' evaluation), not in its microtasks.
    expect(numberFormat).not.toHaveBeenCalled();
    await first;
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(numberFormat).toHaveBeenCalledWith("cs");
    await beforeHydration(pageDocument("cs"), true);
    expect(numberFormat).toHaveBeenCalledTimes(1);
  });

  it("an island that formats nothing on start hydrates without loading Intl data", async () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const dateFormat = vi.spyOn(Intl, "DateTimeFormat");
    await beforeHydration(pageDocument("sk"), false);
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateFormat).not.toHaveBeenCalled();
  });

  it("ignores a language tag Intl does not accept", () => {
    expect(() => loadIntlData("not a tag")).not.toThrow();
  });

  it("switches the site's stylesheet on and waits until it has loaded, or failed to", async () => {
    for (const [outcome, disabled] of [
      ["load", false],
      ["error", false],
      ["load", true],
      ["error", true],
    ] as const) {
      const { link, fire } = pendingLink(disabled);
      let done = false;
      const applied = applySiteStylesheet(pageDocument("en", link)).then(() => {
        done = true;
      });
      expect(link.media).toBe("all");
      expect(link.disabled).toBe(false);
      await Promise.resolve();
      expect(done).toBe(false);
      fire(outcome);
      await applied;
      expect(done).toBe(true);
    }
  });

  it("applies a stylesheet already loaded at once, and a page without one needs nothing", async () => {
    const link = { media: "print", sheet: {} } as unknown as HTMLLinkElement;
    await applySiteStylesheet(pageDocument("en", link));
    expect(link.media).toBe("all");
    await expect(applySiteStylesheet(pageDocument("en"))).resolves.toBeUndefined();
  });
});
