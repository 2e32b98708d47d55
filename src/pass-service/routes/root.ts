/**
 * Root service (spec §7): service info, health, the SPAYD QR code of a bank transfer, and the media files
 * the catalog's images point at.
 */
import type { Hono } from "hono";
import { textProblem } from "../../contract/common.ts";
import { rootCalls } from "../../contract/root.ts";
import { qrSvg } from "../../lib/qr.ts";
import { SERVICE_VERSION, type ServiceDeps } from "../deps.ts";
import { ServiceError } from "../errors.ts";
import type { HandlerTable } from "../http.ts";
import { mediaFile } from "../services/media.ts";
import { orderSpayd } from "../services/order-views.ts";
import { findOrder } from "../services/orders/lifecycle.ts";

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
  const { db } = deps.database;

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

  table.serve(rootCalls.spaydQr, async ({ params, c }) => {
    const order = await findOrder(db, params.orderId, deps.clock.now());
    const spayd = await orderSpayd(db, order);
    if (!spayd) {
      throw new ServiceError(404, "NOT_FOUND", "This order is not paid by bank transfer", {
        field: "orderId",
      });
    }
    return c.body(qrSvg(spayd, { label: `QR Platba ${order.orderNumber}`, errorCorrection: "M" }), 200, {
      "content-type": "image/svg+xml; charset=utf-8",
      "x-spayd": spayd,
    });
  });

  app.get("/media/*", async (c) => {
    const key = mediaKey(c.req.path);
    const etag = c.req.header("if-none-match");
    const file = await mediaFile(db, key, etag);
    if (!file) {
      return c.json(
        { errorText: "ERROR_NOT_FOUND", type: "not_found", message: `No media file "${key}"` },
        404,
      );
    }
    if (file === "notModified") return c.body(null, 304, { etag: etag ?? "" });
    return c.body(file.bytes, 200, {
      "content-type": file.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      etag: file.etag,
    });
  });
}
