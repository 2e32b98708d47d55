/** Root service of spec §7: service info, health and the SPAYD QR image of an order. */
import { z } from "zod/mini";
import { Href, ok, Uuid } from "./common.ts";
import { defineCall } from "./define.ts";

/** Health of the service: `status` is "ok" when the database answers, "degraded" otherwise. */
export const Health = ok({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  version: z.string(),
});

/** `root.index`: Name and version of the service and where its OpenAPI document is. */
export const rootIndex = defineCall({
  id: "root.index",
  area: "root",
  method: "GET",
  path: "/",
  response: ok({
    name: z.string(),
    version: z.string(),
    openapi: Href.check(z.meta({ description: "OpenAPI document" })),
  }),
  secure: false,
  summary: "Name and version of the service and where its OpenAPI document is",
});

/** `root.health`: Health of the service and its database (HTTP 503 with the same body when degraded). */
export const rootHealth = defineCall({
  id: "root.health",
  area: "root",
  method: "GET",
  path: "/health",
  response: Health,
  secure: false,
  summary: "Health of the service and its database (HTTP 503 with the same body when degraded)",
});

/** `root.spaydQr`: QR code (SVG) of the Czech SPAYD payment string of an order paid by bank transfer. */
export const rootSpaydQr = defineCall({
  id: "root.spaydQr",
  area: "root",
  method: "GET",
  path: "/order/{orderId}/spayd-qr",
  params: z.object({ orderId: Uuid }),
  response: z.any(),
  produces: "image/svg+xml",
  secure: false,
  summary: "QR code (SVG) of the Czech SPAYD payment string of an order paid by bank transfer",
});

/** Calls of the root service. */
export const rootCalls = {
  index: rootIndex,
  health: rootHealth,
  spaydQr: rootSpaydQr,
} as const;
