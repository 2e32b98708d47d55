/**
 * The `client:consent` directive on a first visit (no stored choice): the consent code waits until the page
 * has loaded and its main image has been painted as its largest contentful paint, then for an idle moment, so
 * it never competes with that paint. The page is a stand-in of `window` and `document` (no browser needed).
 */
import { afterEach, expect, test, vi } from "vitest";
import consentDirective, { MAIN_IMAGE_WAIT_MS } from "../../../src/islands/consent/consent-directive.ts";

/** A page's largest contentful paints as an observer of them receives them. */
type PaintListener = (list: { getEntries: () => { element: unknown }[] }) => void;

/**
 * A first visit's page in the given ready state, with its main image or without; records the load listener,
 * the idle callbacks and the observers of largest contentful paints.
 */
function firstVisit(readyState: DocumentReadyState, mainImage: object | null = null) {
  const page = { onLoad: [] as (() => void)[], idle: [] as (() => void)[], paints: [] as PaintListener[] };
  const requestIdleCallback = (callback: () => void) => page.idle.push(callback);
  vi.stubGlobal("document", {
    cookie: "",
    readyState,
    getElementById: () => null,
    querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? mainImage : null),
    addEventListener: () => {},
  });
  vi.stubGlobal(
    "PerformanceObserver",
    Object.assign(
      class {
        constructor(listener: PaintListener) {
          page.paints.push(listener);
        }
        observe() {}
        disconnect() {}
      },
      { supportedEntryTypes: ["largest-contentful-paint"] },
    ),
  );
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

/** Lets the directive's promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

test("while a page without a main image loads, the consent code waits for its load event, then for an idle moment", async () => {
  const page = firstVisit("interactive");
  const load = runDirective();
  expect(page.idle).toEqual([]);
  expect(page.onLoad).toHaveLength(1);
  page.onLoad[0]?.();
  await settle();
  expect(load).not.toHaveBeenCalled();
  expect(page.idle).toHaveLength(1);
  page.idle[0]?.();
  expect(load).toHaveBeenCalledOnce();
});

test("on a page already loaded, the consent code loads at the first idle moment", async () => {
  const page = firstVisit("complete");
  const load = runDirective();
  expect(page.onLoad).toEqual([]);
  await settle();
  page.idle[0]?.();
  expect(load).toHaveBeenCalledOnce();
});

test("after the load event, the consent code waits until the main image is painted as the largest paint", async () => {
  const image = {};
  const page = firstVisit("interactive", image);
  const load = runDirective();
  page.onLoad[0]?.();
  await settle();
  // Loaded, but the image is not painted yet: a text is the largest paint so far.
  expect(page.paints).toHaveLength(1);
  page.paints[0]?.({ getEntries: () => [{ element: {} }] });
  await settle();
  expect(page.idle).toEqual([]);
  page.paints[0]?.({ getEntries: () => [{ element: image }] });
  await settle();
  expect(page.idle).toHaveLength(1);
  page.idle[0]?.();
  expect(load).toHaveBeenCalledOnce();
});

test("a main image that is never the largest paint holds the consent code back for MAIN_IMAGE_WAIT_MS at most", async () => {
  vi.useFakeTimers();
  try {
    const page = firstVisit("complete", {});
    const load = runDirective();
    await vi.advanceTimersByTimeAsync(MAIN_IMAGE_WAIT_MS - 1);
    expect(page.idle).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.idle).toHaveLength(1);
    page.idle[0]?.();
    expect(load).toHaveBeenCalledOnce();
  } finally {
    vi.useRealTimers();
  }
});
