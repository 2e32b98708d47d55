/**
 * The cart island (client:load) of the cart page and of the demo cart: ticket types by group, extra
 * products with variants, chip top-ups, the buyer's form, the payment method, and beside them the summary
 * with the hold's countdown, codes, amounts and the pay button. The page passes the build-time catalog
 * (rendered on the server as is), packed in one string (`../packed-props.ts`: Astro's own form of large props
 * cost a cart page more than the rest of its island), and writes its language's `cart` texts in an element of
 * their own (`../page-texts.ts`); in the browser the stored cart is shown after hydration and live availability
 * is loaded. The seating section of the page comes as children.
 */
import { useStore } from "@nanostores/react";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { hasSessionMarker } from "../../lib/session-marker.ts";
import {
  anythingOnSale,
  applyAddressCodes,
  type CartCatalog,
  type CartMode,
  cartSummary,
  emptyCart,
  extraSections,
  initialStatus,
  openCart,
  returnFromGateway,
  salesClosed,
  ticketSections,
} from "../../stores/cart/index.ts";
import { useHydratedClock } from "../hydration.ts";
import { formatsOnStart } from "../island-start.ts";
import { Later } from "../later.tsx";
import { type Packed, unpack } from "../packed-props.ts";
import { textsOf } from "../page-texts.ts";
import { CheckoutPlaceholder } from "./CheckoutPlaceholder.tsx";
import { ChipsSection } from "./ChipsSection.tsx";
import { CodeEntry } from "./CodeEntry.tsx";
import { DemoBanner } from "./DemoBanner.tsx";
import { ExtrasPicker, type ProductImage } from "./ExtrasPicker.tsx";
import { Section } from "./Section.tsx";
import { Summary } from "./Summary.tsx";
import { TicketPicker } from "./TicketPicker.tsx";
import { CartViewProvider, cartView, createCartT } from "./view.tsx";

/** Props of the cart island. */
export interface CartIslandProps {
  locale: Locale;
  /** "demo": a preview before sales start that never holds or orders. */
  mode?: CartMode;
  /** What the event sells, as known when the page was rendered. */
  catalog: CartCatalog;
  slugs: { organizerSlug: string; eventSlug: string };
  /** The event's time zone, for dates. */
  timeZone: string;
  /** When the page was rendered (ISO): sales windows are judged at this moment until hydration. */
  renderedAt: string;
  /** The `cart` texts of the page's language. */
  messages: Dictionary;
  /** Product images resized by the page, by extra product id. */
  images?: Record<string, ProductImage>;
  /** The page's seating section, shown after the ticket types. */
  children?: ReactNode;
}

const CHECKOUT_FORM_ID = "cart-checkout";

/** The buyer's form and the payment method, loaded when the buyer needs them (see `Checkout.tsx`). */
const Checkout = lazy(() => import("./Checkout.tsx"));

/** The phone bar (total, countdown, continue/pay), loaded once something is chosen (see `StickyBar.tsx`). */
const StickyBar = lazy(() => import("./StickyBar.tsx"));

/**
 * What the page sends the cart island, packed (see `packed-props.ts`): its props but the seating section and
 * its texts, which the page writes apart (`texts`: their id, see `../page-texts.ts`).
 */
export type CartIslandData = Omit<CartIslandProps, "children" | "messages"> & { texts: string };

/** What the cart island takes: its props packed in one string, the page's seating section as its children. */
interface PackedCartProps {
  data: Packed<CartIslandData>;
  children?: ReactNode;
}

/** The cart island: unpacks its props and reads its texts once, and renders the cart. */
export default function CartIsland({ data, children }: PackedCartProps) {
  const props = useMemo(() => {
    const { texts, ...rest } = unpack(data);
    return { ...rest, messages: textsOf<Dictionary>(texts) };
  }, [data]);
  return <Cart {...props}>{children}</Cart>;
}

/** The cart of an event. */
function Cart(props: CartIslandProps) {
  const { locale, mode = "live", slugs, timeZone, renderedAt, messages, images = {}, children } = props;
  const demo = mode === "demo";
  const eventId = props.catalog.eventId;
  const [cart] = useState(() => openCart({ catalog: props.catalog, locale, mode, slugs }));
  const stored = useStore(cart.$cart);
  const liveStatus = useStore(cart.$status);
  const liveCatalog = useStore(cart.$catalog);
  const { hydrated, now } = useHydratedClock(renderedAt);
  // Until hydration is over the island renders exactly what the server rendered: an empty cart, the
  // catalog of the page and a fresh status; the stored cart and what the store learnt follow.
  const empty = useMemo(() => emptyCart(eventId, locale), [eventId, locale]);
  const fresh = useMemo(() => initialStatus(), []);
  const state = hydrated ? stored : empty;
  const status = hydrated ? liveStatus : fresh;
  const catalog = hydrated ? liveCatalog : props.catalog;
  const t = useMemo(() => createCartT(locale, messages), [locale, messages]);
  const view = useMemo(
    () => cartView({ t, locale, eventId, demo, currencyId: catalog.currencyId, timeZone }),
    [t, locale, eventId, demo, catalog.currencyId, timeZone],
  );
  const noticeRef = useRef<HTMLDivElement>(null);
  const [returning, setReturning] = useState(false);
  // The checkout is asked for by a selection, by the buyer reaching its place or paying; a demo shows it at once.
  const [wanted, setWanted] = useState<{ pay: boolean } | null>(null);
  const want = useCallback((pay: boolean) => setWanted((w) => (w && (w.pay || !pay) ? w : { pay })), []);

  // Back from the payment gateway (`?order=`): the order page takes over.
  useEffect(() => {
    const url = returnFromGateway(eventId, location.search);
    if (!url) return;
    setReturning(true);
    location.replace(url);
  }, [eventId]);

  // Codes in the address (`?codes=`, an app link's web page): applied once as if typed, then the
  // parameter leaves the address so a reload does not check them again.
  useEffect(() => {
    if (demo) return;
    void applyAddressCodes(eventId, location.href).then((cleaned) => {
      if (cleaned) history.replaceState(history.state, "", cleaned);
    });
  }, [demo, eventId]);

  // Signed in (the session marker exists): the buyer's empty fields are filled from the account. The
  // session code is imported only then, so an anonymous visitor's cart loads none. The form then shows at once.
  useEffect(() => {
    if (demo || !hasSessionMarker(document.cookie)) return;
    want(false);
    let stop: (() => void) | null = null;
    let left = false;
    void import("../../stores/account/prefill.store.ts").then(({ fillCartFromSession }) => {
      if (!left) stop = fillCartFromSession(eventId);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [demo, eventId, want]);

  const summary = cartSummary(state, catalog);
  const hasTickets = ticketSections(catalog).length > 0;
  const hasExtras = extraSections(catalog).length > 0;
  const hasChips = catalog.chipProducts.length > 0;
  const canCheckout =
    demo || !summary.empty || anythingOnSale(catalog, { now, held: state.hold?.items ?? {} });

  if (returning) {
    return (
      <p role="status" className="mt-8 text-lg text-slate-800" data-cart-returning>
        {t("returning")}
      </p>
    );
  }

  return (
    <CartViewProvider view={view}>
      <div
        id="cart-island"
        data-cart-island={mode}
        data-event-id={eventId}
        data-locale={locale}
        data-currency-id={catalog.currencyId}
        data-hydrated={hydrated ? "true" : "false"}
        // Until the island has hydrated, a click or a keystroke would be lost: the server-rendered cart takes none.
        inert={!hydrated}
      >
        <a
          href="#cart-summary"
          className="sr-only focus:not-sr-only focus:inline-block focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow"
          data-skip-summary
        >
          {t("phone.skipToSummary")}
        </a>
        {demo && <DemoBanner />}
        <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-12 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="flex min-w-0 flex-col gap-12">
            {/* Codes first: they can unlock ticket types, and the way from the last line to pay stays short. */}
            {(demo || canCheckout) && (
              <CodeEntry state={state} checking={status.codeChecking} notice={status.codeNotice} />
            )}
            {hasTickets && (
              <Later>
                <Section id="cart-tickets" title={t("tickets")}>
                  <TicketPicker
                    catalog={catalog}
                    state={state}
                    lineNotices={status.lineNotices}
                    now={now}
                    heading={t("tickets")}
                  />
                </Section>
              </Later>
            )}
            {children}
            {hasExtras && (
              <Later>
                <Section id="cart-extras" title={t("extras")}>
                  <ExtrasPicker
                    catalog={catalog}
                    state={state}
                    lineNotices={status.lineNotices}
                    images={images}
                    now={now}
                  />
                </Section>
              </Later>
            )}
            {hasChips && (
              <Later>
                <ChipsSection catalog={catalog} state={state} now={now} />
              </Later>
            )}
            {!hasTickets && !hasExtras && !hasChips && (
              <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
                {t("empty")}
              </p>
            )}
            {canCheckout &&
              (hydrated && (wanted || demo || !summary.empty) ? (
                <Suspense fallback={<CheckoutPlaceholder formId={CHECKOUT_FORM_ID} />}>
                  <Checkout
                    formId={CHECKOUT_FORM_ID}
                    cart={cart}
                    catalog={catalog}
                    state={state}
                    status={status}
                    noticeRef={noticeRef}
                    submitNow={wanted?.pay ?? false}
                  />
                </Suspense>
              ) : (
                <CheckoutPlaceholder formId={CHECKOUT_FORM_ID} onWanted={want} />
              ))}
          </div>
          <Later>
            <aside
              id="cart-summary"
              aria-labelledby="cart-summary-heading"
              className="scroll-mt-24 lg:sticky lg:top-24 lg:flex lg:max-h-[calc(100dvh-7rem)] lg:flex-col lg:self-start lg:overflow-y-auto"
            >
              <Summary
                state={state}
                status={status}
                summary={summary}
                formId={canCheckout ? CHECKOUT_FORM_ID : null}
                saleStartsAt={catalog.saleStartsAt}
                closed={salesClosed(catalog, demo, now)}
                noticeRef={noticeRef}
              />
            </aside>
          </Later>
        </div>
        {hydrated && !demo && canCheckout && !summary.empty && (
          <Suspense fallback={null}>
            <StickyBar state={state} status={status} summary={summary} formId={CHECKOUT_FORM_ID} />
          </Suspense>
        )}
      </div>
    </CartViewProvider>
  );
}

// Its first render shows the ticket types' prices.
formatsOnStart(CartIsland);
