/**
 * The storefront's image endpoint over real HTTP: a storefront server on an empty built site, reading the
 * media files of a real pass service with the demo catalog. Variants are encoded on their first request
 * (right format and size, never upscaled), kept on disk and answered from there, validated with ETags, and
 * refused for anything but the service's media files and the storefront's widths and formats.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImageVariant, imageVariantUrl } from "../../src/lib/image-url.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { type RunningStorefront, startStorefrontServer } from "../../src/server/server.ts";
import { must } from "./support/expect.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let storefront: RunningStorefront;
let root: string;
let cacheDir: string;
/** A poster of the demo catalog: its media path and size. */
let poster: { url: string; width: number; height: number };

beforeAll(async () => {
  svc = await startTestService();
  root = mkdtempSync(join(tmpdir(), "storefront-images-"));
  mkdirSync(join(root, "client"));
  cacheDir = join(root, "image-cache");
  storefront = await startStorefrontServer({
    distDir: root,
    host: "127.0.0.1",
    port: 0,
    serviceUrls: [svc.url],
    passApiUrl: svc.url,
    imageCacheDir: cacheDir,
    logger: createLogger("storefront", { stage: "development" }),
  });
  const paths = await svc.request("/api/v2/static-paths/events");
  for (const entry of paths.body.events as { eventId: string }[]) {
    const answer = await svc.request(`/api/v2/event/id/${entry.eventId}`, { lang: "en" });
    if (answer.body.event.poster) {
      poster = answer.body.event.poster;
      break;
    }
  }
  must(poster, "event with a poster");
});

afterAll(async () => {
  await storefront?.close();
  await svc?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The address of a variant of the poster. */
const variantOf = (variant: Omit<ImageVariant, "source">, source = new URL(poster.url, svc.url).pathname) =>
  imageVariantUrl({ source, ...variant });

/** GETs a path of the storefront. */
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, storefront.url), { headers });

/** Every file under the cache folder. */
function cachedFiles(): string[] {
  return readdirSync(cacheDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("the image endpoint", () => {
  it("encodes a cold variant in its format and size, keeps it on disk and answers it again from there", async () => {
    const path = variantOf({ width: 640, format: "avif", aspect: [3, 4] });
    const cold = await get(path);
    expect(cold.status).toBe(200);
    expect(cold.headers.get("content-type")).toBe("image/avif");
    expect(cold.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(cold.headers.get("vary")).toBeNull();
    expect(cold.headers.get("x-cache")).toBe("miss");
    const bytes = Buffer.from(await cold.arrayBuffer());
    expect(Number(cold.headers.get("content-length"))).toBe(bytes.byteLength);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("heif");
    expect(meta.compression).toBe("av1");
    expect([meta.width, meta.height]).toEqual([640, Math.round((640 * 4) / 3)]);

    const files = cachedFiles().filter((file) => file.endsWith(".avif"));
    expect(files).toHaveLength(1);
    const file = must(files[0], "cache file");
    expect(readFileSync(file).equals(bytes)).toBe(true);
    const before = statSync(file);

    const again = await get(path);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-cache")).toBe("hit");
    expect(again.headers.get("etag")).toBe(cold.headers.get("etag"));
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const after = statSync(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(cachedFiles()).toHaveLength(files.length);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const path = variantOf({ width: 256, format: "webp" });
    const first = await get(path);
    const etag = must(first.headers.get("etag") ?? undefined, "ETag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await get(path, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await again.text()).toBe("");
  });

  it("makes WebP at the source's own aspect and never upscales", async () => {
    const small = await get(variantOf({ width: 256, format: "webp" }));
    expect(small.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([256, Math.round((256 * poster.height) / poster.width)]);

    const huge = await get(variantOf({ width: 3840, format: "webp" }));
    const hugeMeta = await sharp(Buffer.from(await huge.arrayBuffer())).metadata();
    expect([hugeMeta.width, hugeMeta.height]).toEqual([poster.width, poster.height]);
  });

  it("encodes a variant once for concurrent first requests", async () => {
    const path = variantOf({ width: 1080, format: "avif", aspect: [1, 1] });
    const answers = await Promise.all([get(path), get(path), get(path)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.headers.get("x-cache")).sort()).toEqual(["hit", "hit", "miss"]);
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    expect(bodies.every((body) => body.equals(must(bodies[0], "body")))).toBe(true);
  });

  it("answers 404 for a media file the service does not have", async () => {
    const missing = await get(variantOf({ width: 640, format: "webp" }, "/media/no-such-image.jpg"));
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-cache");
  });

  it("refuses foreign sources, other paths of the service and other widths, formats and aspects", async () => {
    const encoded = (text: string) => Buffer.from(text).toString("base64url");
    const good = variantOf({ width: 640, format: "webp" });
    expect((await get(good)).status).toBe(200);
    const refused = [
      `/_img/640/${encoded("https://example.com/media/a.jpg")}.webp`,
      `/_img/640/${encoded("//example.com/media/a.jpg")}.webp`,
      `/_img/640/${encoded("/api/v2/static-paths/events")}.webp`,
      `/_img/640/${encoded("/media/../api/v2/static-paths/events")}.webp`,
      good.replace("/640/", "/641/"),
      good.replace("/640/", "/640-2x1/"),
      good.replace(".webp", ".png"),
      good.replace(".webp", ".gif"),
      "/_img/",
      "/_img/640/%00.webp",
    ];
    for (const path of refused) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
    }
  });
});
