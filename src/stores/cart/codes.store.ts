/**
 * Codes on the cart: an entered code is checked as a coupon, a discount code and a supercoupon of the event
 * and the first valid one is applied (one per kind); refusals name their reason.
 */

import type { ApiError } from "../../client/index.ts";
import { ticketCoupon, ticketSupercoupon } from "../../contract/ticket.ts";
import { v2CheckDiscountCode } from "../../contract/v2.ts";
import { clientOf } from "./client.store.ts";
import { codeRefusalKey, pickCode } from "./codes.ts";
import { summaryLines } from "./lines.ts";
import { errorMessageKey } from "./refusals.ts";
import { runtime, setState } from "./runtime.store.ts";
import type { CheckedCode, CodeKind } from "./state.ts";

/**
 * Checks a code as a coupon, a discount code and a supercoupon of the event; the first valid one is kept
 * (replacing a code of its kind), otherwise the most telling refusal is shown. Resolves true when applied.
 */
export async function applyCode(eventId: string, input: string): Promise<boolean> {
  const rt = runtime(eventId);
  const code = input.trim();
  if (code === "") {
    rt.$status.setKey("codeNotice", { key: "codes.empty", tone: "error" });
    return false;
  }
  if (code.length > 64) {
    rt.$status.setKey("codeNotice", { key: "codes.reasons.notFound", tone: "error" });
    return false;
  }
  rt.$status.setKey("codeChecking", true);
  rt.$status.setKey("codeNotice", null);
  const client = clientOf(rt);
  const lines = summaryLines(rt.$cart.get(), rt.$catalog.get());
  const items = lines.filter((l) => l.kind === "ticket").map((l) => ({ ticketTypeId: l.id, count: l.count }));
  const extraProducts = lines
    .filter((l) => l.kind === "extra")
    .map((l) => ({
      ticketProductId: l.id,
      ...(l.variantValueId ? { variantValueId: l.variantValueId } : {}),
      count: l.count,
    }));
  const checks: Promise<CheckedCode>[] = [
    client
      .call(ticketCoupon, { query: { eventId, code } })
      .then((r) => ({ kind: "coupon" as const, code, check: r.coupon })),
    client
      .call(v2CheckDiscountCode, {
        params: { code },
        body: {
          eventId,
          ...(items.length > 0 ? { items } : {}),
          ...(extraProducts.length > 0 ? { extraProducts } : {}),
        },
      })
      .then((r) => ({ kind: "discount" as const, code, check: r.discount })),
    client
      .call(ticketSupercoupon, { query: { code, eventId } })
      .then((r) => ({ kind: "supercoupon" as const, code, check: r.supercoupon })),
  ];
  try {
    const settled = await Promise.allSettled(checks);
    const results = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    if (results.length === 0) {
      const failure = settled.find((s) => s.status === "rejected");
      const reason = failure?.status === "rejected" ? (failure.reason as ApiError) : undefined;
      rt.$status.setKey("codeNotice", { key: errorMessageKey(reason), tone: "error" });
      return false;
    }
    const picked = pickCode(results);
    if (!picked.valid) {
      rt.$status.setKey("codeNotice", {
        key: codeRefusalKey(picked.reason),
        values: { code },
        tone: "error",
      });
      return false;
    }
    const applied = { ...picked.valid, code: picked.valid.check.code || code } as CheckedCode;
    setState(rt, (s) => ({ ...s, codes: { ...s.codes, [applied.kind]: applied } }));
    rt.$status.setKey("codeNotice", {
      key: `codes.applied.${applied.kind}`,
      values: { code: applied.code },
      tone: "success",
    });
    return true;
  } finally {
    rt.$status.setKey("codeChecking", false);
  }
}

/** Removes the applied code of a kind. */
export function removeCode(eventId: string, kind: CodeKind): void {
  const rt = runtime(eventId);
  setState(rt, (s) => {
    const codes = { ...s.codes };
    delete codes[kind];
    return { ...s, codes };
  });
  rt.$status.setKey("codeNotice", null);
}
