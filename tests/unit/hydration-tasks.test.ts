import { afterEach, describe, expect, it, vi } from "vitest";
import {
  applySiteStylesheet,
  beforeHydration,
  type IntlWorker,
  warmIntl,
} from "../../src/islands/hydration-tasks.ts";
import { loadIntlData } from "../../src/islands/intl-data.ts";
import { nextTask } from "../../src/islands/task-queue.ts";
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

/** A worker whose answer the test gives: what it was sent, whether it was stopped. */
function fakeWorker() {
  const sent: string[] = [];
  let terminated = false;
  const worker = {
    onmessage: null,
    onerror: null,
    postMessage: (lang: string) => sent.push(lang),
    terminate: () => {
      terminated = true;
    },
  } as unknown as IntlWorker;
  return {
    worker,
    sent,
    terminated: () => terminated,
    answer: () => worker.onmessage?.call(worker as Worker, new MessageEvent("message")),
    fail: () => worker.onerror?.call(worker as Worker, new Event("error") as ErrorEvent),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("islands' start-up tasks", () => {
  it("loads the page language's Intl data in a worker, off the main thread, and stops the worker once it answers", async () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const fake = fakeWorker();
    let done = false;
    const warmed = warmIntl("de", () => fake.worker).then(() => {
      done = true;
    });
    expect(fake.sent).toEqual(["de"]);
    await nextTask();
    expect(done).toBe(false);
    fake.answer();
    await warmed;
    expect(fake.terminated()).toBe(true);
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it("loads the Intl data on the main thread, in a task of its own, when the worker fails, cannot start or stays silent", async () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const failing = fakeWorker();
    const afterError = warmIntl("sk", () => failing.worker);
    failing.fail();
    await Promise.resolve();
    expect(numberFormat).not.toHaveBeenCalled();
    await afterError;
    expect(numberFormat).toHaveBeenLastCalledWith("sk");
    expect(failing.terminated()).toBe(true);
    // A late answer changes nothing.
    failing.answer();

    await warmIntl("cs", () => {
      throw new DOMException("Refused by the page's policy", "SecurityError");
    });
    expect(numberFormat).toHaveBeenLastCalledWith("cs");

    const silent = fakeWorker();
    await warmIntl("en", () => silent.worker, 5);
    expect(numberFormat).toHaveBeenLastCalledWith("en");
    expect(silent.terminated()).toBe(true);
    expect(numberFormat).toHaveBeenCalledTimes(3);
  });

  it("loads the page language's Intl data once, in a task of its own where no worker starts, before the first island hydrates", async () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const first = beforeHydration(pageDocument("cs"), { formats: true });
    await Promise.resolve();
    await Promise.resolve();
    // Not in the task that asked (the modules' evaluation), not in its microtasks.
    expect(numberFormat).not.toHaveBeenCalled();
    await first;
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(numberFormat).toHaveBeenCalledWith("cs");
    await beforeHydration(pageDocument("cs"), { formats: true });
    expect(numberFormat).toHaveBeenCalledTimes(1);
  });

  it("an island that formats nothing on start hydrates without loading Intl data", async () => {
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const dateFormat = vi.spyOn(Intl, "DateTimeFormat");
    await beforeHydration(pageDocument("sk"));
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateFormat).not.toHaveBeenCalled();
  });

  it("leaves the site's stylesheet off for an island the page styles, and switches it on for the next one", async () => {
    vi.resetModules();
    const fresh = await import("../../src/islands/hydration-tasks.ts");
    const { link, fire } = pendingLink(true);
    await fresh.beforeHydration(pageDocument("en", link), { styled: true });
    expect(link.disabled).toBe(true);
    let hydrating = false;
    const unmarked = fresh.beforeHydration(pageDocument("en", link)).then(() => {
      hydrating = true;
    });
    expect(link.disabled).toBe(false);
    expect(link.media).toBe("all");
    await nextTask();
    // It waits for the stylesheet.
    expect(hydrating).toBe(false);
    fire("load");
    await unmarked;
    expect(hydrating).toBe(true);
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
