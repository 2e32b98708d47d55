/**
 * The `client:consent` directive on a first visit (no stored choice): the consent code waits until the page
 * has loaded (its LCP image included), then for an idle moment, so it never competes with the page's
 * largest contentful paint. The page is a stand-in of `window` and `document` (no browser needed).
 */
import { afterEach, expect, test, vi } from "vitest";
import consentDirective from "../../../src/islands/consent/consent-directive.ts";

/** A first visit's page in the given ready state; records the load listener and the idle callbacks. */
function firstVisit(readyState: DocumentReadyState) {
  const page = { onLoad: [] as (() => void)[], idle: [] as (() => void)[] };
  const requestIdleCallback = (callback: () => void) => page.idle.push(callback);
  vi.stubGlobal("document", {
    cookie: "",
    readyState,
    getElementById: () => null,
    addEventListener: () => {},
  });
  vi.stubGlobal("window", { requestIdleCallback });
  vi.stubGlobal("requestIdleCallback", requestIdleCallback);
  vi.stubGlobal("addEventListener", (type: string, listener: () => void) => {
    if (type === "load") page.onLoad.push(listener);
  });
  return page;
}

/** Runs the directive; the returned mock counts loads of the island's code. */
function runDirective() {
  const load = vi.fn(async () => async () => {});
  consentDirective(load, { name: "consent", value: "" }, {} as HTMLElement);
  return load;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test("while the page loads, the consent code waits for its load event, then for an idle moment", () => {
  const page = firstVisit("interactive");
  const load = runDirective();
  expect(page.idle).toEqual([]);
  expect(page.onLoad).toHaveLength(1);
  page.onLoad[0]?.();
  expect(load).not.toHaveBeenCalled();
  expect(page.idle).toHaveLength(1);
  page.idle[0]?.();
  expect(load).toHaveBeenCalledOnce();
});

test("on a page already loaded, the consent code loads at the first idle moment", () => {
  const page = firstVisit("complete");
  const load = runDirective();
  expect(page.onLoad).toEqual([]);
  page.idle[0]?.();
  expect(load).toHaveBeenCalledOnce();
});
