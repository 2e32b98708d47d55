import { afterEach, describe, expect, it, vi } from "vitest";
import {
  configureTracking,
  createTracker,
  FIRING_LIMITS,
  FIRING_MEMORY_KEPT,
  FIRING_MEMORY_KEY,
  registerTrackingProvider,
  type TrackedEvent,
  type TrackingData,
  type TrackingEvent,
  type TrackingProvider,
  track,
  tracker,
} from "../../src/lib/tracking.ts";
import { $trackedEvents, recordTracked, TRACKED_EVENTS_KEPT } from "../../src/stores/tracking.ts";

const data = (id: string, value = 1000): TrackingData => ({
  id,
  eventId: "event-1",
  currencyId: 1,
  value,
  items: [{ id: "tt-1", kind: "ticket", name: "Festival pass", price: value, count: 1 }],
});

/** A provider that records what it receives. */
function recorder(id: string) {
  const seen: [TrackingEvent, TrackingData][] = [];
  const provider: TrackingProvider = { id, track: (event, d) => void seen.push([event, d]) };
  return { provider, seen };
}

describe("firing limits (spec §9)", () => {
  it("fires purchase success and purchase fail at most twice per id", () => {
    const t = createTracker();
    const { provider, seen } = recorder("a");
    t.register(provider);
    expect([1, 2, 3].map(() => t.track("purchaseSuccess", data("order-1")))).toEqual([true, true, false]);
    expect(t.track("purchaseSuccess", data("order-2"))).toBe(true);
    expect([1, 2, 3].map(() => t.track("purchaseFail", data("order-1")))).toEqual([true, true, false]);
    expect(seen.map(([event, d]) => `${event} ${d.id}`)).toEqual([
      "purchaseSuccess order-1",
      "purchaseSuccess order-1",
      "purchaseSuccess order-2",
      "purchaseFail order-1",
      "purchaseFail order-1",
    ]);
    expect(FIRING_LIMITS).toEqual({ purchaseSuccess: 2, purchaseFail: 2 });
  });

  it("never limits add to cart, remove from cart, initiate checkout and purchase", () => {
    const t = createTracker();
    const { provider, seen } = recorder("a");
    t.register(provider);
    for (const event of ["addToCart", "removeFromCart", "initiateCheckout", "purchase"] as const) {
      for (let i = 0; i < 5; i++) expect(t.track(event, data("same"))).toBe(true);
    }
    expect(seen).toHaveLength(20);
  });
});

describe("firing limits kept across reloads (memory)", () => {
  /** A fake Storage: what localStorage keeps between two page loads. */
  function fakeStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      items,
    };
  }

  it("counts purchase success per order id across page loads: a third load does not fire", () => {
    const storage = fakeStorage();
    const load = () => createTracker({ memory: () => storage });
    expect(load().track("purchaseSuccess", data("order-1"))).toBe(true);
    expect(load().track("purchaseSuccess", data("order-1"))).toBe(true);
    expect(load().track("purchaseSuccess", data("order-1"))).toBe(false);
    expect(load().track("purchaseFail", data("order-1"))).toBe(true);
    expect(load().track("purchaseSuccess", data("order-2"))).toBe(true);
    expect(JSON.parse(storage.items.get(FIRING_MEMORY_KEY) ?? "[]")).toEqual([
      ["purchaseSuccess:order-1", 2],
      ["purchaseFail:order-1", 1],
      ["purchaseSuccess:order-2", 1],
    ]);
  });

  it("keeps only the newest ids, and still limits within a page when storage is unreadable or blocked", () => {
    const storage = fakeStorage();
    const t = createTracker({ memory: () => storage });
    for (let i = 0; i <= FIRING_MEMORY_KEPT; i++) t.track("purchaseFail", data(`order-${i}`));
    const kept = JSON.parse(storage.items.get(FIRING_MEMORY_KEY) ?? "[]") as [string, number][];
    expect(kept).toHaveLength(FIRING_MEMORY_KEPT);
    expect(kept[0]?.[0]).toBe("purchaseFail:order-1");

    storage.items.set(FIRING_MEMORY_KEY, "{not json");
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    for (const memory of [storage, blocked]) {
      const page = createTracker({ memory: () => memory });
      expect([1, 2, 3].map(() => page.track("purchaseSuccess", data("order-x")))).toEqual([
        true,
        true,
        false,
      ]);
    }
  });
});

describe("replaying a page's earlier events to a provider registered later", () => {
  it("sends them to that provider only, with the same failure handling", () => {
    const reportError = vi.fn();
    const t = createTracker({ reportError });
    const early = recorder("early");
    t.register(early.provider);
    const heard: TrackedEvent[] = [];
    t.listen((tracked) => heard.push(tracked));
    t.track("purchaseSuccess", data("order-1"));
    const late = recorder("late");
    t.register(late.provider);
    t.replay(heard, "late");
    expect(late.seen.map(([event, d]) => `${event} ${d.id}`)).toEqual(["purchaseSuccess order-1"]);
    expect(early.seen).toHaveLength(1);
    t.register({
      id: "throws",
      track: () => {
        throw new Error("boom");
      },
    });
    t.replay(heard, "throws");
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), {
      event: "purchaseSuccess",
      provider: "throws",
    });
    t.replay(heard, "not-registered");
  });
});

describe("providers", () => {
  it("registers a provider id only once (spec §5)", () => {
    const t = createTracker();
    const first = recorder("pixel");
    const second = recorder("pixel");
    expect(t.register(first.provider)).toBe(true);
    expect(t.register(second.provider)).toBe(false);
    expect(t.providers()).toEqual(["pixel"]);
    t.track("addToCart", data("e"));
    expect(first.seen).toHaveLength(1);
    expect(second.seen).toHaveLength(0);
    t.unregister("pixel");
    expect(t.providers()).toEqual([]);
  });

  it("catches a failing provider, logs it at debug level, reports it with the event name, and goes on", async () => {
    const debug = vi.fn();
    const reportError = vi.fn();
    const t = createTracker({ logger: { debug }, reportError });
    const boom = new Error("blocked by an extension");
    t.register({
      id: "throws",
      track: () => {
        throw boom;
      },
    });
    t.register({ id: "rejects", track: () => Promise.reject(new Error("network")) });
    const ok = recorder("ok");
    t.register(ok.provider);
    expect(t.track("purchase", data("order-1"))).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(ok.seen).toHaveLength(1);
    expect(debug).toHaveBeenCalledWith('Tracking provider "throws" failed on purchase', boom);
    expect(reportError).toHaveBeenCalledWith(boom, { event: "purchase", provider: "throws" });
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), { event: "purchase", provider: "rejects" });
  });

  it("refuses providers where tracking may not run, and still tells its listeners", () => {
    let enabled = false;
    const t = createTracker({ enabled: () => enabled, now: () => 7 });
    const heard: unknown[] = [];
    t.listen((tracked) => heard.push(tracked));
    expect(t.register(recorder("pixel").provider)).toBe(false);
    expect(t.providers()).toEqual([]);
    expect(t.track("addToCart", data("e"))).toBe(true);
    expect(heard).toHaveLength(1);
    enabled = true;
    expect(t.register(recorder("pixel").provider)).toBe(true);
  });

  it("sends nothing anywhere without providers, but tells its listeners", () => {
    const t = createTracker({ now: () => 42 });
    const heard: unknown[] = [];
    const stop = t.listen((tracked) => heard.push(tracked));
    t.track("addToCart", data("e", 2500));
    stop();
    t.track("addToCart", data("e"));
    expect(heard).toEqual([{ event: "addToCart", data: data("e", 2500), at: 42 }]);
  });
});

describe("the storefront's tracker and what it tracked", () => {
  afterEach(() => {
    tracker.unregister("test");
    $trackedEvents.set([]);
    Reflect.deleteProperty(globalThis, "window");
  });

  it("records tracked events in $trackedEvents and on window.__vstupioTracked, the last 100", () => {
    const win = {} as Window;
    Object.defineProperty(globalThis, "window", { value: win, configurable: true });
    const { provider, seen } = recorder("test");
    expect(registerTrackingProvider(provider)).toBe(true);
    expect(registerTrackingProvider(recorder("test").provider)).toBe(false);
    track("addToCart", data("e", 100));
    expect(seen).toHaveLength(1);
    expect($trackedEvents.get().map((t) => t.event)).toEqual(["addToCart"]);
    expect(win.__vstupioTracked?.map((t) => t.data.value)).toEqual([100]);
    for (let i = 0; i < TRACKED_EVENTS_KEPT + 5; i++) {
      recordTracked({ event: "removeFromCart", data: data("e", i), at: i });
    }
    expect($trackedEvents.get()).toHaveLength(100);
    expect($trackedEvents.get()[0]?.data.value).toBe(5);
    expect(win.__vstupioTracked).toHaveLength(100);
    expect(win.__vstupioTracked?.at(-1)?.data.value).toBe(104);
  });
});

describe("the page configures the storefront's tracker (stage and logger)", () => {
  afterEach(() => {
    configureTracking({ logger: { debug: () => undefined }, enabled: true });
    tracker.unregister("test");
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("refuses providers where the page says tracking may not run, and logs failures through its logger", async () => {
    const debug = vi.fn();
    configureTracking({ logger: { debug }, enabled: false });
    expect(registerTrackingProvider(recorder("test").provider)).toBe(false);
    configureTracking({ logger: { debug }, enabled: true });
    const boom = new Error("blocked");
    expect(registerTrackingProvider({ id: "test", track: () => Promise.reject(boom) })).toBe(true);
    track("addToCart", data("e"));
    await Promise.resolve();
    await Promise.resolve();
    expect(debug).toHaveBeenCalledWith('Tracking provider "test" failed on addToCart', boom);
  });

  /** Loads stores/tracking.ts afresh in a page of the given stage served from the given host. */
  async function loadPage(stage: string, hostname: string) {
    vi.resetModules();
    vi.stubGlobal("window", { location: { hostname } });
    vi.stubGlobal("document", { documentElement: { dataset: { stage } } });
    await import("../../src/stores/tracking.ts");
    return import("../../src/lib/tracking.ts");
  }

  it("lets tracking run on deployed stages and locally, not in a development build served elsewhere", async () => {
    const cases: [string, string, boolean][] = [
      ["production", "shop.example", true],
      ["staging", "staging.shop.example", true],
      ["development", "127.0.0.1", true],
      ["development", "preview.ci.example", false],
    ];
    for (const [stage, host, allowed] of cases) {
      const page = await loadPage(stage, host);
      expect(
        page.registerTrackingProvider(recorder(`p-${stage}-${host}`).provider),
        `${stage} @ ${host}`,
      ).toBe(allowed);
    }
  });
});
