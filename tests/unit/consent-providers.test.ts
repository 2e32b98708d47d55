import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acceptAll, declineAll } from "../../src/lib/consent/model.ts";
import type { TrackingIdMap } from "../../src/lib/consent/providers.ts";
import { PROVIDER_SOURCES } from "../../src/lib/consent/sources.ts";
import type { TrackingData } from "../../src/lib/tracking.ts";

const IDS: TrackingIdMap = {
  tagManager: "GTM-ABC1234",
  gtag: "G-ABC123DEF4",
  socialPixel: "123456789012345",
  sessionRecording: "abcd1234ef",
};

/** A page as the provider runtime sees it: cookies, the scripts it adds, event listeners, vendor globals. */
function fakePage() {
  const cookies = new Map<string, string>();
  const scripts: { src: string; async: boolean; listeners: Record<string, () => void> }[] = [];
  const listeners = new Map<string, (() => void)[]>();
  const location = { href: "http://localhost:4321/akce/", hostname: "localhost", protocol: "http:" };
  const win: Record<string, unknown> = { location };
  const document = {
    title: "Akce",
    documentElement: { lang: "cs", dataset: {} },
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(assignment: string) {
      const [pair = ""] = assignment.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      if (/max-age=0/i.test(assignment)) cookies.delete(name);
      else cookies.set(name, pair.slice(eq + 1));
    },
    createElement: () => {
      const script = {
        src: "",
        async: false,
        listeners: {} as Record<string, () => void>,
        addEventListener(type: string, listener: () => void) {
          script.listeners[type] = listener;
        },
      };
      return script;
    },
    head: { append: (script: (typeof scripts)[number]) => void scripts.push(script) },
    addEventListener(type: string, listener: () => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    getElementById: () => null,
  };
  Object.assign(globalThis, { window: win, document, location });
  const fire = (type: string) => {
    for (const listener of listeners.get(type) ?? []) listener();
  };
  return { cookies, scripts, win, location, fire };
}

const order: TrackingData = {
  id: "order-1",
  eventId: "event-1",
  currencyId: 1,
  value: 79_000,
  orderId: "order-1",
  items: [{ id: "tt-1", kind: "ticket", name: "Pass", price: 79_000, count: 1 }],
};

describe("applying consent to the providers", () => {
  let page: ReturnType<typeof fakePage>;
  beforeEach(() => {
    vi.resetModules();
    page = fakePage();
  });
  afterEach(() => {
    for (const name of ["window", "document", "location"]) Reflect.deleteProperty(globalThis, name);
  });

  async function load() {
    const runtime = await import("../../src/stores/consent-providers.ts");
    const tracking = await import("../../src/lib/tracking.ts");
    return { applyConsent: runtime.applyConsent, tracker: tracking.tracker, track: tracking.track };
  }

  it("sends the Consent Mode default before any Google tag, loads each granted provider once, and gives it the page view", async () => {
    const { applyConsent, tracker } = await load();
    applyConsent({ necessary: true, statistics: true, marketing: false }, IDS);
    const layer = page.win.dataLayer as ArrayLike<unknown>[];
    expect(Array.from(layer[0] ?? [])).toEqual([
      "consent",
      "default",
      {
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
        analytics_storage: "denied",
        wait_for_update: 500,
      },
    ]);
    expect(Array.from(layer[1] ?? [])).toEqual([
      "consent",
      "update",
      {
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
        analytics_storage: "granted",
      },
    ]);
    expect(page.scripts.map((s) => [s.src, s.async])).toEqual([
      [PROVIDER_SOURCES.tagManager.scriptUrl("GTM-ABC1234"), true],
      [PROVIDER_SOURCES.gtag.scriptUrl("G-ABC123DEF4"), true],
      [PROVIDER_SOURCES.sessionRecording.scriptUrl("abcd1234ef"), true],
    ]);
    expect(tracker.providers()).toEqual([
      "tagManager:GTM-ABC1234",
      "gtag:G-ABC123DEF4",
      "sessionRecording:abcd1234ef",
    ]);
    expect(layer).toContainEqual(expect.objectContaining({ event: "page_view", page_title: "Akce" }));
    expect(page.win.fbq).toBeUndefined();

    // The same consent again (another island's change): nothing loads twice, nothing registers twice.
    applyConsent({ necessary: true, statistics: true, marketing: false }, IDS);
    expect(page.scripts).toHaveLength(3);
    expect(tracker.providers()).toHaveLength(3);
  });

  it("gives a provider registered later the events tracked on the page before it, once", async () => {
    const { applyConsent, track } = await load();
    await import("../../src/stores/tracking.ts");
    track("purchaseSuccess", order);
    applyConsent(acceptAll(), { socialPixel: "123456789012345" });
    applyConsent(acceptAll(), { socialPixel: "123456789012345" });
    const queue = (page.win.fbq as { queue: unknown[][] }).queue;
    expect(queue.filter((call) => call[1] === "Purchase")).toHaveLength(1);
    expect(queue.slice(0, 3)).toEqual([
      ["consent", "grant"],
      ["init", "123456789012345"],
      ["track", "PageView"],
    ]);
  });

  it("revokes a provider no longer granted: unregistered, told to stop, its cookies deleted; granted again without a second script", async () => {
    const { applyConsent, tracker } = await load();
    applyConsent(acceptAll(), IDS);
    for (const name of ["_ga", "_ga_ABC123", "_gid", "_fbp", "_clck", "cc_cookie_v4", "_hocid"]) {
      page.cookies.set(name, "1");
    }
    applyConsent({ necessary: true, statistics: true, marketing: false }, IDS);
    expect(tracker.providers()).not.toContain("socialPixel:123456789012345");
    expect((page.win.fbq as { queue: unknown[][] }).queue.at(-1)).toEqual(["consent", "revoke"]);
    expect([...page.cookies.keys()]).toEqual([
      "_ga",
      "_ga_ABC123",
      "_gid",
      "_clck",
      "cc_cookie_v4",
      "_hocid",
    ]);

    applyConsent(declineAll(), IDS);
    expect(tracker.providers()).toEqual([]);
    expect([...page.cookies.keys()]).toEqual(["cc_cookie_v4", "_hocid"]);
    expect(page.win.clarity).toBeTypeOf("function");
    expect((page.win.clarity as { q: unknown[][] }).q.at(-1)).toEqual(["consent", false]);

    applyConsent(acceptAll(), IDS);
    expect(tracker.providers()).toHaveLength(4);
    expect((page.win.fbq as { queue: unknown[][] }).queue.at(-2)).toEqual(["consent", "grant"]);
    expect(page.scripts).toHaveLength(4);
  });

  it("sends a page view to every provider on a route change, not twice for the same address", async () => {
    const { applyConsent } = await load();
    applyConsent(acceptAll(), { socialPixel: "123456789012345" });
    const pageViews = () =>
      (page.win.fbq as { queue: unknown[][] }).queue.filter((call) => call[1] === "PageView").length;
    expect(pageViews()).toBe(1);
    page.fire("astro:page-load");
    expect(pageViews()).toBe(1);
    page.location.href = "http://localhost:4321/akce/jina/";
    page.fire("astro:page-load");
    expect(pageViews()).toBe(2);
  });

  it("warns only when the ad network's script loads without its global or does not load", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { applyConsent, track } = await load();
      applyConsent(acceptAll(), { adNetwork: "424242" });
      page.scripts[0]?.listeners.load?.();
      expect(track("purchaseSuccess", order)).toBe(true);
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(expect.stringContaining("without its rc global")),
      );

      vi.resetModules();
      page = fakePage();
      const again = await load();
      again.applyConsent(acceptAll(), { adNetwork: "424242" });
      page.scripts[0]?.listeners.error?.();
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(expect.stringContaining("did not load"), expect.any(Error)),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it("loads nothing where tracking may not run (a development build served elsewhere)", async () => {
    page.location.hostname = "preview.example";
    const { applyConsent, tracker } = await load();
    await import("../../src/stores/tracking.ts");
    applyConsent(acceptAll(), IDS);
    expect(page.scripts).toEqual([]);
    expect(tracker.providers()).toEqual([]);
  });
});
