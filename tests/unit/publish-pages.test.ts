/** The publisher's page list (scripts/lib/publish/pages.ts) and how it shares pages among render workers. */
import { describe, expect, test } from "vitest";
import {
  describeChanges,
  entityDigests,
  fileOf,
  type PageSpec,
  pageList,
  type SiteLists,
} from "../../scripts/lib/publish/pages.ts";
import { shareOut } from "../../scripts/lib/publish/render.ts";

const lists: SiteLists = {
  events: [
    { eventId: "e1", organizerSlug: "org", eventSlug: "one", digest: "d1" },
    { eventId: "e2", organizerSlug: "org", eventSlug: "two", digest: "d2" },
  ],
  groups: [{ eventGroupId: "g1", eventGroupSlug: "tour", digest: "dg" }],
  organizers: [{ organizerSlug: "org", digest: "do" }],
  sitemaps: ["pages", "events"],
};

describe("the page list", () => {
  test("holds every catalog page in every locale, and the sitemaps once", () => {
    const paths = pageList(lists).map((p) => p.path);
    expect(paths).toContain("/");
    expect(paths).toContain("/en/");
    expect(paths).toContain("/de/event/org/one/");
    expect(paths).toContain("/sk/event/org/two/cart/");
    expect(paths).toContain("/organizer/org/");
    expect(paths).toContain("/en/tour/tour/");
    expect(paths).toContain("/sitemap-index.xml");
    expect(paths).toContain("/sitemap-events.xml");
    // 4 locales × (index + organizer + tour + 2 events × 2 pages) + index + 2 sitemaps
    expect(paths).toHaveLength(4 * 7 + 3);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("maps paths to files", () => {
    expect(fileOf("/")).toBe("index.html");
    expect(fileOf("/en/event/o/e/")).toBe("en/event/o/e/index.html");
    expect(fileOf("/sitemap-index.xml")).toBe("sitemap-index.xml");
  });

  test("a changed event changes its pages' inputs and the index's, not another event's", () => {
    const changed = {
      ...lists,
      events: lists.events.map((e) => (e.eventId === "e1" ? { ...e, digest: "new" } : e)),
    };
    const before = new Map(pageList(lists).map((p) => [p.path, p.inputs]));
    const differing = pageList(changed)
      .filter((p) => before.get(p.path) !== p.inputs)
      .map((p) => p.path);
    expect(differing).toContain("/en/event/org/one/");
    expect(differing).toContain("/en/event/org/one/cart/");
    expect(differing).toContain("/en/");
    expect(differing).toContain("/sitemap-events.xml");
    expect(differing.filter((p) => p.includes("/two/"))).toEqual([]);
    expect(differing.filter((p) => p.includes("/organizer/") || p.includes("/tour/"))).toEqual([]);
  });

  test("says what changed", () => {
    const after = entityDigests({
      ...lists,
      events: [{ eventId: "e1", organizerSlug: "org", eventSlug: "one", digest: "new" }],
    });
    expect(describeChanges(entityDigests(lists), after)).toBe(
      "1 event changed: org/one; 1 event removed: org/two",
    );
  });
});

describe("sharing pages among workers", () => {
  test("keeps each group in one share and every page in one", () => {
    const pages = pageList(lists);
    const shares = shareOut(pages, 2);
    expect(shares.flat()).toHaveLength(pages.length);
    expect(new Set(shares.flat().map((p) => p.path)).size).toBe(pages.length);
    for (const group of new Set(pages.map((p) => p.group))) {
      expect(shares.filter((share) => share.some((p) => p.group === group))).toHaveLength(1);
    }
  });

  test("makes the shares smaller towards the end, so the workers finish together", () => {
    const many: PageSpec[] = Array.from({ length: 4000 }, (_, i) => ({
      path: `/p${i}/`,
      file: `p${i}/index.html`,
      inputs: "x",
      group: `event:${Math.floor(i / 8)}`,
    }));
    const sizes = shareOut(many, 2, 500).map((share) => share.length);
    expect(sizes[0]).toBeGreaterThan(450);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(500);
    expect(sizes.at(-1)).toBeLessThanOrEqual(40);
    for (const [i, size] of sizes.entries()) expect(size).toBeLessThanOrEqual(sizes[i - 1] ?? size);
  });
});
