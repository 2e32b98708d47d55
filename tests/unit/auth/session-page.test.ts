/**
 * The page's session as islands import it (`$session`, `refreshSession`, `signOut` of `src/stores/session.ts`):
 * it reads the marker from `document.cookie`, asks the storefront's `/api/auth/user` in the page's language
 * with the cookies, hands the token to the pass clients, announces a session that starts, and signs out
 * through `/api/auth/logout`. The browser's globals are stand-ins and `fetch` records what it was asked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_MARKER_COOKIE } from "../../../src/lib/constants.ts";
import { SESSION_STARTED_EVENT } from "../../../src/lib/session-marker.ts";

const ACCOUNT = {
  accountId: "0b6a4c1e-4f0e-4d7b-9a53-2f1d6a8b9c01",
  email: "jana.novakova@example.cz",
  firstName: "Jana",
  lastName: "Nováková",
  phone: null,
  language: "cs",
  billingInfo: null,
  emailVerified: true,
  createdAt: "2026-01-01T10:00:00.000Z",
};

/** What the page asked: method, path, language and whether it sent its cookies. */
let asked: { method: string; url: string; language: string | null; credentials: string | undefined }[];
let page: { cookie: string; lang: string };
let started: number;

/** Lets the page's promises settle under the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** The page's session module, loaded fresh into the page the test set up. */
async function loadSession() {
  vi.resetModules();
  const session = await import("../../../src/stores/session.ts");
  const { browserTokenStore } = await import("../../../src/stores/pass.ts");
  return { ...session, browserTokenStore };
}

beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
  started = 0;
  page = { cookie: `${SESSION_MARKER_COOKIE}=1`, lang: "de" };
  const window = new EventTarget();
  window.addEventListener(SESSION_STARTED_EVENT, () => {
    started += 1;
  });
  vi.stubGlobal("window", window);
  vi.stubGlobal("addEventListener", () => {});
  vi.stubGlobal("document", {
    hidden: false,
    get cookie() {
      return page.cookie;
    },
    documentElement: {
      dataset: { stage: "production" },
      get lang() {
        return page.lang;
      },
    },
  });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    asked.push({
      method,
      url: String(url),
      language: new Headers(init.headers).get("accept-language"),
      credentials: init.credentials,
    });
    const body =
      method === "GET" ? { errorText: "OK", token: "tok-page-1", userAccount: ACCOUNT } : { errorText: "OK" };
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the page's session", () => {
  it("with the marker asks /api/auth/user in the page's language with its cookies, and hands the token on", async () => {
    const { $session, browserTokenStore } = await loadSession();
    const stop = $session.listen(() => {});
    await settle();
    expect(asked).toEqual([{ method: "GET", url: "/api/auth/user", language: "de", credentials: "include" }]);
    expect($session.get()).toEqual({ status: "authenticated", account: ACCOUNT, token: "tok-page-1" });
    expect(browserTokenStore.getToken()).toBe("tok-page-1");
    stop();
  });

  it("on a page in a language the shop does not speak asks in Czech", async () => {
    page.lang = "pl";
    const { $session } = await loadSession();
    const stop = $session.listen(() => {});
    await settle();
    expect(asked.map((a) => a.language)).toEqual(["cs"]);
    stop();
  });

  it("without the marker asks nothing and is anonymous", async () => {
    page.cookie = "cc_cookie=1";
    const { $session } = await loadSession();
    const stop = $session.listen(() => {});
    await settle();
    expect(asked).toEqual([]);
    expect($session.get().status).toBe("anonymous");
    stop();
  });

  it("refreshSession announces a session to waiting islands only when the marker exists", async () => {
    page.cookie = "";
    const { $session, refreshSession } = await loadSession();
    const stop = $session.listen(() => {});
    refreshSession();
    await settle();
    expect(started).toBe(0);
    expect(asked).toEqual([]);
    page.cookie = `${SESSION_MARKER_COOKIE}=1`;
    refreshSession();
    await settle();
    expect(started).toBe(1);
    expect(asked.map((a) => a.url)).toEqual(["/api/auth/user"]);
    expect($session.get().status).toBe("authenticated");
    stop();
  });

  it("logs a failed read as the page's session logger, and stays anonymous", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 500 }));
    const { $session } = await loadSession();
    const stop = $session.listen(() => {});
    await settle();
    expect($session.get().status).toBe("anonymous");
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/^\[session\] session: \S/);
    logged.mockRestore();
    stop();
  });

  it("signOut posts /api/auth/logout in the page's language and forgets the token", async () => {
    const { $session, signOut, browserTokenStore } = await loadSession();
    const stop = $session.listen(() => {});
    await settle();
    page.cookie = "";
    await signOut();
    await settle();
    expect(asked.at(-1)).toEqual({
      method: "POST",
      url: "/api/auth/logout",
      language: "de",
      credentials: "include",
    });
    expect(browserTokenStore.getToken()).toBeNull();
    expect($session.get().status).toBe("anonymous");
    stop();
  });
});
