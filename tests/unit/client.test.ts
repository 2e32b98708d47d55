import { beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  buildQuery,
  buildUrl,
  clearMemo,
  createApiClient,
  createTokenStore,
  isApiError,
  memoSize,
  normalizeErrorName,
} from "../../src/client/index.ts";
import { CALLS } from "../../src/contract/index.ts";
import { client, failure, fakeFetch, HEALTH, json, U } from "./support/api-client.ts";

const sampleEvent = {
  eventId: U(1),
  organizerSlug: "jazz-praha",
  eventSlug: "jazz-night",
  name: "Jazz Night",
  startsAt: "2026-07-03T19:00:00+02:00",
  endsAt: "2026-07-03T23:00:00+02:00",
  timezone: "Europe/Prague",
  eventTypeId: 1,
  eventKindId: 1,
  eventCategoryIds: [1],
  currencyId: 1,
  salesState: "onSale",
  saleStartsAt: null,
  priceFrom: 49000,
  poster: null,
  venueName: null,
  city: null,
  flags: { popular: false, ourSelection: false, special: false },
  visible: true,
  updatedAt: "2026-05-01T10:00:00Z",
  description: "Jazz.",
  doorsAt: null,
  saleEndsAt: null,
  eventSizeId: 1,
  venue: null,
  gallery: [],
  galleryIds: [],
  eventGroups: [],
  organizer: { organizerId: U(2), organizerSlug: "jazz-praha", name: "Jazz Praha" },
  hasProgram: false,
  hasSeatMap: false,
};

beforeEach(() => {
  clearMemo();
});

describe("error names", () => {
  it("normalizeErrorName drops a leading ERROR_ and lowercases", () => {
    expect(normalizeErrorName("ERROR_SOLD_OUT")).toBe("sold_out");
    expect(normalizeErrorName("NOT_FOUND")).toBe("not_found");
    expect(normalizeErrorName("MY_ERROR_X")).toBe("my_error_x");
  });

  it("isApiError matches by status number or by name", () => {
    const err = new ApiError("sold_out", 409, "Sold out");
    expect(isApiError(err)).toBe(true);
    expect(isApiError(err, 409)).toBe(true);
    expect(isApiError(err, 404)).toBe(false);
    expect(isApiError(err, "sold_out")).toBe(true);
    expect(isApiError(err, "ERROR_SOLD_OUT")).toBe(true);
    expect(isApiError(err, "not_found")).toBe(false);
    expect(isApiError(new Error("x"))).toBe(false);
    expect(isApiError(null, 409)).toBe(false);
  });
});

describe("error catalogue (spec §8)", () => {
  it("2xx with errorText ERROR_SOLD_OUT → sold_out, status 500, message from the body", async () => {
    const { api } = client(() => json({ errorText: "ERROR_SOLD_OUT", message: "No tickets left" }));
    const err = await failure(api.call(CALLS["root.health"]));
    expect(err.name).toBe("sold_out");
    expect(err.status).toBe(500);
    expect(err.message).toBe("No tickets left");
    expect(err.call).toBe("root.health");
    expect(err.body).toEqual({ errorText: "ERROR_SOLD_OUT", message: "No tickets left" });
  });

  it("2xx refusal without a message takes the errorText as message", async () => {
    const { api } = client(() => json({ errorText: "ERROR_COUPON_EXPIRED" }));
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status, err.message]).toEqual(["coupon_expired", 500, "ERROR_COUPON_EXPIRED"]);
  });

  it("HTTP failure: body.type wins over errorText and error", async () => {
    const { api } = client(() =>
      json(
        { type: "validation", errorText: "ERROR_BAD", error: "Bad Request", message: "buyer.email: bad" },
        400,
      ),
    );
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status, err.message]).toEqual(["validation", 400, "buyer.email: bad"]);
  });

  it("HTTP failure: errorText is used when there is no type, and is the message when there is no message", async () => {
    const { api } = client(() => json({ errorText: "ERROR_NOT_FOUND", error: "Not Found" }, 404));
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status, err.message]).toEqual(["not_found", 404, "ERROR_NOT_FOUND"]);
  });

  it("HTTP failure: error is used when there is neither type nor errorText", async () => {
    const { api } = client(() => json({ error: "ERROR_RATE_LIMITED", message: "Slow down" }, 429));
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status, err.message]).toEqual(["rate_limited", 429, "Slow down"]);
  });

  it("HTTP failure without a name defaults to api_error with the status text", async () => {
    const { api } = client(() => json({}, 503, "Service Unavailable"));
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status, err.message]).toEqual(["api_error", 503, "Service Unavailable"]);
  });

  it("HTTP failure with a non-JSON body still gives api_error and the response status", async () => {
    const { api } = client(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status, err.message]).toEqual(["api_error", 502, "HTTP 502"]);
    expect(err.body).toBe("<html>Bad gateway</html>");
  });

  it("network failure → no_response, status 0", async () => {
    const { api } = client(() => {
      throw new TypeError("fetch failed");
    });
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status]).toEqual(["no_response", 0]);
    expect(err.message).toContain("fetch failed");
  });

  it("timeout → no_response, and the request was aborted", async () => {
    const { api, sent } = client(
      ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal?.addEventListener("abort", () => reject(signal.reason));
        }),
      { timeoutMs: 20 },
    );
    const err = await failure(api.call(CALLS["root.health"]));
    expect([err.name, err.status]).toEqual(["no_response", 0]);
    expect(err.message).toContain("timed out after 20 ms");
    expect(sent[0]?.signal?.aborted).toBe(true);
  });

  it("a caller's abort → no_response", async () => {
    const controller = new AbortController();
    const { api } = client(
      ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal?.addEventListener("abort", () => reject(signal.reason));
        }),
    );
    const pending = api.call(CALLS["root.health"], { signal: controller.signal });
    controller.abort();
    const err = await failure(pending);
    expect(err.name).toBe("no_response");
  });

  it("invalid JSON in a 2xx → request_fail", async () => {
    const { api } = client(() => new Response("{not json", { status: 200 }));
    const err = await failure(api.call(CALLS["root.health"]));
    expect(err.name).toBe("request_fail");
    expect(err.message).toContain("root.health");
  });

  it("a response that breaks the contract → request_fail naming the call and the field", async () => {
    const { api } = client(() => json({ errorText: "OK", event: { ...sampleEvent, startsAt: "3 July" } }));
    const err = await failure(
      api.call(CALLS["event.bySlugs"], { query: { organizerSlug: "jazz-praha", eventSlug: "jazz-night" } }),
    );
    expect(err.name).toBe("request_fail");
    expect(err.message).toBe("event.bySlugs: event.startsAt: Invalid ISO datetime");
  });

  it("a 2xx without errorText breaks the contract → request_fail", async () => {
    const { api } = client(() => json({ status: "ok", database: "up", version: "1" }));
    const err = await failure(api.call(CALLS["root.health"]));
    expect(err.name).toBe("request_fail");
    expect(err.message).toMatch(/^root\.health: errorText: /);
  });
});

describe("requests", () => {
  it("send agent version, agent source, language and reqSourceId (1 = WEB by default)", async () => {
    const { api, sent } = client(() => json(HEALTH));
    await expect(api.call(CALLS["root.health"])).resolves.toEqual(HEALTH);
    const headers = sent[0]?.headers;
    expect(headers?.get("X-Agent-Version")).toBe("0.1.0");
    expect(headers?.get("X-Agent-Source")).toBe("web");
    expect(headers?.get("Accept-Language")).toBe("cs");
    expect(headers?.get("reqSourceId")).toBe("1");
    expect(headers?.get("Authorization")).toBeNull();
    expect(sent[0]?.url).toBe("http://pass.test/health");
  });

  it("send a configured reqSourceId and a per-call language", async () => {
    const { api, sent } = client(() => json(HEALTH), { reqSourceId: 3 });
    await api.call(CALLS["root.health"], { language: "de" });
    await api.withLanguage("sk").call(CALLS["root.health"]);
    expect(sent.map((s) => s.headers.get("reqSourceId"))).toEqual(["3", "3"]);
    expect(sent.map((s) => s.headers.get("Accept-Language"))).toEqual(["de", "sk"]);
  });

  it("a secure call without a token fails fast with unauthorized 401 and sends nothing", async () => {
    const { api, sent } = client(() => json(HEALTH));
    const err = await failure(api.call(CALLS["account.orders"]));
    expect([err.name, err.status, err.call]).toEqual(["unauthorized", 401, "account.orders"]);
    expect(sent).toHaveLength(0);
  });

  it("a secure call sends the bearer token; a public call does not", async () => {
    const tokenStore = createTokenStore("tok-1");
    const { api, sent } = client(
      (s) => (s.url.endsWith("/health") ? json(HEALTH) : json({ errorText: "OK", orders: [] })),
      { tokenStore },
    );
    await expect(api.call(CALLS["account.orders"])).resolves.toEqual({ errorText: "OK", orders: [] });
    await api.call(CALLS["root.health"]);
    expect(sent[0]?.headers.get("Authorization")).toBe("Bearer tok-1");
    expect(sent[1]?.headers.get("Authorization")).toBeNull();
  });

  it("a token set once reaches every client that shares the token store (pass and tickets)", async () => {
    const fake = fakeFetch(() => json({ errorText: "OK", orders: [] }));
    const common = { agentVersion: "0.1.0", agentSource: "web", language: "en" as const, fetch: fake.fetch };
    const store = createTokenStore();
    const pass = createApiClient({ ...common, baseUrl: "http://pass.test", tokenStore: store });
    const tickets = createApiClient({ ...common, baseUrl: "http://tickets.test", tokenStore: store });
    await expect(pass.call(CALLS["account.orders"])).rejects.toMatchObject({ name: "unauthorized" });
    store.setToken("shared-token");
    await pass.call(CALLS["account.orders"]);
    await tickets.call(CALLS["account.orders"]);
    expect(fake.sent.map((s) => [s.url, s.headers.get("Authorization")])).toEqual([
      ["http://pass.test/api/account-orders", "Bearer shared-token"],
      ["http://tickets.test/api/account-orders", "Bearer shared-token"],
    ]);
    store.setToken(null);
    await expect(tickets.call(CALLS["account.orders"])).rejects.toMatchObject({ status: 401 });
  });

  it("encode path params and build the query, skipping undefined", async () => {
    const { api, sent } = client(() => json({ errorText: "OK", ticket: {} }));
    // The answer breaks the contract (an empty ticket): the request was still sent to the encoded path.
    expect(
      (await failure(api.call(CALLS["v2.ticketByQrCode"], { params: { qrCode: "a/b c?d&e" } }))).name,
    ).toBe("request_fail");
    expect(sent[0]?.url).toBe("http://pass.test/api/v2/ticket/qrCode/a%2Fb%20c%3Fd%26e");

    expect(buildQuery({ a: "x y", b: undefined, c: 2, d: ["1", "2"], e: null })).toBe("?a=x+y&c=2&d=1&d=2");
    expect(buildQuery({ b: undefined })).toBe("");
    expect(buildUrl("", CALLS["band.profileList"], undefined, { page: 2, q: "Ž&" })).toBe(
      "/api/band/profile-list?page=2&q=%C5%BD%26",
    );
    expect(api.resolve("/media/a.svg")).toBe("http://pass.test/media/a.svg");
    expect(api.resolve("https://cdn.test/a.svg")).toBe("https://cdn.test/a.svg");
    expect(api.url(CALLS["root.spaydQr"], { params: { orderId: U(9) } })).toBe(
      `http://pass.test/order/${U(9)}/spayd-qr`,
    );
  });

  it("send a JSON body with an Idempotency-Key and parse the answer", async () => {
    const { api, sent } = client(() => json({ errorText: "OK" }));
    await api.call(CALLS["reservation.delete"], { query: { reservationId: U(5) } });
    expect(sent[0]?.method).toBe("DELETE");
    expect(sent[0]?.url).toBe(`http://pass.test/api/reservation?reservationId=${U(5)}`);

    const body = { eventId: U(1), items: [{ ticketTypeId: U(10), count: 2 }] };
    // The answer carries no reservation, so the call fails after sending: what was sent is checked below.
    const err = await failure(api.call(CALLS["reservation.create"], { body, idempotencyKey: "key-123" }));
    expect(isApiError(err, "request_fail")).toBe(true);
    expect(sent[1]?.method).toBe("POST");
    expect(sent[1]?.headers.get("Idempotency-Key")).toBe("key-123");
    expect(sent[1]?.headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(sent[1]?.body ?? "null")).toEqual(body);
  });

  it("refuse a body that breaks the contract before sending it", async () => {
    const { api, sent } = client(() => json({ errorText: "OK" }));
    const err = await failure(
      api.call(CALLS["auth.login"], { body: { email: "not-an-email", password: "x" } }),
    );
    expect(err.name).toBe("request_fail");
    expect(err.message).toBe("auth.login: body.email: Invalid email address");
    expect(sent).toHaveLength(0);
  });

  it("return the raw Response of a PDF call", async () => {
    const { api, sent } = client(
      () =>
        new Response(new Uint8Array([37, 80, 68, 70]), { headers: { "Content-Type": "application/pdf" } }),
    );
    const res = await api.call(CALLS["order.downloadTicket"], { query: { orderId: U(3) } });
    expect(res).toBeInstanceOf(Response);
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe("%PDF");
    expect(sent[0]?.headers.get("Accept")).toBe("application/pdf");
  });

  it("send the storefront's own calls with cookies", async () => {
    const { api, sent } = client(
      () => json({ errorText: "ERROR_UNAUTHORIZED", message: "no session" }, 401),
      {
        baseUrl: "",
      },
    );
    const err = await failure(api.call(CALLS["web.authUser"]));
    expect([err.name, err.status]).toEqual(["unauthorized", 401]);
    expect(sent[0]?.url).toBe("/api/auth/user");
    expect(sent[0]?.credentials).toBe("include");
  });
});

describe("memoised GET calls", () => {
  it("fetch once for two identical calls and share the answer", async () => {
    const { api, sent } = client(() => json(HEALTH), { memoizeGet: true });
    const [a, b] = await Promise.all([api.call(CALLS["root.health"]), api.call(CALLS["root.health"])]);
    expect(sent).toHaveLength(1);
    expect(a).toBe(b);
    await api.call(CALLS["root.health"]);
    expect(sent).toHaveLength(1);
    expect(memoSize()).toBe(1);
  });

  it("fetch again for another language, and after clearMemo", async () => {
    const { api, sent } = client(() => json(HEALTH), { memoizeGet: true });
    await api.call(CALLS["root.health"]);
    await api.call(CALLS["root.health"], { language: "en" });
    expect(sent.map((s) => s.headers.get("Accept-Language"))).toEqual(["cs", "en"]);
    clearMemo();
    await api.call(CALLS["root.health"]);
    expect(sent).toHaveLength(3);
  });

  it("never memoise a POST", async () => {
    const { api, sent } = client(() => json({ errorText: "OK" }), { memoizeGet: true });
    const body = { email: "jana@example.cz", language: "cs" as const };
    await api.call(CALLS["account.sendResetEmail"], { body });
    await api.call(CALLS["account.sendResetEmail"], { body });
    expect(sent).toHaveLength(2);
  });

  it("evict a rejected promise so a later call retries", async () => {
    let attempt = 0;
    const { api, sent } = client(
      () => {
        attempt += 1;
        return attempt === 1 ? json({ errorText: "ERROR_BUSY" }, 503) : json(HEALTH);
      },
      { memoizeGet: true },
    );
    await expect(api.call(CALLS["root.health"])).rejects.toMatchObject({ name: "busy", status: 503 });
    await expect(api.call(CALLS["root.health"])).resolves.toEqual(HEALTH);
    expect(sent).toHaveLength(2);
  });

  it("fetch every batch language in one request and give each locale its own answer", async () => {
    const answers = {
      cs: { ...HEALTH, version: "cs" },
      en: { ...HEALTH, version: "en" },
      de: { ...HEALTH, version: "de" },
    };
    const { api, sent } = client(
      (req) =>
        req.headers.get("X-Languages") ? json({ errorText: "OK", languages: answers }) : json(HEALTH),
      { memoizeGet: true, batchLanguages: ["cs", "en", "de"] },
    );
    const [cs, en, de] = await Promise.all([
      api.call(CALLS["root.health"]),
      api.withLanguage("en").call(CALLS["root.health"]),
      api.call(CALLS["root.health"], { language: "de" }),
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get("X-Languages")).toBe("cs,en,de");
    expect([cs.version, en.version, de.version]).toEqual(["cs", "en", "de"]);
    // A language outside the batch is fetched on its own.
    await api.call(CALLS["root.health"], { language: "sk" });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers.get("X-Languages")).toBeNull();
  });

  it("reject a batch answer that misses a language or breaks the contract, naming it", async () => {
    const { api } = client(() => json({ errorText: "OK", languages: { cs: HEALTH } }), {
      memoizeGet: true,
      batchLanguages: ["cs", "en"],
    });
    const err = await failure(api.call(CALLS["root.health"], { language: "en" }));
    expect(err.name).toBe("request_fail");
    expect(err.message).toContain("languages.en");
  });

  it("is off by default", async () => {
    const { api, sent } = client(() => json(HEALTH));
    await api.call(CALLS["root.health"]);
    await api.call(CALLS["root.health"]);
    expect(sent).toHaveLength(2);
  });
});

describe("typing", () => {
  it("requires what the contract requires (checked by tsc)", async () => {
    const { api, sent } = client(() => json(HEALTH));
    const typed = async () => {
      // @ts-expect-error the query of event.bySlugs is required
      await api.call(CALLS["event.bySlugs"]);
      const buyer = {
        firstName: "J",
        lastName: "N",
        email: "j@example.cz",
        phone: "+420777123456",
        countryId: 1,
      };
      const body = { eventId: U(1), reservationId: U(5), buyer, paymentMethodId: 1, language: "cs" as const };
      await api.call(CALLS["order.create"], { body, idempotencyKey: "k" });
      // @ts-expect-error order creation needs an idempotency key
      await api.call(CALLS["order.create"], { body });
      const health = await api.call(CALLS["root.health"]);
      const database: "up" | "down" = health.database;
      return database;
    };
    expect(typeof typed).toBe("function");
    expect(sent).toHaveLength(0);
  });
});
