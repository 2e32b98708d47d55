/** A client of the pass service over a fake fetch that records each request: for unit tests of src/client. */
import { expect } from "vitest";
import { type ApiClientOptions, ApiError, createApiClient } from "../../../src/client/index.ts";

/** One request the fake fetch received. */
export interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

/** Answers a recorded request. */
export type Responder = (sent: Sent) => Response | Promise<Response>;

/** A fake fetch that records each request and answers with `respond`. */
export function fakeFetch(respond: Responder) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request: Sent = {
      url: String(input),
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? init.body : undefined,
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    sent.push(request);
    return respond(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

/** A JSON response. */
export const json = (body: unknown, status = 200, statusText = "") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "Content-Type": "application/json" } });

/** A health answer. */
export const HEALTH = { errorText: "OK", status: "ok", database: "up", version: "1.2.3" };
/** A UUID from a number. */
export const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** A client of the pass service at http://pass.test/ over a fake fetch. */
export function client(respond: Responder, extra: Partial<ApiClientOptions> = {}) {
  const fake = fakeFetch(respond);
  const api = createApiClient({
    baseUrl: "http://pass.test/",
    agentVersion: "0.1.0",
    agentSource: "web",
    language: "cs",
    fetch: fake.fetch,
    ...extra,
  });
  return { api, sent: fake.sent };
}

/** The ApiError a promise rejects with (fails the test when it resolves). */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error("expected the call to fail");
}
