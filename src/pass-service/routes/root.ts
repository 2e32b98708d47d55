/** Root service (spec §7): service info, health, and the media files the catalog's images point at. */
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { textProblem } from "../../contract/common.ts";
import { rootCalls } from "../../contract/root.ts";
import { drawImage } from "../catalog/images.ts";
import { media } from "../db/schema.ts";
import { SERVICE_VERSION, type ServiceDeps } from "../deps.ts";
import { ServiceError } from "../errors.ts";
import type { HandlerTable } from "../http.ts";

/** The media key of a `/media/…` path, decoded; a path that is not percent-encoded UTF-8 text is a 400. */
function mediaKey(path: string): string {
  let key: string;
  try {
    key = decodeURIComponent(path.slice("/media/".length));
  } catch {
    throw new ServiceError(400, "VALIDATION", "path: Malformed percent-encoding in a media path", {
      field: "path",
    });
  }
  const problem = textProblem(key);
  if (problem) throw new ServiceError(400, "VALIDATION", `path: ${problem}`, { field: "path" });
  return key;
}

/** Registers the root calls and the /media/* file route. */
export function registerRootRoutes(table: HandlerTable, deps: ServiceDeps, app: Hono): void {
  table.serve(rootCalls.index, async () => ({
    name: "Vstupio pass service (reference implementation)",
    version: SERVICE_VERSION,
    openapi: "/openapi.json",
  }));

  table.serve(rootCalls.health, async ({ c }) => {
    const up = await deps.database.ping();
    const body = {
      errorText: "OK" as const,
      status: up ? ("ok" as const) : ("degraded" as const),
      database: up ? ("up" as const) : ("down" as const),
      version: SERVICE_VERSION,
    };
    return up ? body : c.json(body, 503);
  });

  app.get("/media/*", async (c) => {
    const key = mediaKey(c.req.path);
    const rows = await deps.database.db.select().from(media).where(eq(media.key, key));
    const file = rows[0];
    if (!file) {
      return c.json(
        { errorText: "ERROR_NOT_FOUND", type: "not_found", message: `No media file "${key}"` },
        404,
      );
    }
    if (c.req.header("if-none-match") === file.etag) return c.body(null, 304, { etag: file.etag });
    let bytes = file.bytes;
    if (!bytes) {
      if (!file.recipe) throw new Error(`The media row ${key} has neither bytes nor a recipe`);
      ({ bytes } = await drawImage(file.recipe.generate, file.recipe.width, file.recipe.height));
      await deps.database.db.update(media).set({ bytes }).where(eq(media.key, key));
    }
    return c.body(new Uint8Array(bytes), 200, {
      "content-type": file.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      etag: file.etag,
    });
  });
}
