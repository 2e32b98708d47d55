/**
 * Extra products by product group: image, name, description, the chip credit a product includes, the
 * per-order limit, and a counter per line (the product, or each value of its variant, with its price).
 */
import {
  type CartCatalog,
  type CartNotice,
  type CartState,
  extraLimits,
  extraOptions,
  extraSections,
  salesClosed,
  setExtraCount,
} from "../../stores/cart/index.ts";
import { Counter } from "./Counter.tsx";
import { LineState } from "./LineState.tsx";
import { List } from "./List.tsx";
import { useCartView } from "./view.tsx";

/** An image of a product, already resized for the cart by the page. */
export interface ProductImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** Props of {@link ExtrasPicker}. */
export interface ExtrasPickerProps {
  catalog: CartCatalog;
  state: CartState;
  lineNotices: Record<string, CartNotice>;
  images: Record<string, ProductImage>;
  /** Epoch milliseconds the sale is judged at. */
  now: number;
}

/** The extra products of the event with their counters. */
export function ExtrasPicker({ catalog, state, lineNotices, images, now }: ExtrasPickerProps) {
  const { t, eventId, demo, money } = useCartView();
  const sections = extraSections(catalog);
  const closed = salesClosed(catalog, demo, now);
  return (
    <div className="flex flex-col gap-8">
      {sections.map((section) => {
        const sectionId = section.group?.productGroupId ?? "other";
        const name = section.group?.name ?? (sections.length > 1 ? t("extrasOther") : t("extras"));
        return (
          <div key={sectionId}>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-brand-800">{name}</h3>
            {section.group?.description && (
              <p className="mt-1 text-sm text-slate-700">{section.group.description}</p>
            )}
            <List className="mt-3 flex flex-col gap-3">
              {section.products.map((product) => {
                const options = extraOptions(product);
                const image = images[product.ticketProductId];
                const single =
                  options.length === 1 && options[0]?.variantValueId === null ? options[0] : null;
                const singleLimits = single ? extraLimits(single, state.extras, closed) : null;
                return (
                  <li
                    key={product.ticketProductId}
                    className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
                    data-ticket-product-id={product.ticketProductId}
                  >
                    <div className="flex gap-4">
                      {image && (
                        <img
                          src={image.src}
                          srcSet={image.srcSet}
                          sizes="5rem"
                          width={image.width}
                          height={image.height}
                          alt=""
                          loading="lazy"
                          decoding="async"
                          className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:size-20"
                        />
                      )}
                      <div className="flex min-w-0 flex-1 flex-col gap-1">
                        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                          <div className="min-w-0 flex-1 basis-40">
                            <p className="font-semibold text-slate-900">{product.name}</p>
                            {product.description && (
                              <p className="text-sm text-slate-700">{product.description}</p>
                            )}
                            {product.chips.map((chip) => (
                              <p key={chip.productItemId} className="text-sm text-slate-700">
                                {t("includesCredit", { amount: money(chip.amount) })}
                              </p>
                            ))}
                            <p className="text-sm text-slate-600">
                              {t("perOrderMax", { max: product.maxPerOrder })}
                            </p>
                            {single && singleLimits && (
                              <LineState
                                limits={singleLimits}
                                notice={lineNotices[single.key]}
                                noticeId={`cart-line-${single.key}`}
                              />
                            )}
                            {!single && product.soldOut && (
                              <LineState
                                limits={{ state: "soldOut", min: 1, max: 0, left: null, from: null }}
                                noticeId={`cart-line-${product.ticketProductId}`}
                              />
                            )}
                          </div>
                          {single && singleLimits && (
                            <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:w-auto sm:justify-end">
                              <p className="font-semibold tabular-nums text-slate-900">
                                {money(single.price)}
                              </p>
                              <Counter
                                name={product.name}
                                count={state.extras[single.key] ?? 0}
                                limits={singleLimits}
                                onChange={(next) => setExtraCount(eventId, single.key, next)}
                              />
                            </div>
                          )}
                        </div>
                      </div>
                    </div>
                    {!single && (
                      <List className="divide-y divide-slate-100 border-t border-slate-100">
                        {options.map((option) => {
                          const limits = extraLimits(option, state.extras, closed);
                          const count = state.extras[option.key] ?? 0;
                          const label = t("variantLabel", {
                            variant: option.variantName,
                            value: option.valueName,
                          });
                          return (
                            <li
                              key={option.key}
                              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2"
                              data-variant-value-id={option.variantValueId ?? ""}
                              data-state={limits.state}
                            >
                              <div className="min-w-0 flex-1 basis-24">
                                <p
                                  className={limits.state === "onSale" ? "text-slate-900" : "text-slate-600"}
                                >
                                  {label}
                                </p>
                                <LineState
                                  limits={limits}
                                  notice={lineNotices[option.key]}
                                  noticeId={`cart-line-${option.key}`}
                                />
                              </div>
                              <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:w-auto sm:justify-end">
                                <p className="font-semibold tabular-nums text-slate-900">
                                  {money(option.price)}
                                </p>
                                <Counter
                                  name={`${product.name} – ${label}`}
                                  count={count}
                                  limits={limits}
                                  onChange={(next) => setExtraCount(eventId, option.key, next)}
                                />
                              </div>
                            </li>
                          );
                        })}
                      </List>
                    )}
                  </li>
                );
              })}
            </List>
          </div>
        );
      })}
    </div>
  );
}
