import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient } from "../../src/client/index.ts";
import {
  declineReasonKey,
  isUnpaid,
  offersMethodChoice,
  orderPhase,
  orderSummaryLines,
  purchaseEventOf,
  purchaseTracking,
  queryFlag,
} from "../../src/components/order/order-view.ts";
import type { OrderStatusInfo } from "../../src/contract/order.ts";
import {
  cancelOrder,
  createOrderStatusStore,
  ORDER_POLL_DELAYS_MS,
  ORDER_POLL_INTERVAL_MS,
  ORDER_RELOAD_DELAY_MS,
  type OrderStatusFetcher,
  orderPollDelay,
  type PageVisibility,
  type RenderedOrderStatus,
  startPayment,
  tryCancelOrder,
} from "../../src/stores/order.ts";
import { EVENT_ID, ORDER_ID, order, statusInfo } from "./support/orders.ts";

/** A page whose visibility the test switches. */
function fakeVisibility(hidden = false) {
  const listeners = new Set<() => void>();
  const page: PageVisibility & { set(hidden: boolean): void; listeners: Set<() => void> } = {
    hidden: () => hidden,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      hidden = next;
      for (const l of listeners) l();
    },
    listeners,
  };
  return page;
}

const PENDING: RenderedOrderStatus = { status: "pendingPayment", paymentStatus: "pending", final: false };

function setup(
  opts: {
    answers?: (() => Promise<OrderStatusInfo>)[];
    hidden?: boolean;
    rendered?: RenderedOrderStatus;
  } = {},
) {
  const calls: number[] = [];
  const start = Date.now();
  const answers = [...(opts.answers ?? [])];
  const fetchStatus = vi.fn<OrderStatusFetcher>(async () => {
    calls.push(Date.now() - start);
    const next = answers.shift();
    return next ? next() : statusInfo();
  });
  const visibility = fakeVisibility(opts.hidden ?? false);
  const reload = vi.fn();
  const $status = createOrderStatusStore({
    orderId: ORDER_ID,
    rendered: opts.rendered ?? PENDING,
    fetchStatus,
    visibility,
    reload,
  });
  const unsubscribe = $status.listen(() => {});
  return { $status, fetchStatus, visibility, reload, calls, unsubscribe };
}

describe("order status polling", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-05-01T10:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("has the documented schedule: 1 s, 2 s, 3 s, 5 s, 8 s, then every 10 s", () => {
    expect(ORDER_POLL_DELAYS_MS).toEqual([1000, 2000, 3000, 5000, 8000]);
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(orderPollDelay)).toEqual([
      1000, 2000, 3000, 5000, 8000, 10_000, 10_000, 10_000,
    ]);
    expect(ORDER_POLL_INTERVAL_MS).toBe(10_000);
  });

  it("polls with backoff while nothing changes", async () => {
    const { calls, $status } = setup();
    expect($status.get().phase).toBe("waiting");
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000 - 999);
    // 1, 3, 6, 11, 19, then every 10 s: 29, 39, 49, 59.
    expect(calls).toEqual([1000, 3000, 6000, 11_000, 19_000, 29_000, 39_000, 49_000, 59_000]);
    expect($status.get()).toMatchObject({ phase: "waiting", checks: 9, failures: 0 });
    expect($status.get().latest?.status).toBe("pendingPayment");
  });

  it("stops, announces and reloads once when the status changes (paid is final)", async () => {
    const { calls, $status, reload } = setup({
      answers: [
        async () => statusInfo(),
        async () => statusInfo({ status: "paid", final: true, paymentStatus: "approved" }),
      ],
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual([1000, 3000]);
    expect($status.get().phase).toBe("changed");
    expect($status.get().latest?.status).toBe("paid");
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ORDER_RELOAD_DELAY_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("treats a change of the payment status alone as a change (declined)", async () => {
    const { $status, reload } = setup({ answers: [async () => statusInfo({ paymentStatus: "declined" })] });
    await vi.advanceTimersByTimeAsync(1000 + ORDER_RELOAD_DELAY_MS);
    expect($status.get().phase).toBe("changed");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("stops at a final answer that the page already shows", async () => {
    const rendered: RenderedOrderStatus = { status: "canceled", paymentStatus: "none", final: false };
    const { calls, $status, reload } = setup({
      rendered,
      answers: [async () => statusInfo({ status: "canceled", final: true, paymentStatus: "none" })],
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([1000]);
    expect($status.get().phase).toBe("final");
    expect(reload).not.toHaveBeenCalled();
  });

  it("never polls a page rendered final", async () => {
    const { calls, $status } = setup({
      rendered: { status: "paid", paymentStatus: "approved", final: true },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);
    expect($status.get().phase).toBe("final");
  });

  it("pauses while the tab is hidden and polls at once when it shows again, schedule restarted", async () => {
    const { calls, $status, visibility } = setup();
    await vi.advanceTimersByTimeAsync(6000);
    expect(calls).toEqual([1000, 3000, 6000]);
    visibility.set(true);
    expect($status.get().phase).toBe("paused");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(3);
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([1000, 3000, 6000, 126_000]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual([1000, 3000, 6000, 126_000, 127_000, 129_000]);
  });

  it("does not poll when the page starts hidden, until it shows", async () => {
    const { calls, $status, visibility } = setup({ hidden: true });
    expect($status.get().phase).toBe("paused");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual([]);
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([30_000]);
  });

  it("keeps polling on the schedule through failures, and counts them", async () => {
    const fail = async (): Promise<OrderStatusInfo> => {
      throw new ApiError("no_response", 0, "offline");
    };
    const { calls, $status } = setup({ answers: [fail, fail] });
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual([1000, 3000]);
    expect($status.get().failures).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual([1000, 3000, 6000]);
    expect($status.get()).toMatchObject({ failures: 0, checks: 1, phase: "waiting" });
  });

  it("stops when the service no longer knows the order", async () => {
    const { calls, $status } = setup({
      answers: [
        async () => {
          throw new ApiError("not_found", 404, "gone");
        },
      ],
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([1000]);
    expect($status.get().phase).toBe("gone");
  });

  it("stops polling and aborts the request under way when the last subscriber leaves", async () => {
    let signal: AbortSignal | undefined;
    const visibility = fakeVisibility();
    const fetchStatus = vi.fn<OrderStatusFetcher>(
      (_id, s) =>
        new Promise(() => {
          signal = s;
        }),
    );
    const $status = createOrderStatusStore({ orderId: ORDER_ID, rendered: PENDING, fetchStatus, visibility });
    const unsubscribe = $status.listen(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect($status.get().phase).toBe("checking");
    unsubscribe();
    await vi.advanceTimersByTimeAsync(1000); // nanostores unmounts a store 1 s after its last listener left
    expect(signal?.aborted).toBe(true);
    expect(visibility.listeners.size).toBe(0);
    expect($status.get().phase).toBe("idle");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it("does not poll outside a browser (server rendering) unless given a page", async () => {
    const fetchStatus = vi.fn<OrderStatusFetcher>(async () => statusInfo());
    const $status = createOrderStatusStore({ orderId: ORDER_ID, rendered: PENDING, fetchStatus });
    expect($status.get().phase).toBe("idle");
    const off = $status.listen(() => {});
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).not.toHaveBeenCalled();
    off();
  });
});

describe("order actions", () => {
  function client(answer: unknown, status = 200) {
    const requests: { url: string; init: RequestInit | undefined }[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(input), init });
      return new Response(JSON.stringify(answer), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    });
    const pass = createApiClient({
      baseUrl: "https://pass.example",
      agentVersion: "test",
      agentSource: "web",
      language: "cs",
      fetch,
    });
    return { pass, requests };
  }

  it("cancels through order.cancel", async () => {
    const { pass, requests } = client({
      errorText: "OK",
      orderStatus: statusInfo({ status: "canceled", final: true, canceled: "2026-05-01T10:05:00Z" }),
    });
    const info = await cancelOrder(pass, ORDER_ID);
    expect(info.status).toBe("canceled");
    expect(requests[0]?.url).toBe(`https://pass.example/api/order-cancel?orderId=${ORDER_ID}`);
    expect(requests[0]?.init?.method).toBe("POST");
  });

  it("surfaces a refused cancel as an ApiError", async () => {
    const { pass } = client({ errorText: "ERROR_ORDER_PAID", message: "paid" }, 409);
    await expect(cancelOrder(pass, ORDER_ID)).rejects.toMatchObject({ name: "order_paid", status: 409 });
  });

  it("says how a cancel came out, for the island: canceled, already paid, or failed and logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const canceled = client({
      errorText: "OK",
      orderStatus: statusInfo({ status: "canceled", final: true, canceled: "2026-05-01T10:05:00Z" }),
    });
    expect(await tryCancelOrder(canceled.pass, ORDER_ID)).toBe("canceled");
    const paid = client({ errorText: "ERROR_ORDER_PAID", message: "paid" }, 409);
    expect(await tryCancelOrder(paid.pass, ORDER_ID)).toBe("alreadyPaid");
    expect(warn).not.toHaveBeenCalled();
    const broken = client({ errorText: "ERROR_INTERNAL", message: "down" }, 503);
    expect(await tryCancelOrder(broken.pass, ORDER_ID)).toBe("failed");
    expect(warn).toHaveBeenCalledWith("[order] order not canceled", expect.objectContaining({ status: 503 }));
    warn.mockRestore();
  });

  it("starts a gateway payment and resolves the gateway page against the service", async () => {
    const { pass, requests } = client({ errorText: "OK", order: order() });
    const { next } = await startPayment(pass, {
      orderId: ORDER_ID,
      paymentMethodId: 1,
      language: "cs",
      returnUrl: "https://shop.example/event/a/b/order/x/",
      idempotencyKey: "key-1",
    });
    expect(next).toEqual({ kind: "redirect", url: "https://pass.example/gateway/p1" });
    expect(requests[0]?.url).toBe("https://pass.example/api/order-pay");
    expect(JSON.parse(String(requests[0]?.init?.body))).toEqual({
      orderId: ORDER_ID,
      paymentMethodId: 1,
      language: "cs",
      returnUrl: "https://shop.example/event/a/b/order/x/",
    });
    expect(new Headers(requests[0]?.init?.headers).get("Idempotency-Key")).toBe("key-1");
  });

  it("reloads the page for a bank transfer (no gateway)", async () => {
    const transfer = order({
      paymentMethodId: 2,
      payment: {
        paymentMethodId: 2,
        status: "pending",
        declineReason: null,
        redirectUrl: null,
        bankTransfer: {
          accountNumber: "2900123456/2010",
          iban: "CZ2720100000002900123456",
          bic: "FIOBCZPPXXX",
          variableSymbol: "1042",
          amount: 262000,
          currencyId: 1,
          dueDate: "2026-05-04",
          message: "Objednávka 1042",
          qrUrl: "/order/x/spayd-qr",
        },
      },
    });
    const { pass } = client({ errorText: "OK", order: transfer });
    const { next } = await startPayment(pass, {
      orderId: ORDER_ID,
      paymentMethodId: 2,
      language: "cs",
      returnUrl: "https://shop.example/",
      idempotencyKey: "key-2",
    });
    expect(next).toEqual({ kind: "reload" });
  });
});

describe("order page view", () => {
  it("reads the query flags: 1 or true, anything else false", () => {
    expect(["1", "true", "TRUE", " true "].map(queryFlag)).toEqual([true, true, true, true]);
    expect(["0", "false", "", "yes", null, undefined].map(queryFlag)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("picks the state the page shows", () => {
    const base = order();
    const pay = base.payment;
    expect(orderPhase({ status: "paid", payment: { ...pay, status: "approved" } })).toBe("paid");
    expect(orderPhase({ status: "expired", payment: pay })).toBe("expired");
    expect(orderPhase({ status: "canceled", payment: pay })).toBe("canceled");
    expect(orderPhase({ status: "pendingPayment", payment: { ...pay, status: "declined" } })).toBe(
      "declined",
    );
    expect(orderPhase({ status: "pendingPayment", payment: pay })).toBe("gateway");
    expect(orderPhase({ status: "created", payment: { ...pay, status: "none", redirectUrl: null } })).toBe(
      "choose",
    );
    const transfer = order({
      payment: {
        paymentMethodId: 2,
        status: "pending",
        declineReason: null,
        redirectUrl: null,
        bankTransfer: {
          accountNumber: "1/2010",
          iban: "CZ2720100000002900123456",
          bic: "FIOBCZPPXXX",
          variableSymbol: "1042",
          amount: 1,
          currencyId: 1,
          dueDate: "2026-05-04",
          message: "m",
          qrUrl: "/q",
        },
      },
    });
    expect(orderPhase(transfer)).toBe("bankTransfer");
    // A decline wins over transfer details: the buyer must choose again.
    expect(orderPhase({ ...transfer, payment: { ...transfer.payment, status: "declined" } })).toBe(
      "declined",
    );
  });

  it("offers the method choice after a decline, before a first payment, or when enforced", () => {
    expect(offersMethodChoice("declined", false)).toBe(true);
    expect(offersMethodChoice("choose", false)).toBe(true);
    expect(offersMethodChoice("gateway", false)).toBe(false);
    expect(offersMethodChoice("gateway", true)).toBe(true);
    expect(offersMethodChoice("bankTransfer", true)).toBe(true);
    expect(offersMethodChoice("paid", true)).toBe(false);
    expect(offersMethodChoice("expired", true)).toBe(false);
    expect(isUnpaid("created") && isUnpaid("pendingPayment")).toBe(true);
    expect(isUnpaid("paid") || isUnpaid("canceled") || isUnpaid("expired")).toBe(false);
  });

  it("fires purchase success when paid and purchase fail when declined, expired or canceled", () => {
    expect(purchaseEventOf("paid")).toBe("purchaseSuccess");
    expect(["declined", "expired", "canceled"].map((p) => purchaseEventOf(p as "declined"))).toEqual([
      "purchaseFail",
      "purchaseFail",
      "purchaseFail",
    ]);
    expect(purchaseEventOf("gateway")).toBeNull();
    expect(purchaseEventOf("bankTransfer")).toBeNull();
    expect(purchaseTracking(order(), "gateway")).toBeNull();
    const tracked = purchaseTracking(order({ status: "paid", paidAmount: 262000 }), "paid");
    expect(tracked?.data).toMatchObject({
      id: ORDER_ID,
      orderId: ORDER_ID,
      eventId: EVENT_ID,
      value: 262000,
      currencyId: 1,
      paymentMethodId: 1,
      context: { eventName: "Summer Fest", paidAmount: 262000, amount: 262000, status: "paid" },
    });
    expect(tracked?.data.items.map((i) => i.kind)).toEqual(["ticket", "ticket", "extra", "chip"]);
  });

  it("lists tickets by display order, then extras, then chip credit", () => {
    const lines = orderSummaryLines(order());
    expect(lines.map((l) => [l.kind, l.name, l.detail, l.count, l.total])).toEqual([
      ["ticket", "Standard", "Vstupenky", 2, 100000],
      ["ticket", "VIP", null, 1, 150000],
      ["extra", "Tričko", "L", 1, 0],
      ["chip", "Kredit 100", null, 1, 10000],
    ]);
    expect(lines[3]?.credit).toBe(10000);
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
  });

  it("explains the gateway's decline codes and shows other reasons as given", () => {
    expect(declineReasonKey("card_declined")).toBe("order.declineReason.card_declined");
    expect(declineReasonKey("canceled_by_buyer")).toBe("order.declineReason.canceled_by_buyer");
    expect(declineReasonKey("3-D Secure failed")).toBeNull();
    expect(declineReasonKey(null)).toBeNull();
  });
});
