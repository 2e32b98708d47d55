/**
 * The assets a full run keeps from the builds before it (scripts/lib/publish/assets.ts): those of the last
 * three builds, so a page opened before a release still loads its scripts, and no older ones.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ASSET_BUILDS, keepAssets } from "../../scripts/lib/publish/assets.ts";

const root = mkdtempSync(join(tmpdir(), "publish-assets-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A build's `_astro/` folder in release `name`, with its own files. */
function build(name: string, files: string[]): string {
  const dir = join(root, name, "client", "_astro");
  for (const file of files) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), `${name}:${file}`);
  }
  return dir;
}

describe("keepAssets", () => {
  it("keeps the assets of the last three builds, linked, and drops older ones", () => {
    expect(ASSET_BUILDS).toBe(3);
    // A release published before builds were recorded: all its files count as one build.
    const a = build("a", ["app.A1.js", "fonts/inter.A2.woff2"]);
    const b = build("b", ["app.B1.js"]);
    const bBuilds = keepAssets({ from: a, to: b, previous: undefined });
    expect(bBuilds).toEqual([["app.B1.js"], ["app.A1.js", "fonts/inter.A2.woff2"]]);
    expect(statSync(join(b, "fonts/inter.A2.woff2")).ino).toBe(statSync(join(a, "fonts/inter.A2.woff2")).ino);

    const c = build("c", ["app.C1.js"]);
    const cBuilds = keepAssets({ from: b, to: c, previous: bBuilds });
    expect(readdirSync(c).sort()).toEqual(["app.A1.js", "app.B1.js", "app.C1.js", "fonts"]);

    const d = build("d", ["app.D1.js", "app.B1.js"]);
    const dBuilds = keepAssets({ from: c, to: d, previous: cBuilds });
    // The first build's files are gone; a file the new build made again is its own, not a link.
    expect(readdirSync(d).sort()).toEqual(["app.B1.js", "app.C1.js", "app.D1.js"]);
    expect(statSync(join(d, "app.B1.js")).ino).not.toBe(statSync(join(b, "app.B1.js")).ino);
    expect(dBuilds).toEqual([["app.B1.js", "app.D1.js"].sort(), ["app.C1.js"], ["app.B1.js"]]);
  });

  it("skips a listed file the current release no longer has", () => {
    const from = build("e", ["app.E1.js"]);
    const to = build("f", ["app.F1.js"]);
    const kept = keepAssets({ from, to, previous: [["app.E1.js", "gone.js"]] });
    expect(readdirSync(to).sort()).toEqual(["app.E1.js", "app.F1.js"]);
    expect(kept[1]).toEqual(["app.E1.js", "gone.js"]);
  });
});
