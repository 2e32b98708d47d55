/**
 * Errors of the API clients (spec §8). Every failure of a call becomes one `ApiError` with a `name`
 * and a `status`; callers match them by status number or by name with `isApiError`.
 */

/** Error names the client itself produces (others come from the service's `ERROR_<NAME>` texts). */
export const CLIENT_ERROR_NAMES = {
  /** HTTP failure whose body names no error. */
  apiError: "api_error",
  /** No response: network failure, abort or timeout. Status 0. */
  noResponse: "no_response",
  /** Any other failure: invalid JSON, a response or request that breaks the contract. */
  requestFail: "request_fail",
  /** A secure call without a token; no request is sent. Status 401. */
  unauthorized: "unauthorized",
} as const;

/** Options of an `ApiError` beyond name, status and message. */
export interface ApiErrorOptions {
  /** Parsed response body (or its text when it was not JSON). */
  body?: unknown;
  /** Id of the call that failed, e.g. `event.bySlugs`. */
  call?: string;
  /** The underlying error. */
  cause?: unknown;
}

/** A failed call: `name` is the normalised error name, `status` the HTTP status (500 for a refusal in a 2xx, 0 without a response). */
export class ApiError extends Error {
  override name: string;
  /** HTTP status; 500 for a 2xx whose errorText is not OK; 0 when there was no response. */
  readonly status: number;
  /** Response body, when there was one. */
  readonly body?: unknown;
  /** Id of the call that failed. */
  readonly call?: string;

  constructor(name: string, status: number, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = name;
    this.status = status;
    this.body = options.body;
    this.call = options.call;
  }
}

/** Error name from a service text: a leading `ERROR_` removed, lower case (`ERROR_SOLD_OUT` → `sold_out`). */
export function normalizeErrorName(text: string): string {
  return text.replace(/^ERROR_/, "").toLowerCase();
}

/**
 * Whether `err` is an `ApiError`, optionally one with the given status (number) or name (string,
 * normalised first, so `"ERROR_SOLD_OUT"` and `"sold_out"` match the same error).
 */
export function isApiError(err: unknown, match?: number | string): err is ApiError {
  if (!(err instanceof ApiError)) return false;
  if (match === undefined) return true;
  if (typeof match === "number") return err.status === match;
  return err.name === normalizeErrorName(match);
}
