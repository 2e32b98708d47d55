/**
 * The server on a site folder with releases (src/server/releases.ts): it serves the release `current` points
 * at, follows a switch (the link is read at most once a second: a controlled clock here), keeps serving the
 * old layout, and never answers from a cached copy of a file that was replaced.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../src/lib/logger.ts";
import { createStorefrontApp } from "../../src/server/app.ts";
import { followReleases } from "../../src/server/releases.ts";

let dist: string;
const STAMP = new Date("2026-01-01T00:00:00Z");

/** Writes a file with a fixed modification time (so only its inode tells copies apart). */
function put(path: string, text: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, STAMP, STAMP);
}

/** Points `current` at a release, as the publisher does (a new link renamed over). */
function point(release: string): void {
  symlinkSync(join("releases", release), join(dist, "current.tmp"));
  renameSync(join(dist, "current.tmp"), join(dist, "current"));
}

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), "storefront-releases-"));
  put(join(dist, "releases/a/client/index.html"), "<p>release A</p>");
  put(join(dist, "releases/b/client/index.html"), "<p>release B</p>");
  put(join(dist, "releases/a/client/gone/index.html"), "<p>only in A</p>");
  point("a");
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

const appOn = (dir: string) =>
  createStorefrontApp({
    clientDir: join(dir, "client"),
    served: followReleases(dir),
    serviceOrigins: [],
    logger: createLogger("storefront", { stage: "development" }),
  });

describe("a site folder with releases", () => {
  it("serves the current release and follows a switch", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = appOn(dist);
    expect(await (await app.request("/")).text()).toBe("<p>release A</p>");
    expect((await app.request("/gone/")).status).toBe(200);
    point("b");
    vi.setSystemTime(Date.now() + 1500);
    expect(await (await app.request("/")).text()).toBe("<p>release B</p>");
    expect((await app.request("/gone/")).status).toBe(404);
    point("a");
    vi.setSystemTime(Date.now() + 1500);
    expect(await (await app.request("/")).text()).toBe("<p>release A</p>");
  });

  it("never answers from the cached copy of a file replaced by another of the same size and time", async () => {
    const app = appOn(dist);
    const page = join(dist, "releases/a/client/index.html");
    expect(await (await app.request("/")).text()).toBe("<p>release A</p>");
    put(`${page}.tmp`, "<p>release Z</p>");
    renameSync(`${page}.tmp`, page);
    expect(await (await app.request("/")).text()).toBe("<p>release Z</p>");
  });

  it("serves a folder without releases as it is", async () => {
    const app = appOn(join(dist, "releases", "b"));
    expect(await (await app.request("/")).text()).toBe("<p>release B</p>");
  });
});
