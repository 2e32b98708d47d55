/** Statuses whose HTTP responses have no body (the Fetch standard's null body statuses, with 101 and 103). */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** True when a response of this status has no body: its `Response` must be made with `null`. */
export function hasNullBody(status: number): boolean {
  return NULL_BODY_STATUSES.has(status);
}
