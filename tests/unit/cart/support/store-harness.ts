/** Opens carts against the fake pass service, as the island does, with fake timers and test storage. */
import { cleanTestStorage, useTestStorageEngine } from "@nanostores/persistent";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { createApiClient as createPassClient } from "../../../../src/client/index.ts";
import type { Seat } from "../../../../src/contract/reservation.ts";
import { type CartHandle, codeRequests, holdRequests, openCart } from "../../../../src/stores/cart/index.ts";
import type { CartCatalog } from "../../../../src/stores/cart/state.ts";
import { $terms } from "../../../../src/stores/cart/terms.store.ts";
import { $trackedEvents } from "../../../../src/stores/tracking.ts";
import { fakeService } from "./fake-pass.ts";
import { freshCatalog, START } from "./store-fixtures.ts";

/** Lets pending answers and the timers due now run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

/** An opened cart with its fake service. */
export interface Setup {
  cart: CartHandle;
  service: ReturnType<typeof fakeService>;
  navigate: ReturnType<typeof vi.fn>;
  catalog: CartCatalog;
  stop: () => void;
}

const opened: Setup[] = [];

/** Opens a cart of a fresh event against a fake service and mounts it (as the island does). */
export async function setup(
  mode: "live" | "demo" = "live",
  edit?: (c: CartCatalog) => void,
  seats: Seat[] = [],
): Promise<Setup> {
  const catalog = freshCatalog();
  edit?.(catalog);
  const service = fakeService(catalog, seats);
  const client = createPassClient({
    baseUrl: "http://pass.test",
    agentVersion: "0.1.0",
    agentSource: "web",
    language: "cs",
    fetch: service.fetch,
  });
  const navigate = vi.fn();
  const cart = openCart({
    catalog,
    locale: "cs",
    mode,
    slugs: { organizerSlug: "louka-open-air", eventSlug: "louka-open-air" },
    client,
    navigate,
    origin: "https://shop.example",
    watch: true,
  });
  const stop = cart.$status.listen(() => {});
  const setupResult = { cart, service, navigate, catalog, stop };
  opened.push(setupResult);
  await settle();
  return setupResult;
}

/** The hold requests the fake service received. */
export const reservationPosts = (s: Setup) => s.service.calls("POST", "/api/reservation");

/** Installs the hooks of the cart's store tests: test storage, fake timers at START, quiet warnings, cleanup. */
export function installCartStoreHooks(): void {
  beforeAll(async () => {
    useTestStorageEngine();
    // The cart loads its requests' modules on first use; a cold load can outlast `settle()`'s rounds.
    await Promise.all([holdRequests(), codeRequests()]);
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(START);
    $trackedEvents.set([]);
    $terms.set({});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  afterEach(() => {
    for (const s of opened.splice(0)) s.stop();
    cleanTestStorage();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
