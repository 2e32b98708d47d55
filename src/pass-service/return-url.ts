/**
 * Where a payment gateway may send the buyer back: only to an origin of the storefront (or of the service
 * itself), or the service would be an open redirect.
 */
import type { ServiceSettings } from "./deps.ts";
import { ServiceError } from "./errors.ts";

/** 400 unless a return URL is on an origin of the storefront (or of the service itself). */
export function checkReturnUrl(
  settings: Pick<ServiceSettings, "corsOrigins" | "publicUrl">,
  returnUrl: string | undefined,
): void {
  if (returnUrl === undefined) return;
  const origin = new URL(returnUrl).origin;
  const { corsOrigins, publicUrl } = settings;
  if (corsOrigins.includes("*") || corsOrigins.includes(origin)) return;
  if (publicUrl && new URL(publicUrl).origin === origin) return;
  throw new ServiceError(400, "VALIDATION", `body.returnUrl: ${origin} is not an origin of the storefront`, {
    field: "body.returnUrl",
  });
}
