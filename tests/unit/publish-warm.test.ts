/** Which image variants the publisher's warm-up makes for a page (scripts/lib/publish/warm.ts). */
import { describe, expect, test } from "vitest";
import { cssLength, lcpPreloadUrls, pickCandidate, slotWidth } from "../../scripts/lib/publish/warm.ts";
import { eventPosterImage } from "../../src/components/lcp-images.ts";

const phone = { width: 412, dpr: 1.75 };
const desktop = { width: 1350, dpr: 1 };

describe("the slot a sizes attribute gives", () => {
  test("lengths in px, rem, vw and calc()", () => {
    expect(cssLength("320px", phone)).toBe(320);
    expect(cssLength("24rem", phone)).toBe(384);
    expect(cssLength("50vw", phone)).toBe(206);
    expect(cssLength("calc(100vw - 2rem)", phone)).toBe(380);
    expect(cssLength("auto", phone)).toBeUndefined();
  });

  test("the first entry whose media matches, else the last", () => {
    const { sizes } = eventPosterImage({ url: "/media/p.jpg", width: 1200, height: 1600, alt: "" });
    expect(slotWidth(sizes, phone)).toBe(112);
    expect(slotWidth(sizes, { width: 800, dpr: 2 })).toBe(160);
    expect(slotWidth(sizes, desktop)).toBe(384);
    expect(slotWidth("(max-width: 640px) 100vw, 50vw", phone)).toBe(412);
    expect(slotWidth("(max-width: 640px) 100vw, 50vw", desktop)).toBe(675);
  });
});

test("the narrowest candidate wide enough for slot × density, else the widest", () => {
  const srcset = "/a 384w, /b 640w, /c 750w, /d 828w, /e 1200w";
  expect(pickCandidate(srcset, 380, 1.75)).toBe("/c");
  expect(pickCandidate(srcset, 384, 1)).toBe("/a");
  expect(pickCandidate(srcset, 900, 2)).toBe("/e");
});

test("a page's LCP preload gives the phone's and the desktop's picks, once each", () => {
  const html = `<html><head><link rel="preload" as="image" imagesrcset="/_img/384/x.avif 384w, /_img/750/x.avif 750w, /_img/1200/x.avif 1200w" imagesizes="(min-width: 416px) 24rem, calc(100vw - 2rem)" type="image/avif" fetchpriority="high"><link rel="preload" as="font" href="/f.woff2"></head><body></body></html>`;
  expect(lcpPreloadUrls(html)).toEqual(["/_img/750/x.avif", "/_img/384/x.avif"]);
  expect(lcpPreloadUrls("<html><head></head></html>")).toEqual([]);
});
