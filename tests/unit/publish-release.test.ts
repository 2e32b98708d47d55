/**
 * Linking a release's files into the next one (scripts/lib/publish/release.ts): an incremental run links the
 * current release's pages while its render workers write the changed ones into the same folders, and what
 * they wrote stays, also when it got there after the link looked; a page is written in place only where no file is
 * (`putFile`). The links are made by a worker thread, so the thread that asked for them goes on meanwhile.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startLinker } from "../../scripts/lib/publish/link.ts";
import { linkKeepingTarget, linkTree, putFile } from "../../scripts/lib/publish/release.ts";

const root = mkdtempSync(join(tmpdir(), "publish-release-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A release-like tree: `client/p<i>/index.html` for `pages` pages, and a `server/entry.mjs`. */
function tree(name: string, pages: number, text: string): string {
  const dir = join(root, name);
  for (let i = 0; i < pages; i++) {
    mkdirSync(join(dir, "client", `p${i}`), { recursive: true });
    writeFileSync(join(dir, "client", `p${i}`, "index.html"), text);
  }
  mkdirSync(join(dir, "server"), { recursive: true });
  writeFileSync(join(dir, "server", "entry.mjs"), "export {};");
  return dir;
}

describe("linkTree", () => {
  it("links every file as a hard link, but for the entry it skips, and keeps a file already there", () => {
    const from = tree("a", 3, "old");
    const to = join(root, "a-next");
    mkdirSync(join(to, "client", "p1"), { recursive: true });
    writeFileSync(join(to, "client", "p1", "index.html"), "rendered");
    linkTree(from, to, "client");
    expect(statSync(join(to, "server", "entry.mjs")).ino).toBe(
      statSync(join(from, "server", "entry.mjs")).ino,
    );
    expect(readdirSync(join(to, "client"))).toEqual(["p1"]);
    linkTree(join(from, "client"), join(to, "client"));
    expect(statSync(join(to, "client", "p0", "index.html")).ino).toBe(
      statSync(join(from, "client", "p0", "index.html")).ino,
    );
    expect(readFileSync(join(to, "client", "p1", "index.html"), "utf8")).toBe("rendered");
  });

  it("keeps a file that got to a target between the look and the link", () => {
    const from = tree("b", 1, "old");
    const target = join(root, "b-rendered.html");
    // What a render worker renames over a page while the tree is linked: there when linkSync runs.
    writeFileSync(target, "rendered");
    linkKeepingTarget(join(from, "client", "p0", "index.html"), target);
    expect(readFileSync(target, "utf8")).toBe("rendered");
    expect(() => linkKeepingTarget(join(from, "missing.html"), join(root, "b-missing.html"))).toThrow(
      /ENOENT/,
    );
  });
});

describe("putFile", () => {
  it("writes a new file in place, and a file that is there as a new one, leaving a hard-linked original as it was", () => {
    const from = tree("d", 1, "old");
    const to = join(root, "d-next");
    linkTree(from, to);
    const linked = join(to, "client", "p0", "index.html");
    const original = join(from, "client", "p0", "index.html");
    putFile(linked, "rendered");
    expect(readFileSync(linked, "utf8")).toBe("rendered");
    expect(readFileSync(original, "utf8")).toBe("old");
    expect(statSync(linked).ino).not.toBe(statSync(original).ino);
    mkdirSync(join(to, "client", "p1"));
    const fresh = join(to, "client", "p1", "index.html");
    putFile(fresh, "new page");
    expect(readFileSync(fresh, "utf8")).toBe("new page");
    expect(readdirSync(join(to, "client", "p0")).concat(readdirSync(join(to, "client", "p1")))).toEqual([
      "index.html",
      "index.html",
    ]);
    expect(() => putFile(join(to, "client", "missing", "index.html"), "x")).toThrow(/ENOENT/);
  });
});

describe("startLinker", () => {
  it("links, removes and deletes in a worker thread while the asking thread goes on, and reports a failed job", async () => {
    const from = tree("c", 2_000, "old");
    const to = join(root, "c-next");
    const linker = startLinker();
    try {
      // Turns of this thread's event loop while the job runs: none if the linking blocked it.
      let turns = 0;
      let done = false;
      const spin = (): void => {
        turns++;
        if (!done) setImmediate(spin);
      };
      setImmediate(spin);
      await linker.link({
        links: [{ from, to }],
        remove: { root: join(to, "client"), files: [join(to, "client", "p7", "index.html")] },
      });
      done = true;
      expect(turns).toBeGreaterThan(0);
      expect(statSync(join(to, "client", "p1999", "index.html")).ino).toBe(
        statSync(join(from, "client", "p1999", "index.html")).ino,
      );
      // The removed page's folder is gone with it.
      expect(readdirSync(join(to, "client"))).not.toContain("p7");
      expect(readdirSync(join(to, "client"))).toHaveLength(1_999);

      await expect(linker.link({ links: [{ from: join(root, "missing"), to }] })).rejects.toThrow(
        /link worker: ENOENT/,
      );
      // The worker answers the next job after a failed one.
      await linker.link({ links: [{ from: join(from, "server"), to: join(root, "c-server") }] });
      expect(readFileSync(join(root, "c-server", "entry.mjs"), "utf8")).toBe("export {};");
      // An old release is deleted whole.
      await linker.link({ trees: [to] });
      expect(existsSync(to)).toBe(false);
      expect(existsSync(join(from, "client", "p0", "index.html"))).toBe(true);
    } finally {
      await linker.stop();
    }
  });
});
