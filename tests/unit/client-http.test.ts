/**
 * The client's request building and error normalisation in the corners the main client tests leave out
 * (each case here failed a mutation of src/client/http.ts that the rest of the suite let through).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  buildPath,
  buildQuery,
  buildUrl,
  clearMemo,
  createTokenStore,
  describeIssues,
  MEMO_MAX,
  memoSize,
  resolveHref,
} from "../../src/client/index.ts";
import { CALLS } from "../../src/contract/index.ts";
import { client, failure, HEALTH, json, U } from "./support/api-client.ts";

beforeEach(() => clearMemo());

/** A promise with its resolve and reject, to control when a fake answer arrives. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("building requests", () => {
  it("clears the token for an empty one", () => {
    const store = createTokenStore("abc");
    store.setToken("");
    expect(store.getToken()).toBeNull();
    store.setToken("next");
    expect(store.getToken()).toBe("next");
  });

  it("refuses a missing, null or empty path parameter with request_fail naming it, and takes 0", () => {
    const path = "/order/{orderId}/spayd-qr";
    for (const params of [undefined, {}, { orderId: null }, { orderId: "" }]) {
      expect(() => buildPath(path, params)).toThrowError(
        expect.objectContaining({
          name: "request_fail",
          status: 0,
          message: `Missing path parameter "orderId" of ${path}`,
        }),
      );
    }
    expect(buildPath(path, { orderId: 0 })).toBe("/order/0/spayd-qr");
  });

  it("skips null and undefined query values and items, and writes dates and falsy values", () => {
    expect(buildQuery({ a: null })).toBe("");
    expect(buildQuery({ a: undefined, b: [null, undefined, "x"] })).toBe("?b=x");
    expect(buildQuery({ a: 0, b: false, c: "" })).toBe("?a=0&b=false&c=");
    expect(buildQuery({ at: new Date("2026-06-01T10:00:00Z") })).toBe("?at=2026-06-01T10%3A00%3A00.000Z");
  });

  it("drops every trailing slash of the base URL", () => {
    expect(buildUrl("http://pass.test//", CALLS["root.health"])).toBe("http://pass.test/health");
    expect(resolveHref("http://pass.test//", "/media/a.svg")).toBe("http://pass.test/media/a.svg");
  });

  it("prefixes only root-relative links; absolute, protocol-relative and other links stay", () => {
    const base = "http://pass.test";
    expect(resolveHref(base, "http://cdn.test/a.svg")).toBe("http://cdn.test/a.svg");
    expect(resolveHref(base, "https://cdn.test/a.svg")).toBe("https://cdn.test/a.svg");
    expect(resolveHref(base, "media/a.svg")).toBe("media/a.svg");
    expect(resolveHref(base, "//cdn.test/a.svg")).toBe("//cdn.test/a.svg");
    expect(resolveHref(base, "/go?to=https://x.test/")).toBe("http://pass.test/go?to=https://x.test/");
  });

  it("describes at most five issues, with their paths under an optional prefix", () => {
    const schema = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string() });
    const five = schema.safeParse({}).error?.issues ?? [];
    expect(five).toHaveLength(5);
    const text = describeIssues("x.call", five, "body");
    expect(text).toMatch(/^x\.call: body\.a: .+; body\.b: .+; body\.c: .+; body\.d: .+; body\.e: [^;]+$/);
    const six = schema.extend({ f: z.string() }).safeParse({}).error?.issues ?? [];
    expect(describeIssues("x.call", six)).toMatch(/^x\.call: a: .+; e: [^;]+; and 1 more$/);
    expect(describeIssues("x.call", five.slice(0, 1), "")).toMatch(/^x\.call: a: /);
    const top = z.string().safeParse(1).error?.issues ?? [];
    expect(describeIssues("x.call", top)).toBe(`x.call: ${top[0]?.message}`);
  });

  it("checks path parameters, query and body against the contract before sending", async () => {
    const { api, sent } = client(() => json(HEALTH));
    const untyped = api.call as (def: unknown, opts?: unknown) => Promise<unknown>;
    const noParams = await failure(untyped(CALLS["root.spaydQr"], {}));
    expect(noParams.message).toMatch(/^root\.spaydQr: params\.orderId: /);
    const badParams = await failure(untyped(CALLS["root.spaydQr"], { params: { orderId: "x" } }));
    expect(badParams.message).toMatch(/^root\.spaydQr: params\.orderId: /);
    const badQuery = await failure(untyped(CALLS["reservation.delete"], { query: { reservationId: "x" } }));
    expect(badQuery.message).toMatch(/^reservation\.delete: query\.reservationId: /);
    const noBody = await failure(untyped(CALLS["auth.login"], {}));
    expect(noBody.message).toMatch(/^auth\.login: body: /);
    expect(sent).toHaveLength(0);
  });

  it("says which call needs a login", async () => {
    const { api } = client(() => json(HEALTH));
    const err = await failure(api.call(CALLS["account.orders"]));
    expect(err.message).toBe("account.orders: this call needs a login (no token)");
    expect(err.call).toBe("account.orders");
  });

  it("sends a plain GET as JSON, without body, key or cookies, and with the caller's headers", async () => {
    const { api, sent } = client(() => json(HEALTH));
    await api.call(CALLS["root.health"], { headers: { "X-Test": "1" } });
    const [get] = sent;
    expect(get?.headers.get("Accept")).toBe("application/json");
    expect(get?.headers.get("Idempotency-Key")).toBeNull();
    expect(get?.headers.get("Content-Type")).toBeNull();
    expect(get?.headers.get("X-Test")).toBe("1");
    expect(get?.body).toBeUndefined();
    expect(get?.credentials).toBeUndefined();
  });

  it("gives an idempotent call a fresh key when the caller gives none", async () => {
    const { api, sent } = client(() => json({ errorText: "OK" }));
    const untyped = api.call as (def: unknown, opts?: unknown) => Promise<unknown>;
    const body = { eventId: U(1), items: [{ ticketTypeId: U(10), count: 1 }] };
    await untyped(CALLS["reservation.create"], { body }).catch(() => "answer breaks the contract");
    await untyped(CALLS["reservation.create"], { body }).catch(() => "answer breaks the contract");
    const keys = sent.map((s) => s.headers.get("Idempotency-Key"));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe("normalising failures (spec §8)", () => {
  it("an answer whose body fails to read is no_response, with the call and the cause", async () => {
    const reset = new Error("connection reset");
    const { api } = client(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.error(reset);
            },
          }),
        ),
    );
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status, err.call]).toEqual(["no_response", 0, "root.health"]);
    expect(err.message).toBe("root.health: no response (connection reset)");
  });

  it("a network failure keeps its cause and names the call; a cause without a message gives its name", async () => {
    const cause = new TypeError("");
    const { api } = client(() => Promise.reject(cause));
    const err = await failure(api.call(CALLS["root.health"]));
    expect(err.cause).toBe(cause);
    expect(err.call).toBe("root.health");
    expect(err.message).toBe("root.health: no response (TypeError)");
    const { api: other } = client(() => Promise.reject("offline"));
    expect((await failure(other.call(CALLS["root.health"]))).message).toBe(
      "root.health: no response (offline)",
    );
  });

  it("invalid JSON in a 2xx keeps the status, the text and the parse error", async () => {
    const { api } = client(() => new Response("<html>", { status: 200 }));
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status, err.body, err.call]).toEqual([
      "request_fail",
      200,
      "<html>",
      "root.health",
    ]);
    expect(err.cause).toBeInstanceOf(SyntaxError);
  });

  it("an answer that breaks the contract keeps its status and body", async () => {
    const { api } = client(() => json({ errorText: "OK" }, 201));
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status, err.body]).toEqual(["request_fail", 201, { errorText: "OK" }]);
  });

  it("an HTTP failure with an empty body has no body; with JSON null or blank names it is api_error", async () => {
    const { api } = client(() => new Response("", { status: 503, statusText: "Service Unavailable" }));
    const empty = await failure(api.call(CALLS["root.health"]));
    expect([empty.name, empty.status, empty.message, empty.body]).toEqual([
      "api_error",
      503,
      "Service Unavailable",
      undefined,
    ]);
    const { api: nullBody } = client(() => new Response("null", { status: 500 }));
    expect((await failure(nullBody.call(CALLS["root.health"]))).name).toBe("api_error");
    const { api: blank } = client(() => json({ type: "  ", errorText: "ERROR_SOLD_OUT", message: " " }, 409));
    const err = await failure(blank.call(CALLS["root.health"]));
    expect([err.name, err.message]).toEqual(["sold_out", "ERROR_SOLD_OUT"]);
  });

  it("a batch answer without languages is request_fail naming the first language", async () => {
    const { api } = client(() => json({ errorText: "OK" }), {
      memoizeGet: true,
      batchLanguages: ["cs", "en"],
    });
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status]).toEqual(["request_fail", 200]);
    expect(err.message).toContain("languages.cs");
    expect(err.body).toEqual({ errorText: "OK" });
  });
});

describe("memoised GET calls", () => {
  /** Quick stats of an event, as the service answers them. */
  const stats = (eventId: string) => ({
    eventId,
    salesState: "onSale",
    capacity: 10,
    available: 5,
    soldPercent: 50,
    lowAvailability: false,
    ticketTypesOnSale: 1,
    favoriteCount: 0,
  });
  /** The event id of a quick-stats address. */
  const eventIdOf = (url: string) => /event\/id\/([^/]+)\//.exec(url)?.[1] ?? "";

  it("keep one batch per address", async () => {
    const { api, sent } = client(
      (req) => {
        const eventId = eventIdOf(req.url);
        return json({ errorText: "OK", languages: { cs: { errorText: "OK", quickStats: stats(eventId) } } });
      },
      { memoizeGet: true, batchLanguages: ["cs"] },
    );
    const of = (eventId: string) => api.call(CALLS["v2.eventQuickStats"], { params: { eventId } });
    expect((await of(U(1))).quickStats.eventId).toBe(U(1));
    expect((await of(U(2))).quickStats.eventId).toBe(U(2));
    await of(U(1));
    expect(sent).toHaveLength(2);
  });

  it(`keep at most ${MEMO_MAX} answers, dropping the least recently used`, async () => {
    const { api, sent } = client(
      (req) => {
        const eventId = eventIdOf(req.url);
        return json({ errorText: "OK", quickStats: stats(eventId) });
      },
      { memoizeGet: true },
    );
    const of = (n: number) => api.call(CALLS["v2.eventQuickStats"], { params: { eventId: U(n) } });
    for (let n = 1; n <= MEMO_MAX; n++) await of(n);
    expect(memoSize()).toBe(MEMO_MAX);
    await of(1); // now the most recently used: the next new answer drops the second
    await of(MEMO_MAX + 1);
    expect(memoSize()).toBe(MEMO_MAX);
    const before = sent.length;
    await of(1);
    await of(MEMO_MAX + 1);
    expect(sent.length, "kept answers are not fetched again").toBe(before);
    await of(2);
    expect(sent.length, "the least recently used answer was dropped").toBe(before + 1);
  });

  for (const batched of [false, true]) {
    it(`a failed ${batched ? "batch" : "call"} forgets only its own promise, not one memoised after a clear`, async () => {
      const answers = [deferred<Response>(), deferred<Response>()];
      let n = 0;
      const body = batched ? { errorText: "OK", languages: { cs: HEALTH, en: HEALTH } } : HEALTH;
      const { api, sent } = client(() => answers[n++]?.promise ?? json(body), {
        memoizeGet: true,
        ...(batched ? { batchLanguages: ["cs", "en"] as const } : {}),
      });
      const first = api.call(CALLS["root.health"]);
      clearMemo();
      const second = api.call(CALLS["root.health"]);
      answers[0]?.reject(new Error("down"));
      await expect(first).rejects.toMatchObject({ name: "no_response" });
      answers[1]?.resolve(json(body));
      await second;
      await api.call(CALLS["root.health"]);
      expect(sent).toHaveLength(2);
    });
  }

  it("a failed batch is forgotten, so the next call fetches again", async () => {
    let n = 0;
    const { api, sent } = client(
      () =>
        n++ === 0
          ? json({ errorText: "ERROR_BUSY" }, 503)
          : json({ errorText: "OK", languages: { cs: HEALTH } }),
      { memoizeGet: true, batchLanguages: ["cs"] },
    );
    await expect(api.call(CALLS["root.health"])).rejects.toMatchObject({ name: "busy" });
    await expect(api.call(CALLS["root.health"])).resolves.toEqual(HEALTH);
    expect(sent).toHaveLength(2);
  });
});
