import { atom } from "nanostores";
import { describe, expect, it, vi } from "vitest";
import type { SessionState } from "../../../src/stores/session.ts";
import { account } from "../account/support/fixtures.ts";
import { installCartStoreHooks, setup } from "./support/store-harness.ts";

const $fakeSession = vi.hoisted(() => ({ store: null as ReturnType<typeof atom<SessionState>> | null }));
vi.mock("../../../src/stores/session.ts", () => {
  $fakeSession.store = atom<SessionState>({ status: "unknown", account: null, token: null });
  return { $session: $fakeSession.store, refreshSession: () => {}, signOut: async () => {} };
});

const { fillCartFromSession } = await import("../../../src/stores/account/prefill.store.ts");
const { updateBuyer } = await import("../../../src/stores/cart/checkout-api.ts");

installCartStoreHooks();

describe("buyer form filled from the session", () => {
  it("fills the empty fields once the account is known, keeps what was typed, and only once", async () => {
    const s = await setup();
    const eventId = s.catalog.eventId;
    updateBuyer(eventId, { firstName: "Petr" });
    const stop = fillCartFromSession(eventId);
    expect(s.cart.$cart.get().buyer.email).toBe("");
    $fakeSession.store?.set({ status: "authenticated", account: account(), token: "t" });
    expect(s.cart.$cart.get().buyer).toMatchObject({
      firstName: "Petr",
      lastName: "Nováková",
      email: "jana@example.cz",
    });
    updateBuyer(eventId, { email: "" });
    await Promise.resolve();
    $fakeSession.store?.set({
      status: "authenticated",
      account: account({ firstName: "Jana" }),
      token: "t2",
    });
    expect(s.cart.$cart.get().buyer.email).toBe("");
    stop();
  });
});
