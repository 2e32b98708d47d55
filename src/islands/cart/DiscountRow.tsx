/**
 * A discount of the cart's summary: the code's kind and the code, how it counts (a percentage off each
 * ticket, an amount once per order, or whole tickets free), and what it takes off — the amount the order
 * will take off too (the same pricing rules). Loaded on demand (`lazy`), once a code is applied.
 */
import { basisText } from "../../lib/pricing/discount-basis.ts";
import { discountBasis } from "../../stores/cart/discount-basis.ts";
import type { SummaryLine } from "../../stores/cart/lines.ts";
import type { CartState } from "../../stores/cart/state.ts";
import type { DiscountLine } from "../../stores/cart/summary.ts";
import { useCartView } from "./view.tsx";

/** Props of {@link DiscountRow}. */
export interface DiscountRowProps {
  discount: DiscountLine;
  /** The applied code the discount comes from. */
  applied: CartState["codes"][DiscountLine["kind"]];
  lines: readonly SummaryLine[];
}

/** A discount line of the summary (a `dt`/`dd` pair). */
export default function DiscountRow({ discount, applied, lines }: DiscountRowProps) {
  const { t, money } = useCartView();
  const basis = applied ? discountBasis(applied, lines) : null;
  return (
    <div className="flex justify-between gap-3" data-discount={discount.kind}>
      <dt className="text-slate-700">
        {t("discount", { kind: t(`codes.kinds.${discount.kind}`), code: discount.code })}
        {basis && (
          <span className="block text-xs text-slate-700" data-discount-basis={basis.kind}>
            {basisText(basis, t, money)}
          </span>
        )}
      </dt>
      <dd className="tabular-nums text-emerald-800">−{money(discount.amount)}</dd>
    </div>
  );
}
