/**
 * Refusals of the pass service as the buyer sees them: a message key (under `cart.` of the locale files)
 * per error name or status, never the raw message, how long a client over its limits waits, and which refusals a hold or an order meets.
 */
import { type ApiError, isApiError } from "../../client/index.ts";

/** Message keys (under `cart.`) of the refusals the service answers, by error name. */
export const ERROR_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  sold_out: "errors.soldOut",
  limit_exceeded: "errors.limitExceeded",
  not_on_sale: "errors.notOnSale",
  hold_expired: "errors.holdExpired",
  reservation_not_found: "errors.holdExpired",
  invalid_code: "errors.invalidCode",
  payment_method_not_offered: "errors.paymentMethodNotOffered",
  payment_declined: "errors.paymentDeclined",
  validation: "errors.validation",
  no_response: "errors.network",
  rate_limited: "errors.rateLimited",
  too_many_held: "errors.tooManyHeld",
  terms_not_accepted: "legal.checkout.required",
  terms_changed: "legal.checkout.changed",
};

/** The message key (under `cart.`) of an error: its name's, else one by status; never the raw message. */
export function errorMessageKey(error: { name?: string; status?: number } | null | undefined): string {
  const name = error?.name ?? "";
  const known = ERROR_MESSAGE_KEYS[name];
  if (known) return known;
  const status = error?.status ?? 0;
  if (status === 501 || status === 503) return "errors.unavailable";
  return "errors.generic";
}

/** Seconds the service asks to wait before trying again (`retryAfter` of a 429), if it said. */
export function retryAfterOf(error: { body?: unknown } | null | undefined): number | null {
  const body = error?.body;
  const value =
    typeof body === "object" && body !== null ? (body as { retryAfter?: unknown }).retryAfter : null;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/**
 * The notice of a refused call: its message key (see `errorMessageKey`) and, for a client over its limits,
 * how long to wait, in minutes from two minutes up and in seconds below (`{{wait}}` with its unit's key).
 */
export function errorNotice(error: { name?: string; status?: number; body?: unknown } | null | undefined): {
  key: string;
  values?: Record<string, number>;
} {
  const key = errorMessageKey(error);
  const seconds = retryAfterOf(error);
  if (seconds === null || (error?.status ?? 0) !== 429) return { key };
  return seconds >= 120
    ? { key: `${key}Minutes`, values: { wait: Math.ceil(seconds / 60) } }
    : { key, values: { wait: seconds } };
}

/** The JSON body of a refusal (its `field`, `issues`, …), empty when there is none. */
export function errorBody(error: ApiError): Record<string, unknown> {
  return typeof error.body === "object" && error.body !== null ? (error.body as Record<string, unknown>) : {};
}

/** True for a refusal of what was asked for: sold out, over a limit, or not on sale. */
export function isRefusal(error: unknown): error is ApiError {
  return (
    isApiError(error, "sold_out") || isApiError(error, "limit_exceeded") || isApiError(error, "not_on_sale")
  );
}

/** True when the hold the request names has ended or is not known to the service. */
export function isLostHold(error: unknown): error is ApiError {
  return isApiError(error, "hold_expired") || isApiError(error, "reservation_not_found");
}
