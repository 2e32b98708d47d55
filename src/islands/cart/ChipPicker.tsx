/** Chip top-ups: each product's credit and price with a counter, and the event's credit limit per order. */
import {
  type CartCatalog,
  type CartState,
  chipLimits,
  salesClosed,
  setChipCount,
} from "../../stores/cart/index.ts";
import { Counter } from "./Counter.tsx";
import { LineState } from "./LineState.tsx";
import { List } from "./List.tsx";
import { useCartView } from "./view.tsx";

/** Props of {@link ChipPicker}. */
export interface ChipPickerProps {
  catalog: CartCatalog;
  state: CartState;
  /** Epoch milliseconds the sale is judged at. */
  now: number;
}

/** The chip top-up products of the event with their counters. */
export function ChipPicker({ catalog, state, now }: ChipPickerProps) {
  const { t, eventId, demo, money } = useCartView();
  const closed = salesClosed(catalog, demo, now);
  const products = [...catalog.chipProducts].sort((a, b) => a.displayOrder - b.displayOrder);
  const limit = catalog.chipCreditLimit;
  return (
    <div className="flex flex-col gap-3">
      <List className="grid gap-3">
        {products.map((product) => {
          const limits = chipLimits(product, state.chips, catalog, closed);
          const count = state.chips[product.productItemId] ?? 0;
          return (
            <li
              key={product.productItemId}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4"
              data-product-item-id={product.productItemId}
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-semibold text-slate-900">{product.name}</p>
                {product.description && <p className="text-sm text-slate-700">{product.description}</p>}
                {product.amount !== product.price && (
                  <p className="text-sm text-slate-700">{t("credit", { amount: money(product.amount) })}</p>
                )}
                <LineState limits={limits} noticeId={`cart-line-${product.productItemId}`} />
              </div>
              <div className="flex w-full items-center justify-between gap-4 sm:w-auto sm:justify-end">
                <p className="font-semibold tabular-nums text-slate-900">{money(product.price)}</p>
                <Counter
                  name={product.name}
                  count={count}
                  limits={limits}
                  onChange={(next) => setChipCount(eventId, product.productItemId, next)}
                />
              </div>
            </li>
          );
        })}
      </List>
      {limit && <p className="text-sm text-slate-700">{t("chipsMax", { max: money(limit.maxAmount) })}</p>}
    </div>
  );
}
