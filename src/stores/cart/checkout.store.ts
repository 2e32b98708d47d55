/**
 * Checkout: the order is created from the cart under one Idempotency-Key per attempt (a double click, a
 * retry or a reload of the same cart answers the same order), the purchase is tracked and the buyer goes to
 * the payment gateway; refusals are explained and keep the cart. A buyer back from the gateway is sent on
 * to the order page.
 */

import { type ApiError, isApiError } from "../../client/index.ts";
import { eventPaymentMethods } from "../../contract/event.ts";
import type { Order } from "../../contract/order.ts";
import { orderCreateV2 } from "../../contract/order.ts";
import { randomUuid } from "../../lib/ids.ts";
import { pathTo } from "../../lib/routes.ts";
import { track } from "../../lib/tracking.ts";
import { pageLogger } from "../page.ts";
import { clientOf } from "./client.store.ts";
import { removeCode } from "./codes.store.ts";
import { codeKindOfField } from "./codes.ts";
import { startCheckout } from "./form.store.ts";
import { checkForm, type FormField, fieldOfIssuePath } from "./form.ts";
import { orderReturnUrl } from "./gateway-return.ts";
import { flushHold, refreshAvailability, runSync } from "./hold.store.ts";
import { holdInSync, holdItems } from "./hold.ts";
import { bodyFingerprint, orderBody } from "./order-body.ts";
import { errorBody, errorMessageKey, errorNotice, isLostHold, isRefusal } from "./refusals.ts";
import { notify, type Runtime, runtime, setState } from "./runtime.store.ts";
import { cartSummary } from "./summary.ts";
import { acceptedTermsVersion } from "./terms.store.ts";
import { cartTrackingUser, orderTrackingData } from "./tracking.ts";

/** Outcome of {@link submitOrder}. */
export type SubmitOutcome =
  | { ok: true; order: Order; url: string }
  | { ok: false; reason: "demo" | "busy" | "empty" | "form" | "terms" | "hold" | "refused" };

/** Explains a refused order and mends what it can (a code, the hold, availability, the methods, fields). */
async function handleOrderRefusal(rt: Runtime, error: unknown): Promise<void> {
  const apiError = error as ApiError;
  const body = isApiError(error) ? errorBody(error) : {};
  const field = typeof body.field === "string" ? body.field : undefined;
  if (isApiError(error, "invalid_code")) {
    const kind = codeKindOfField(field);
    if (kind) {
      const code = rt.$cart.get().codes[kind]?.code ?? "";
      removeCode(rt.eventId, kind);
      rt.$status.setKey("codeNotice", { key: "errors.invalidCode", values: { code }, tone: "error" });
    }
    notify(rt, { key: "errors.invalidCode", tone: "error" });
    return;
  }
  if (isLostHold(error)) {
    setState(rt, (s) => ({ ...s, hold: null }));
    await runSync(rt);
    if (rt.$cart.get().hold) notify(rt, { key: "errors.holdRenewed", tone: "info" });
    return;
  }
  if (isRefusal(error)) {
    notify(rt, { key: errorMessageKey(apiError), tone: "error" });
    await refreshAvailability(rt.eventId);
    if (rt.mode === "live") await flushHold(rt.eventId);
    return;
  }
  if (isApiError(error, "payment_method_not_offered")) {
    try {
      const { paymentMethods } = await clientOf(rt).call(eventPaymentMethods, {
        params: { eventId: rt.eventId },
      });
      rt.$catalog.set({ ...rt.$catalog.get(), paymentMethods });
      const chosen = rt.$cart.get().paymentMethodId;
      if (!paymentMethods.some((m) => m.paymentMethodId === chosen)) {
        setState(rt, (s) => ({ ...s, paymentMethodId: null }));
      }
    } catch (reloadError) {
      pageLogger("cart").warn("payment methods not reloaded", reloadError);
    }
    notify(rt, { key: "errors.paymentMethodNotOffered", tone: "error" });
    return;
  }
  if (isApiError(error, "validation")) {
    const issues = Array.isArray(body.issues) ? (body.issues as { path?: unknown }[]) : [];
    const serverFieldErrors: Partial<Record<FormField, string>> = {};
    for (const issue of issues) {
      const formField = fieldOfIssuePath(String(issue.path ?? ""));
      if (formField) serverFieldErrors[formField] = "form.errors.invalid";
    }
    if (field) {
      const formField = fieldOfIssuePath(field);
      if (formField) serverFieldErrors[formField] ??= "form.errors.invalid";
    }
    rt.$status.setKey("serverFieldErrors", serverFieldErrors);
    notify(rt, { key: "errors.validation", tone: "error" });
    return;
  }
  pageLogger("cart").warn("order not created", error);
  notify(rt, { ...errorNotice(apiError), tone: "error" });
}

/**
 * Creates the order: checks the form, settles the hold, reuses the attempt's Idempotency-Key (a double
 * click or a retry of the same cart never makes a second order), tracks the purchase, and goes to the
 * payment gateway (or the order page). Refusals are explained and keep the cart.
 */
export async function submitOrder(eventId: string): Promise<SubmitOutcome> {
  const rt = runtime(eventId);
  if (rt.mode !== "live") return { ok: false, reason: "demo" };
  if (rt.$status.get().submitting) return { ok: false, reason: "busy" };
  rt.$status.setKey("submitting", true);
  let leaving = false;
  try {
    rt.$status.setKey("showAllErrors", true);
    const summary = cartSummary(rt.$cart.get(), rt.$catalog.get());
    if (summary.empty) {
      notify(rt, { key: "errors.empty", tone: "error" });
      return { ok: false, reason: "empty" };
    }
    startCheckout(eventId);
    const termsVersion = acceptedTermsVersion(eventId, rt.$catalog.get());
    if (Object.keys(checkForm(rt.$cart.get()).errors).length > 0) {
      notify(rt, { key: "errors.form", tone: "error" });
      return { ok: false, reason: "form" };
    }
    if (!termsVersion) {
      notify(rt, { key: "legal.checkout.required", tone: "error" });
      return { ok: false, reason: "terms" };
    }
    const seatsBefore = Object.keys(rt.$cart.get().seats).length;
    await flushHold(eventId);
    const state = rt.$cart.get();
    const catalog = rt.$catalog.get();
    // Seats someone took while the hold was settled left the selection: the buyer looks before paying.
    if (Object.keys(state.seats).length < seatsBefore) {
      notify(rt, { key: "seatMap.takenCheckout", tone: "error" });
      return { ok: false, reason: "hold" };
    }
    if (!holdInSync(state, catalog) || (holdItems(state, catalog).length > 0 && !state.hold)) {
      if (!rt.$status.get().notice) notify(rt, { key: "errors.holdFailed", tone: "error" });
      return { ok: false, reason: "hold" };
    }
    const body = orderBody(state, catalog, {
      language: rt.locale,
      returnUrl: orderReturnUrl(rt.origin(), rt.locale, rt.slugs),
      trackingConsent: rt.trackingConsent(),
      termsVersion,
    });
    if (!body) {
      notify(rt, { key: "errors.form", tone: "error" });
      return { ok: false, reason: "form" };
    }
    const fingerprint = bodyFingerprint(body);
    const previous = state.checkout;
    const attempt =
      previous && previous.fingerprint === fingerprint
        ? previous
        : { key: randomUuid(), fingerprint, orderId: null };
    if (attempt !== previous) setState(rt, (s) => ({ ...s, checkout: attempt }));
    notify(rt, null);
    const { order } = await clientOf(rt).call(orderCreateV2, { body, idempotencyKey: attempt.key });
    setState(rt, (s) => ({ ...s, checkout: { ...attempt, orderId: order.orderId } }));
    track("purchase", { ...orderTrackingData(order), user: cartTrackingUser(state, rt.account) });
    const url = order.payment.redirectUrl
      ? clientOf(rt).resolve(order.payment.redirectUrl)
      : pathTo(rt.locale, "order", {
          organizerSlug: order.organizerSlug,
          eventSlug: order.eventSlug,
          orderId: order.orderId,
        });
    leaving = true;
    rt.navigate(url);
    return { ok: true, order, url };
  } catch (error) {
    await handleOrderRefusal(rt, error);
    return { ok: false, reason: "refused" };
  } finally {
    // While the browser leaves for the gateway the button stays disabled.
    if (!leaving) rt.$status.setKey("submitting", false);
  }
}
