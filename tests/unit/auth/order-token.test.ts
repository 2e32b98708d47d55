/**
 * Orders made while signed in belong to the account: the client sends the session's bearer token with
 * `order.create` when there is one (and with secure calls), never with public catalog calls.
 */
import { describe, expect, it } from "vitest";
import { createApiClient, createTokenStore } from "../../../src/client/index.ts";
import { CALLS } from "../../../src/contract/index.ts";

function client(token: string | null) {
  const sent: Headers[] = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Headers(init?.headers));
    return new Response(JSON.stringify({ errorText: "ERROR_STOP", message: "stop" }), { status: 400 });
  };
  const api = createApiClient({
    baseUrl: "http://pass.test",
    agentVersion: "test",
    agentSource: "web",
    language: "cs",
    fetch: fetch as typeof globalThis.fetch,
    tokenStore: createTokenStore(token),
    validateRequests: false,
  });
  return { api, sent };
}

describe("the bearer token", () => {
  it("goes with order.create when signed in, and not when anonymous", async () => {
    const signedIn = client("tok-1");
    await signedIn.api
      .call(CALLS["order.create"], { body: {} as never, idempotencyKey: "k-1" })
      .catch(() => undefined);
    expect(signedIn.sent[0]?.get("authorization")).toBe("Bearer tok-1");

    const anonymous = client(null);
    await anonymous.api
      .call(CALLS["order.create"], { body: {} as never, idempotencyKey: "k-2" })
      .catch(() => undefined);
    expect(anonymous.sent[0]?.has("authorization")).toBe(false);
  });

  it("does not go with public catalog calls", async () => {
    const signedIn = client("tok-1");
    await signedIn.api
      .call(CALLS["event.byId"], { query: { eventId: "1b8a8969-e84e-501d-9919-6875475c07af" } })
      .catch(() => undefined);
    expect(signedIn.sent[0]?.has("authorization")).toBe(false);
  });
});
