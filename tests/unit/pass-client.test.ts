import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearMemo } from "../../src/client/http.ts";
import { createPassClient, STOREFRONT_VERSION } from "../../src/client/pass.ts";
import { CALLS } from "../../src/contract/index.ts";

const HEALTH = { errorText: "OK", status: "ok", database: "up", version: "1.2.3" };
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** A fake fetch that records each request's URL and headers and answers with `respond`. */
function fakeFetch(respond: (request: { url: string; headers: Headers }) => Response) {
  const sent: { url: string; headers: Headers }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = { url: String(input), headers: new Headers(init.headers) };
    sent.push(request);
    return respond(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

beforeEach(() => {
  clearMemo();
});

describe("the storefront's pass client", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Serves `root.health` in every requested language and records the requests. */
  function stubService() {
    const fake = fakeFetch((req) => {
      const languages = req.headers.get("X-Languages");
      if (!languages) return json(HEALTH);
      return json({
        errorText: "OK",
        languages: Object.fromEntries(languages.split(",").map((l) => [l, HEALTH])),
      });
    });
    vi.stubGlobal("fetch", fake.fetch);
    return fake.sent;
  }

  it("sends the storefront's version (package.json's) as agent version, web as source, the locale", async () => {
    const sent = stubService();
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(STOREFRONT_VERSION).toBe(version);
    for (const context of ["server", "browser", "build"] as const) {
      const pass = createPassClient({ baseUrl: "http://pass.test/", locale: "de", context });
      await pass.call(CALLS["root.health"]);
    }
    for (const request of sent) {
      expect(request.headers.get("X-Agent-Version")).toBe(STOREFRONT_VERSION);
      expect(request.headers.get("X-Agent-Source")).toBe("web");
      expect(request.headers.get("Accept-Language")).toBe("de");
      expect(request.url).toBe("http://pass.test/health");
    }
  });

  it("memoises a build's GETs and fetches every locale in one request", async () => {
    const sent = stubService();
    const cs = createPassClient({ baseUrl: "http://pass.test", locale: "cs", context: "build" });
    const en = createPassClient({ baseUrl: "http://pass.test", locale: "en", context: "build" });
    await cs.call(CALLS["root.health"]);
    await en.call(CALLS["root.health"]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get("X-Languages")).toBe("cs,en,de,sk");
  });

  it("does not memoise outside a build", async () => {
    const sent = stubService();
    const pass = createPassClient({ baseUrl: "http://pass.test", locale: "cs", context: "server" });
    await pass.call(CALLS["root.health"]);
    await pass.call(CALLS["root.health"]);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.headers.get("X-Languages")).toBeNull();
  });
});
