/**
 * The session store's rules (spec §4, §9) with a fake clock: it asks for the account only while the marker
 * cookie exists, keeps it fresh for 10 minutes, refetches every 10 minutes, on focus, on reconnect and on
 * mount, never retries, only logs its errors, and hands the token to the pass clients.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTokenStore } from "../../../src/client/index.ts";
import type { AuthUserAnswer } from "../../../src/contract/web.ts";
import { SESSION_REFRESH_MS } from "../../../src/lib/constants.ts";
import { createLogger } from "../../../src/lib/logger.ts";
import { hasSessionMarker } from "../../../src/lib/session-marker.ts";
import { createSessionStore } from "../../../src/stores/session.ts";

const ANSWER: AuthUserAnswer = {
  errorText: "OK",
  token: "tok-1",
  userAccount: {
    accountId: "0b6a4c1e-4f0e-4d7b-9a53-2f1d6a8b9c01",
    email: "jana.novakova@example.cz",
    firstName: "Jana",
    lastName: "Nováková",
    phone: null,
    language: "cs",
    billingInfo: null,
    emailVerified: true,
    createdAt: "2026-01-01T10:00:00.000Z",
  },
};

/** Browser events the query listens to, fired by the test. */
let listeners: Map<string, (() => void)[]>;
const fire = (name: string) => {
  for (const fn of listeners.get(name) ?? []) fn();
};

function setup(options: { marker?: boolean; fail?: boolean } = {}) {
  let marker = options.marker ?? true;
  let fail = options.fail ?? false;
  const errors: unknown[] = [];
  const fetchUser = vi.fn(async () => {
    if (fail) throw new Error("401 unauthorized");
    return ANSWER;
  });
  const logout = vi.fn(async () => ({ errorText: "OK" }));
  const tokenStore = createTokenStore();
  const sink = { debug() {}, info() {}, warn() {}, error: (...args: unknown[]) => errors.push(args) };
  const store = createSessionStore({
    hasMarker: () => marker,
    fetchUser,
    logout,
    tokenStore,
    logger: createLogger("session", { stage: "development", sink }),
  });
  return {
    store,
    fetchUser,
    logout,
    tokenStore,
    errors,
    setMarker: (value: boolean) => {
      marker = value;
    },
    setFail: (value: boolean) => {
      fail = value;
    },
  };
}

/** Lets the fetcher's promises settle under the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  listeners = new Map();
  // The query library listens on the window for focus (visibilitychange) and reconnect (online).
  vi.stubGlobal("window", {});
  vi.stubGlobal("document", { hidden: false, cookie: "", documentElement: { dataset: {}, lang: "cs" } });
  vi.stubGlobal("addEventListener", (name: string, fn: () => void) => {
    listeners.set(name, [...(listeners.get(name) ?? []), fn]);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the session store", () => {
  it("without the marker asks nothing and is anonymous, and takes a stale token from the clients", async () => {
    const s = setup({ marker: false });
    s.tokenStore.setToken("stale");
    const stop = s.store.$session.listen(() => {});
    s.store.refreshSession();
    await settle();
    expect(s.store.$session.get()).toEqual({ status: "anonymous", account: null, token: null });
    expect(s.fetchUser).not.toHaveBeenCalled();
    expect(s.tokenStore.getToken()).toBeNull();
    stop();
  });

  it("with the marker is unknown, then authenticated with the account, and hands the token on", async () => {
    const s = setup();
    const stop = s.store.$session.listen(() => {});
    expect(s.store.$session.get().status).toBe("unknown");
    await settle();
    expect(s.fetchUser).toHaveBeenCalledTimes(1);
    expect(s.store.$session.get()).toEqual({
      status: "authenticated",
      account: ANSWER.userAccount,
      token: "tok-1",
    });
    expect(s.tokenStore.getToken()).toBe("tok-1");
    stop();
  });

  it("is fresh for 10 minutes (a new mount does not refetch) and refetches every 10 minutes", async () => {
    const s = setup();
    const stop = s.store.$session.listen(() => {});
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    const again = s.store.$session.listen(() => {});
    await settle();
    expect(s.fetchUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(s.fetchUser).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(s.fetchUser).toHaveBeenCalledTimes(3);
    again();
  });

  it("refetches on mount once the 10 minutes are over", async () => {
    const s = setup();
    const stop = s.store.$session.listen(() => {});
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS + 1_000);
    expect(s.fetchUser).toHaveBeenCalledTimes(1);
    const again = s.store.$session.listen(() => {});
    await settle();
    expect(s.fetchUser).toHaveBeenCalledTimes(2);
    again();
  });

  it("refetches on focus and on reconnect once the answer is no longer fresh", async () => {
    const s = setup();
    const stop = s.store.$session.listen(() => {});
    await settle();
    fire("visibilitychange");
    await settle();
    expect(s.fetchUser).toHaveBeenCalledTimes(1); // still fresh
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS - 4_000);
    expect(s.fetchUser).toHaveBeenCalledTimes(1);
    fire("visibilitychange");
    await settle();
    expect(s.fetchUser).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS - 4_000);
    fire("online");
    await settle();
    expect(s.fetchUser).toHaveBeenCalledTimes(3);
    stop();
  });

  it("on an error clears the account and the token, logs it, and does not retry", async () => {
    const s = setup();
    const stop = s.store.$session.listen(() => {});
    await settle();
    expect(s.tokenStore.getToken()).toBe("tok-1");
    s.setFail(true);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(s.store.$session.get()).toEqual({ status: "anonymous", account: null, token: null });
    expect(s.tokenStore.getToken()).toBeNull();
    expect(s.errors).toEqual([["[session] session: 401 unauthorized"]]);
    const calls = s.fetchUser.mock.calls.length;
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS - 5_000);
    expect(s.fetchUser.mock.calls.length).toBe(calls);
    stop();
  });

  it("signs out: calls the server, clears the token, and is anonymous once the marker is gone", async () => {
    const s = setup();
    const stop = s.store.$session.listen(() => {});
    await settle();
    s.setMarker(false);
    await s.store.signOut();
    await settle();
    expect(s.logout).toHaveBeenCalledTimes(1);
    expect(s.tokenStore.getToken()).toBeNull();
    expect(s.store.$session.get().status).toBe("anonymous");
    stop();
  });

  it("a failed sign-out is logged; with the marker still there, the account is asked again", async () => {
    const s = setup();
    const stop = s.store.$session.listen(() => {});
    await settle();
    s.logout.mockRejectedValueOnce(new Error("502 no_response"));
    await s.store.signOut();
    await settle();
    expect(s.errors).toEqual([["[session] logout: 502 no_response"]]);
    expect(s.fetchUser).toHaveBeenCalledTimes(2);
    expect(s.store.$session.get().status).toBe("authenticated");
    stop();
  });

  it("refreshSession while signed in asks again at once, though the answer is fresh, keeping the token meanwhile", async () => {
    const s = setup();
    const stop = s.store.$session.listen(() => {});
    await settle();
    s.store.refreshSession();
    expect(s.tokenStore.getToken()).toBe("tok-1");
    await settle();
    expect(s.fetchUser).toHaveBeenCalledTimes(2);
    stop();
  });

  it("refreshSession once the marker is gone (signed out in another tab) asks nothing and forgets the token", async () => {
    const s = setup();
    const stop = s.store.$session.listen(() => {});
    await settle();
    s.setMarker(false);
    s.store.refreshSession();
    await settle();
    expect(s.fetchUser).toHaveBeenCalledTimes(1);
    expect(s.tokenStore.getToken()).toBeNull();
    expect(s.store.$session.get().status).toBe("anonymous");
    stop();
  });

  it("refreshSession after a sign-in reads the new marker and fetches the account at once", async () => {
    const s = setup({ marker: false });
    const stop = s.store.$session.listen(() => {});
    await settle();
    s.setMarker(true);
    s.store.refreshSession();
    await settle();
    expect(s.fetchUser).toHaveBeenCalledTimes(1);
    expect(s.store.$session.get().status).toBe("authenticated");
    stop();
  });
});

describe("hasSessionMarker", () => {
  it("finds the marker cookie among others, and not a cookie whose name merely contains it", () => {
    expect(hasSessionMarker("cc_cookie_v4=x; _hocid_marker=1")).toBe(true);
    expect(hasSessionMarker("_hocid_marker=1")).toBe(true);
    expect(hasSessionMarker("x_hocid_marker=1; _hocid=abc")).toBe(false);
    expect(hasSessionMarker("")).toBe(false);
  });
});
