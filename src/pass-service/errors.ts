/** Errors the service answers with: one body shape for every refusal (spec §8 wire format). */

/** A refusal with an HTTP status and an `ERROR_<NAME>` text; thrown by handlers, rendered by the app. */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly issues: { path: string; message: string }[] | undefined;
  readonly details: Record<string, string | number | null | string[]> | undefined;
  /** Response headers the refusal needs (e.g. `Retry-After` of a 429, `WWW-Authenticate` of a 401). */
  readonly headers: Record<string, string> | undefined;

  /** `code` is the name without the ERROR_ prefix, e.g. "SOLD_OUT". */
  constructor(
    status: number,
    code: string,
    message: string,
    extra: {
      field?: string;
      issues?: { path: string; message: string }[];
      /** Machine-readable facts of the refusal (e.g. `available` for a sold-out line). */
      details?: Record<string, string | number | null | string[]>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = "ServiceError";
    this.status = status;
    this.code = code.toUpperCase();
    this.field = extra.field;
    this.issues = extra.issues;
    this.details = extra.details;
    this.headers = extra.headers;
  }

  /** The JSON body sent to the client. */
  toBody(): Record<string, unknown> {
    return {
      errorText: `ERROR_${this.code}`,
      type: this.code.toLowerCase(),
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.issues ? { issues: this.issues } : {}),
      ...this.details,
    };
  }
}

/** 404 for an unknown id or slug. */
export function notFound(what: string, key: string): ServiceError {
  return new ServiceError(404, "NOT_FOUND", `${what} "${key}" was not found`);
}

/** 400 for a request that breaks the contract, naming the first bad field. */
export function badRequest(issues: { path: string; message: string }[]): ServiceError {
  const first = issues[0];
  const message = first ? `${first.path || "request"}: ${first.message}` : "Invalid request";
  return new ServiceError(400, "VALIDATION", message, { ...(first ? { field: first.path } : {}), issues });
}

/**
 * 401 for a secure call without a valid bearer token, with the RFC 6750 challenge: `invalid_token` when a
 * token was sent but is not (or no longer) valid.
 */
export function unauthorized(callId: string, tokenSent: boolean): ServiceError {
  return new ServiceError(
    401,
    "UNAUTHORIZED",
    tokenSent ? `${callId} needs a valid bearer token` : `${callId} needs a bearer token`,
    { headers: { "WWW-Authenticate": tokenSent ? 'Bearer error="invalid_token"' : "Bearer" } },
  );
}

/** 501 for a call of the contract that the reference service does not serve yet. */
export function notImplemented(callId: string): ServiceError {
  return new ServiceError(
    501,
    "NOT_IMPLEMENTED",
    `The call "${callId}" is not implemented yet in the reference pass service`,
  );
}

/** 429 for a client over one of its limits, with the seconds to wait (`Retry-After` and `retryAfter`). */
export function tooManyRequests(retryAfterSeconds: number, message: string): ServiceError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ServiceError(429, "RATE_LIMITED", message, {
    details: { retryAfter },
    headers: { "Retry-After": String(retryAfter) },
  });
}
