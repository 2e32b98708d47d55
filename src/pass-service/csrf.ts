/**
 * The CSRF check of the service: a browser names the page's origin on every cross-site POST or DELETE, and
 * a request that changes state is refused (403) when that origin is not allowed. Requests without an Origin
 * (servers, gateways, the CLI) are not browsers' and pass. The API allows the storefront's origins
 * (app.ts); the test gateway's form only the service's own (gateway.ts).
 */
import type { MiddlewareHandler } from "hono";

/** The service's own public origin (its pages and the forms on them). */
export function ownOrigin(settings: { publicUrl: string }): string {
  return new URL(settings.publicUrl || "http://invalid").origin;
}

/** Middleware refusing a state-changing browser request whose Origin is not allowed. */
export function refuseForeignOrigins(allowed: (origin: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (c.req.method !== "GET" && c.req.method !== "OPTIONS" && origin && !allowed(origin)) {
      return c.json(
        {
          errorText: "ERROR_FORBIDDEN_ORIGIN",
          type: "forbidden_origin",
          message: `Requests from ${origin} are not allowed`,
        },
        403,
      );
    }
    return next();
  };
}
