import { describe, expect, it, vi } from "vitest";
import { setChipCount, setExtraCount, setTicketCount } from "../../../src/stores/cart/index.ts";
import { CHIP, PARKING, PASS } from "./support/store-fixtures.ts";
import { installCartStoreHooks, reservationPosts, settle, setup } from "./support/store-harness.ts";

installCartStoreHooks();

describe("counts", () => {
  it("holds ticket counts only; extra products and chip top-ups are not held", async () => {
    const s = await setup();
    setExtraCount(s.catalog.eventId, PARKING, 2);
    setChipCount(s.catalog.eventId, CHIP, 3);
    expect(s.cart.$status.get().syncing).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(reservationPosts(s)).toHaveLength(0);
    setTicketCount(s.catalog.eventId, PASS, 1);
    expect(s.cart.$status.get().syncing).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(reservationPosts(s)).toHaveLength(1);
    expect(s.cart.$cart.get()).toMatchObject({
      tickets: { [PASS]: 1 },
      extras: { [PARKING]: 2 },
      chips: { [CHIP]: 3 },
    });
  });

  it("rounds a count down, removes a line set to 0 or less, and takes back the message of a changed line", async () => {
    const s = await setup();
    const notice = { key: "errors.soldOut", tone: "error" as const };
    s.cart.$status.setKey("lineNotices", { [PASS]: notice, [PARKING]: notice });
    setTicketCount(s.catalog.eventId, PASS, 2.7);
    setExtraCount(s.catalog.eventId, PARKING, 1);
    setChipCount(s.catalog.eventId, CHIP, 2);
    expect(s.cart.$status.get().lineNotices).toEqual({});
    expect(s.cart.$cart.get()).toMatchObject({
      tickets: { [PASS]: 2 },
      extras: { [PARKING]: 1 },
      chips: { [CHIP]: 2 },
    });
    setExtraCount(s.catalog.eventId, PARKING, -1);
    const lineNotices = s.cart.$status.get().lineNotices;
    setChipCount(s.catalog.eventId, CHIP, 0);
    expect(s.cart.$cart.get().chips).toEqual({});
    expect(s.cart.$cart.get().extras).toEqual({});
    // Chip top-ups have no line messages: their changes leave the messages as they are.
    expect(s.cart.$status.get().lineNotices).toBe(lineNotices);
  });
});
