/**
 * The cart of one event, as pure functions (no fetch, no storage, no DOM): what can be picked and how many,
 * the summary with its amounts in minor units, the hold to ask for, the body of the order, the buyer's
 * form checked with the contract's schemas, and the message key of every refusal the service can answer.
 *
 * Counts are kept per ticket type, per extra product line (a product, or one value of its variant) and per
 * chip top-up product. A chip product bought `n` times loads `n × amount` of credit for `n × price`.
 * Discounts shown before ordering are the cart's estimate, computed the way the service computes them;
 * the order's own figure is authoritative.
 */
import { BillingInfo, Buyer, type LocaleCode } from "../contract/common.ts";
import type { PaymentMethod, SalesState } from "../contract/event.ts";
import type { Order, OrderCreateBody } from "../contract/order.ts";
import type { ProductGroup } from "../contract/product.ts";
import type { Reservation } from "../contract/reservation.ts";
import type {
  ChipCreditLimit,
  ChipProduct,
  CodeCheck,
  ExtraProduct,
  SupercouponCheck,
  TicketType,
  TicketTypeGroup,
} from "../contract/ticket.ts";
import { country } from "./enums/country.ts";
import { dialCode } from "./enums/country-dial-code.ts";
import { CHIP_MAX_COUNT } from "./order-limits.ts";
import type { TrackingData, TrackingItem } from "./tracking.ts";
import { isUuid } from "./validation/uuid.ts";
import { normalizeVatId } from "./validation/vat.ts";

/** What an event's cart sells: the build-time catalog, refreshed with live availability in the browser. */
export interface CartCatalog {
  eventId: string;
  currencyId: number;
  ticketTypes: TicketType[];
  ticketTypeGroups: TicketTypeGroup[];
  extraProducts: ExtraProduct[];
  productGroups: ProductGroup[];
  chipProducts: ChipProduct[];
  chipCreditLimit: ChipCreditLimit | null;
  paymentMethods: PaymentMethod[];
  /** Ticket types sold by seat (seated sectors): chosen on the seating plan, never counted here. */
  seatedTicketTypeIds: string[];
  /** Where the event stands in its sales. */
  salesState: SalesState;
  /** When the sale starts, for an event not on sale yet. */
  saleStartsAt: string | null;
}

/** The three kinds of codes a buyer can enter. */
export const CODE_KINDS = ["coupon", "discount", "supercoupon"] as const;

/** A kind of code: an event's coupon, an organizer's discount code, or a prepaid supercoupon. */
export type CodeKind = (typeof CODE_KINDS)[number];

/** A code the service checked, with its answer. */
export type CheckedCode =
  | { kind: "coupon" | "discount"; code: string; check: CodeCheck }
  | { kind: "supercoupon"; code: string; check: SupercouponCheck };

/** The reservation standing for the cart's tickets: its id, when it ends and what it holds. */
export interface HoldState {
  reservationId: string;
  expiresAt: string;
  /** Held count per ticket type. */
  items: Record<string, number>;
}

/** The buyer's contact details as typed. */
export interface BuyerDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  countryId: number;
}

/** Billing details as typed; sent only when `wanted`. */
export interface BillingDraft {
  wanted: boolean;
  companyName: string;
  vatId: string;
  address: string;
  city: string;
  postalCode: string;
  countryId: number;
}

/** One checkout attempt: its Idempotency-Key, the body it was made for, and the order once created. */
export interface CheckoutAttempt {
  key: string;
  fingerprint: string;
  orderId: string | null;
}

/** Everything the buyer picked and typed for one event (kept for the tab). */
export interface CartState {
  version: 1;
  eventId: string;
  /** Wanted count per ticket type. */
  tickets: Record<string, number>;
  /** Count per extra product line (`extraKey`). */
  extras: Record<string, number>;
  /** Count per chip top-up product. */
  chips: Record<string, number>;
  /** Valid codes applied, one per kind. */
  codes: Partial<Record<CodeKind, CheckedCode>>;
  hold: HoldState | null;
  buyer: BuyerDraft;
  billing: BillingDraft;
  paymentMethodId: number | null;
  checkout: CheckoutAttempt | null;
}

/** Country id preselected in the buyer's form per language (Czech Republic, Slovakia, Germany). */
export const DEFAULT_COUNTRY: Readonly<Record<LocaleCode, number>> = { cs: 1, en: 1, de: 14, sk: 2 };

/** An empty cart of an event, with the buyer's country preselected for the language. */
export function emptyCart(eventId: string, locale: LocaleCode = "cs"): CartState {
  const countryId = DEFAULT_COUNTRY[locale];
  return {
    version: 1,
    eventId,
    tickets: {},
    extras: {},
    chips: {},
    codes: {},
    hold: null,
    buyer: { firstName: "", lastName: "", email: "", phone: "", countryId },
    billing: { wanted: false, companyName: "", vatId: "", address: "", city: "", postalCode: "", countryId },
    paymentMethodId: null,
    checkout: null,
  };
}

/** Applied codes read back: entries of a known kind with a code and a check, under their own kind. */
function restoreCodes(stored: unknown): CartState["codes"] {
  const codes: CartState["codes"] = {};
  if (typeof stored !== "object" || stored === null) return codes;
  for (const kind of CODE_KINDS) {
    const entry = (stored as Record<string, unknown>)[kind] as Partial<CheckedCode> | undefined;
    if (
      entry?.kind === kind &&
      typeof entry.code === "string" &&
      typeof entry.check === "object" &&
      entry.check !== null &&
      typeof entry.check.valid === "boolean"
    ) {
      codes[kind] = entry as CheckedCode;
    }
  }
  return codes;
}

/** A stored cart read back: the stored value when it is a cart of this event, else an empty cart. */
export function restoreCart(stored: unknown, eventId: string, locale: LocaleCode = "cs"): CartState {
  const empty = emptyCart(eventId, locale);
  if (typeof stored !== "object" || stored === null) return empty;
  const value = stored as Partial<CartState>;
  if (value.version !== 1 || value.eventId !== eventId) return empty;
  const counts = (v: unknown): Record<string, number> => {
    const out: Record<string, number> = {};
    if (typeof v !== "object" || v === null) return out;
    for (const [key, n] of Object.entries(v)) {
      if (Number.isSafeInteger(n) && (n as number) > 0) out[key] = n as number;
    }
    return out;
  };
  const hold = value.hold;
  return {
    ...empty,
    tickets: counts(value.tickets),
    extras: counts(value.extras),
    chips: counts(value.chips),
    codes: restoreCodes(value.codes),
    hold:
      hold && typeof hold.reservationId === "string" && typeof hold.expiresAt === "string"
        ? { reservationId: hold.reservationId, expiresAt: hold.expiresAt, items: counts(hold.items) }
        : null,
    buyer: { ...empty.buyer, ...value.buyer },
    billing: { ...empty.billing, ...value.billing },
    paymentMethodId: typeof value.paymentMethodId === "number" ? value.paymentMethodId : null,
    checkout:
      value.checkout && typeof value.checkout.key === "string"
        ? {
            key: value.checkout.key,
            fingerprint: String(value.checkout.fingerprint ?? ""),
            orderId: value.checkout.orderId ?? null,
          }
        : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Sections and lines of the catalog

/** Ticket types of one group in display order; `group` is null for the ticket types without a group. */
export interface TicketSection {
  group: TicketTypeGroup | null;
  ticketTypes: TicketType[];
}

/** Ticket types by group in the groups' display order; ungrouped ones last, in one section. */
export function ticketSections(
  catalog: Pick<CartCatalog, "ticketTypes" | "ticketTypeGroups">,
): TicketSection[] {
  const sorted = [...catalog.ticketTypes].sort((a, b) => a.displayOrder - b.displayOrder);
  const groups = [...catalog.ticketTypeGroups].sort((a, b) => a.displayOrder - b.displayOrder);
  const sections: TicketSection[] = groups.map((group) => ({
    group,
    ticketTypes: sorted.filter((t) => t.ticketTypeGroup?.ticketTypeGroupId === group.ticketTypeGroupId),
  }));
  const known = new Set(groups.map((g) => g.ticketTypeGroupId));
  const rest = sorted.filter((t) => !t.ticketTypeGroup || !known.has(t.ticketTypeGroup.ticketTypeGroupId));
  if (rest.length > 0) sections.push({ group: null, ticketTypes: rest });
  return sections.filter((s) => s.ticketTypes.length > 0);
}

/** Extra products of one product group in its order; `group` is null for products outside every group. */
export interface ExtraSection {
  group: ProductGroup | null;
  products: ExtraProduct[];
}

/** Extra products by product group (groups in display order); the others last, in one section. */
export function extraSections(catalog: Pick<CartCatalog, "extraProducts" | "productGroups">): ExtraSection[] {
  const byId = new Map(catalog.extraProducts.map((p) => [p.ticketProductId, p]));
  const sections: ExtraSection[] = [...catalog.productGroups]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((group) => ({ group, products: group.ticketProductIds.flatMap((id) => byId.get(id) ?? []) }));
  const placed = new Set(sections.flatMap((s) => s.products.map((p) => p.ticketProductId)));
  const rest = catalog.extraProducts
    .filter((p) => !placed.has(p.ticketProductId))
    .sort((a, b) => a.displayOrder - b.displayOrder);
  if (rest.length > 0) sections.push({ group: null, products: rest });
  return sections.filter((s) => s.products.length > 0);
}

/** The key of an extra product line: the product, or the product and one value of its variant. */
export function extraKey(ticketProductId: string, variantValueId: string | null = null): string {
  return variantValueId ? `${ticketProductId}:${variantValueId}` : ticketProductId;
}

/** The product and the variant value of an extra product line key. */
export function parseExtraKey(key: string): { ticketProductId: string; variantValueId: string | null } {
  const [ticketProductId = "", variantValueId] = key.split(":");
  return { ticketProductId, variantValueId: variantValueId ?? null };
}

/** One line an extra product is bought by: the product itself, or one value of one of its variants. */
export interface ExtraOption {
  key: string;
  product: ExtraProduct;
  variantName: string | null;
  valueName: string | null;
  variantValueId: string | null;
  /** Unit price with the value's price delta. */
  price: number;
  /** Units of this line still on sale. */
  available: number;
}

/** The lines an extra product is bought by: one per variant value (variants and values in order), or itself. */
export function extraOptions(product: ExtraProduct): ExtraOption[] {
  const variants = [...product.variants].sort((a, b) => a.displayOrder - b.displayOrder);
  const options = variants.flatMap((variant) =>
    [...variant.values]
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((value) => ({
        key: extraKey(product.ticketProductId, value.variantValueId),
        product,
        variantName: variant.name,
        valueName: value.name,
        variantValueId: value.variantValueId,
        price: product.price + value.priceDelta,
        available: Math.min(value.available, product.available),
      })),
  );
  if (options.length > 0) return options;
  return [
    {
      key: extraKey(product.ticketProductId),
      product,
      variantName: null,
      valueName: null,
      variantValueId: null,
      price: product.price,
      available: product.available,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Limits

/** Where a line stands: on sale, sold out, not yet or no longer on sale, or sold by seat. */
export type SaleState = "onSale" | "soldOut" | "notYet" | "ended" | "seated";

/** The counts a line may take: 0, or from `min` to `max`; `left` is set when availability is the limit. */
export interface CountLimits {
  state: SaleState;
  min: number;
  max: number;
  /** Units left when they, not the per-order limit, cap the count. */
  left: number | null;
  /** Start of the sale, for `notYet`. */
  from: string | null;
}

/** Why nothing of the event can be picked now: the sale has not started or has ended (never in a demo). */
export interface SalesClosed {
  state: "notYet" | "ended";
  from: string | null;
}

/**
 * Whether the event's sale is closed as a whole at `now` (epoch ms); a demo cart is always open. A page
 * rendered before the sale started opens once `saleStartsAt` has passed.
 */
export function salesClosed(
  catalog: Pick<CartCatalog, "salesState" | "saleStartsAt">,
  demo: boolean,
  now: number,
): SalesClosed | null {
  if (demo) return null;
  if (catalog.salesState === "upcoming") {
    if (catalog.saleStartsAt && Date.parse(catalog.saleStartsAt) <= now) return null;
    return { state: "notYet", from: catalog.saleStartsAt };
  }
  if (catalog.salesState === "ended") return { state: "ended", from: null };
  return null;
}

/** Limits of a line that cannot be picked. */
function closedLimits(closed: SalesClosed, min = 1): CountLimits {
  return { state: closed.state, min, max: 0, left: null, from: closed.from };
}

/** Options of {@link ticketLimits}. */
export interface TicketLimitOptions {
  /** Epoch milliseconds. */
  now: number;
  /** How many of this type the cart's hold already has (they are not in `available`). */
  held?: number;
  /** Demo cart: the sales window is ignored (a preview before sales start). */
  demo?: boolean;
  /** Sold by seat: chosen on the seating plan. */
  seated?: boolean;
  /** The event's sale is closed as a whole. */
  closed?: SalesClosed | null;
}

/** The counts a ticket type may take now: its sales window, what is left (plus what the hold has), its limits. */
export function ticketLimits(ticketType: TicketType, options: TicketLimitOptions): CountLimits {
  const none = (state: SaleState, from: string | null = null): CountLimits => ({
    state,
    min: ticketType.minPerOrder,
    max: 0,
    left: null,
    from,
  });
  if (options.seated) return none("seated");
  if (options.closed) return closedLimits(options.closed, ticketType.minPerOrder);
  if (!options.demo) {
    if (ticketType.salesTo && Date.parse(ticketType.salesTo) <= options.now) return none("ended");
    if (ticketType.salesFrom && Date.parse(ticketType.salesFrom) > options.now) {
      return none("notYet", ticketType.salesFrom);
    }
  }
  const held = options.held ?? 0;
  const left = ticketType.available + held;
  const max = Math.min(ticketType.maxPerOrder, left);
  if ((ticketType.soldOut && held === 0) || max <= 0 || max < ticketType.minPerOrder) return none("soldOut");
  return {
    state: "onSale",
    min: ticketType.minPerOrder,
    max,
    left: left < ticketType.maxPerOrder ? left : null,
    from: null,
  };
}

/** The counts an extra product line may take, given the counts of the product's other lines. */
export function extraLimits(
  option: ExtraOption,
  extras: Readonly<Record<string, number>>,
  closed: SalesClosed | null = null,
): CountLimits {
  if (closed) return closedLimits(closed);
  const { product } = option;
  const others = Object.entries(extras)
    .filter(([key]) => key !== option.key && parseExtraKey(key).ticketProductId === product.ticketProductId)
    .reduce((sum, [, n]) => sum + n, 0);
  const left = Math.min(option.available, product.available - others);
  const max = Math.max(0, Math.min(product.maxPerOrder - others, left));
  const soldOut = product.soldOut || option.available <= 0;
  return {
    state: soldOut ? "soldOut" : "onSale",
    min: 1,
    max: soldOut ? 0 : max,
    left: !soldOut && left < product.maxPerOrder - others ? Math.max(0, left) : null,
    from: null,
  };
}

/** The counts a chip top-up product may take: up to 10, or as much as the event's credit limit leaves. */
export function chipLimits(
  product: ChipProduct,
  chips: Readonly<Record<string, number>>,
  catalog: Pick<CartCatalog, "chipProducts" | "chipCreditLimit">,
  closed: SalesClosed | null = null,
): CountLimits {
  if (closed) return closedLimits(closed);
  let max = CHIP_MAX_COUNT;
  const limit = catalog.chipCreditLimit;
  if (limit && product.amount > 0) {
    const others = catalog.chipProducts
      .filter((p) => p.productItemId !== product.productItemId)
      .reduce((sum, p) => sum + (chips[p.productItemId] ?? 0) * p.amount, 0);
    max = Math.min(max, Math.floor(Math.max(0, limit.maxAmount - others) / product.amount));
  }
  return { state: "onSale", min: 1, max: Math.max(0, max), left: null, from: null };
}

/** A wanted count made valid: 0, or within `min`…`max` (0 when even `min` cannot be had). */
export function clampCount(count: number, limits: Pick<CountLimits, "min" | "max">): number {
  if (!Number.isFinite(count) || count <= 0 || limits.max <= 0 || limits.max < limits.min) return 0;
  return Math.min(limits.max, Math.max(limits.min, Math.floor(count)));
}

/** The count after one step up or down: up from 0 jumps to `min`, down from `min` drops to 0. */
export function stepCount(
  current: number,
  direction: 1 | -1,
  limits: Pick<CountLimits, "min" | "max">,
): number {
  if (direction > 0) return clampCount(current <= 0 ? limits.min : current + 1, limits);
  if (current <= limits.min) return 0;
  return clampCount(current - 1, limits);
}

/** True when a step in the direction would change the count. */
export function canStep(
  current: number,
  direction: 1 | -1,
  limits: Pick<CountLimits, "min" | "max">,
): boolean {
  return stepCount(current, direction, limits) !== current;
}

/** True when something of the event can be picked now (a ticket type, an extra product or a chip top-up). */
export function anythingOnSale(
  catalog: CartCatalog,
  options: { now: number; demo?: boolean; held?: Readonly<Record<string, number>> },
): boolean {
  const demo = options.demo ?? false;
  const closed = salesClosed(catalog, demo, options.now);
  if (closed) return false;
  const seated = new Set(catalog.seatedTicketTypeIds);
  const ticket = catalog.ticketTypes.some(
    (t) =>
      ticketLimits(t, {
        now: options.now,
        held: options.held?.[t.ticketTypeId] ?? 0,
        demo,
        seated: seated.has(t.ticketTypeId),
      }).state === "onSale",
  );
  const extra = catalog.extraProducts.some((p) =>
    extraOptions(p).some((o) => extraLimits(o, {}).state === "onSale"),
  );
  return ticket || extra || catalog.chipProducts.length > 0;
}

/**
 * The cart's counts made valid for the catalog as it is now (sold-out, ended or lowered lines come down);
 * `changed` lists the keys that moved.
 */
export function fitToCatalog(
  state: CartState,
  catalog: CartCatalog,
  options: { now: number; demo?: boolean },
): { state: CartState; changed: string[] } {
  const changed: string[] = [];
  const tickets: Record<string, number> = {};
  const seated = new Set(catalog.seatedTicketTypeIds);
  const closed = salesClosed(catalog, options.demo ?? false, options.now);
  for (const [id, count] of Object.entries(state.tickets)) {
    const ticketType = catalog.ticketTypes.find((t) => t.ticketTypeId === id);
    const next = ticketType
      ? clampCount(
          count,
          ticketLimits(ticketType, {
            now: options.now,
            held: state.hold?.items[id] ?? 0,
            demo: options.demo ?? false,
            seated: seated.has(id),
            closed,
          }),
        )
      : 0;
    if (next !== count) changed.push(id);
    if (next > 0) tickets[id] = next;
  }
  const extras: Record<string, number> = {};
  const lineOptions = catalog.extraProducts.flatMap(extraOptions);
  for (const [key, count] of Object.entries(state.extras)) {
    const option = lineOptions.find((o) => o.key === key);
    const next = option ? clampCount(count, extraLimits(option, extras, closed)) : 0;
    if (next !== count) changed.push(key);
    if (next > 0) extras[key] = next;
  }
  const chips: Record<string, number> = {};
  for (const [id, count] of Object.entries(state.chips)) {
    const product = catalog.chipProducts.find((p) => p.productItemId === id);
    const next = product ? clampCount(count, chipLimits(product, chips, catalog, closed)) : 0;
    if (next !== count) changed.push(id);
    if (next > 0) chips[id] = next;
  }
  if (changed.length === 0) return { state, changed };
  return { state: { ...state, tickets, extras, chips }, changed };
}

// ---------------------------------------------------------------------------------------------------------
// Summary

/** A line of the summary; amounts in minor units. */
export interface SummaryLine {
  key: string;
  kind: "ticket" | "extra" | "chip";
  /** Ticket type id, extra product id or chip product id. */
  id: string;
  name: string;
  /** The ticket type group, or the variant value of an extra product. */
  detail: string | null;
  /** The name of the variant `detail` is a value of (e.g. "Size"). */
  variant: string | null;
  unitPrice: number;
  count: number;
  total: number;
  /** Chip credit loaded by the line (chip lines), minor units. */
  credit: number | null;
  /** For the variant line of an extra product. */
  variantValueId: string | null;
}

/** A discount of an applied code, as the cart estimates it. */
export interface DiscountLine {
  kind: CodeKind;
  code: string;
  amount: number;
}

/** The summary of the cart; every amount in minor units of `currencyId`. */
export interface CartSummary {
  currencyId: number;
  lines: SummaryLine[];
  subtotal: number;
  discounts: DiscountLine[];
  /** The discounts together, never more than the items they apply to. */
  discountTotal: number;
  /** Fee of the chosen payment method (0 for an empty or free cart). */
  fee: number;
  total: number;
  /** Tickets in the cart. */
  ticketCount: number;
  /** Units of every line together. */
  itemCount: number;
  empty: boolean;
}

/** The lines of the cart in catalog order: tickets, then extra products, then chip top-ups. */
export function summaryLines(state: CartState, catalog: CartCatalog): SummaryLine[] {
  const lines: SummaryLine[] = [];
  for (const section of ticketSections(catalog)) {
    for (const t of section.ticketTypes) {
      const count = state.tickets[t.ticketTypeId] ?? 0;
      if (count <= 0) continue;
      lines.push({
        key: t.ticketTypeId,
        kind: "ticket",
        id: t.ticketTypeId,
        name: t.namePub,
        detail: section.group?.namePub ?? null,
        variant: null,
        unitPrice: t.price,
        count,
        total: t.price * count,
        credit: null,
        variantValueId: null,
      });
    }
  }
  for (const section of extraSections(catalog)) {
    for (const product of section.products) {
      for (const option of extraOptions(product)) {
        const count = state.extras[option.key] ?? 0;
        if (count <= 0) continue;
        lines.push({
          key: option.key,
          kind: "extra",
          id: product.ticketProductId,
          name: product.name,
          detail: option.valueName,
          variant: option.variantName,
          unitPrice: option.price,
          count,
          total: option.price * count,
          credit: null,
          variantValueId: option.variantValueId,
        });
      }
    }
  }
  for (const product of [...catalog.chipProducts].sort((a, b) => a.displayOrder - b.displayOrder)) {
    const count = state.chips[product.productItemId] ?? 0;
    if (count <= 0) continue;
    lines.push({
      key: product.productItemId,
      kind: "chip",
      id: product.productItemId,
      name: product.name,
      detail: null,
      variant: null,
      unitPrice: product.price,
      count,
      total: product.price * count,
      credit: product.amount * count,
      variantValueId: null,
    });
  }
  return lines;
}

/**
 * The discount of a coupon or discount code on the lines, as the service computes it: a percentage of the
 * lines it applies to (ticket types: all when its list is empty; extra products: only those listed),
 * rounded, or a fixed amount per order; never more than those lines cost. Chip credit is never discounted.
 */
export function discountEstimate(
  check: Pick<CodeCheck, "valid" | "kind" | "value" | "ticketTypeIds" | "ticketProductIds">,
  lines: readonly SummaryLine[],
): number {
  if (!check.valid || check.kind === null || check.value === null) return 0;
  const applies = (line: SummaryLine) =>
    line.kind === "ticket"
      ? check.ticketTypeIds.length === 0 || check.ticketTypeIds.includes(line.id)
      : line.kind === "extra" && check.ticketProductIds.includes(line.id);
  const base = lines.filter(applies).reduce((sum, l) => sum + l.total, 0);
  if (base <= 0) return 0;
  return check.kind === "percent"
    ? Math.min(base, Math.round((base * check.value) / 100))
    : Math.min(base, check.value);
}

/** What a supercoupon covers: up to its remaining tickets of the types it covers, the dearest first. */
export function supercouponEstimate(
  check: Pick<SupercouponCheck, "valid" | "ticketTypeIds" | "remainingTickets">,
  lines: readonly SummaryLine[],
): number {
  if (!check.valid || check.remainingTickets <= 0) return 0;
  const prices = lines
    .filter(
      (l) => l.kind === "ticket" && (check.ticketTypeIds.length === 0 || check.ticketTypeIds.includes(l.id)),
    )
    .flatMap((l) => Array.from({ length: l.count }, () => l.unitPrice))
    .sort((a, b) => b - a);
  return prices.slice(0, check.remainingTickets).reduce((sum, p) => sum + p, 0);
}

/** The payment method the cart pays with: the chosen one when the event offers it, else the first offered. */
export function chosenPaymentMethod(
  state: Pick<CartState, "paymentMethodId">,
  catalog: Pick<CartCatalog, "paymentMethods">,
): PaymentMethod | null {
  const methods = [...catalog.paymentMethods].sort((a, b) => a.displayOrder - b.displayOrder);
  return methods.find((m) => m.paymentMethodId === state.paymentMethodId) ?? methods[0] ?? null;
}

/** The summary of the cart: lines, subtotal, discounts of the applied codes, payment fee and total. */
export function cartSummary(state: CartState, catalog: CartCatalog): CartSummary {
  const lines = summaryLines(state, catalog);
  const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
  const discountable = lines.filter((l) => l.kind !== "chip").reduce((sum, l) => sum + l.total, 0);
  const discounts: DiscountLine[] = [];
  for (const kind of CODE_KINDS) {
    const applied = state.codes[kind];
    if (!applied) continue;
    const amount =
      applied.kind === "supercoupon"
        ? supercouponEstimate(applied.check, lines)
        : discountEstimate(applied.check, lines);
    discounts.push({ kind, code: applied.code, amount });
  }
  const discountTotal = Math.min(
    discountable,
    discounts.reduce((sum, d) => sum + d.amount, 0),
  );
  const due = subtotal - discountTotal;
  const fee = due > 0 ? (chosenPaymentMethod(state, catalog)?.feeAmount ?? 0) : 0;
  return {
    currencyId: catalog.currencyId,
    lines,
    subtotal,
    discounts,
    discountTotal,
    fee,
    total: due + fee,
    ticketCount: lines.filter((l) => l.kind === "ticket").reduce((sum, l) => sum + l.count, 0),
    itemCount: lines.reduce((sum, l) => sum + l.count, 0),
    empty: lines.length === 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Hold

/** The standing tickets to hold: wanted counts of the ticket types not sold by seat, in catalog order. */
export function holdItems(
  state: Pick<CartState, "tickets">,
  catalog: Pick<CartCatalog, "ticketTypes" | "seatedTicketTypeIds">,
): { ticketTypeId: string; count: number }[] {
  const seated = new Set(catalog.seatedTicketTypeIds);
  return [...catalog.ticketTypes]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .filter((t) => !seated.has(t.ticketTypeId) && (state.tickets[t.ticketTypeId] ?? 0) > 0)
    .map((t) => ({ ticketTypeId: t.ticketTypeId, count: state.tickets[t.ticketTypeId] ?? 0 }));
}

/** True when two count maps hold the same positive counts. */
export function sameCounts(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): boolean {
  const positive = (m: Readonly<Record<string, number>>) => Object.entries(m).filter(([, n]) => n > 0);
  const left = positive(a);
  return left.length === positive(b).length && left.every(([key, n]) => b[key] === n);
}

/** True when the hold has exactly the tickets the cart wants (no hold is in sync with no tickets). */
export function holdInSync(
  state: Pick<CartState, "tickets" | "hold">,
  catalog: Pick<CartCatalog, "ticketTypes" | "seatedTicketTypeIds">,
): boolean {
  const wanted = Object.fromEntries(holdItems(state, catalog).map((i) => [i.ticketTypeId, i.count]));
  return sameCounts(wanted, state.hold?.items ?? {});
}

/** The hold of a reservation the service answered; null when it no longer holds anything. */
export function holdFromReservation(reservation: Reservation): HoldState | null {
  if (reservation.status !== "active") return null;
  const items: Record<string, number> = {};
  for (const item of reservation.items) {
    if (item.sectorId !== null || item.seats.length > 0) continue;
    items[item.ticketTypeId] = (items[item.ticketTypeId] ?? 0) + item.count;
  }
  if (Object.keys(items).length === 0) return null;
  return { reservationId: reservation.reservationId, expiresAt: reservation.expiresAt, items };
}

/** Whole seconds until the hold ends (0 once it has ended). */
export function holdSecondsLeft(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** A countdown as `m:ss` (`h:mm:ss` from an hour up). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${two(minutes)}:${two(s % 60)}`;
}

/** Seconds left at which the countdown is announced to screen readers (besides the start and the end). */
export const HOLD_ANNOUNCE_AT = [300, 60] as const;

/** The threshold crossed between two readings of the countdown, if any (announce it once). */
export function crossedThreshold(previous: number, current: number): number | null {
  for (const at of HOLD_ANNOUNCE_AT) if (previous > at && current <= at) return at;
  return null;
}

/** The ticket type a refusal names by its field (`items.2` or `body.items.2`: the third item sent), if any. */
export function refusedTicketType(
  field: string | undefined,
  sent: readonly { ticketTypeId: string }[],
): string | null {
  const match = /^(?:body\.)?items\.(\d+)/.exec(field ?? "");
  if (!match) return null;
  return sent[Number(match[1])]?.ticketTypeId ?? null;
}

/** The cart with refused ticket types (all when `ids` is null) set back to what the hold has. */
export function revertToHold(state: CartState, ids: readonly string[] | null): CartState {
  const held = state.hold?.items ?? {};
  const tickets = { ...state.tickets };
  for (const id of ids ?? Object.keys({ ...tickets, ...held })) {
    const count = held[id] ?? 0;
    if (count > 0) tickets[id] = count;
    else delete tickets[id];
  }
  return { ...state, tickets };
}

// ---------------------------------------------------------------------------------------------------------
// Buyer's form

/** Fields of the buyer's form. */
export const FORM_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "countryId",
  "companyName",
  "vatId",
  "address",
  "city",
  "postalCode",
  "billingCountryId",
] as const;

/** A field of the buyer's form. */
export type FormField = (typeof FORM_FIELDS)[number];

/** What is wrong with a field. */
export type FieldProblem = "required" | "invalid" | "tooLong";

/** Problems per field; empty when the form is valid. */
export type FieldErrors = Partial<Record<FormField, FieldProblem>>;

/**
 * A phone number in E.164 form: spaces, dashes, dots and brackets removed, `00` read as `+`, and a number
 * without a country code given the dialling code of the buyer's country (its trunk 0 dropped).
 */
export function normalizePhone(input: string, countryId: number): string {
  const compact = input.trim().replace(/[\s().\-/]/g, "");
  if (compact === "") return "";
  if (compact.startsWith("+")) return compact;
  if (compact.startsWith("00")) return `+${compact.slice(2)}`;
  const dial = dialCode(countryId);
  if (!dial || !/^\d+$/.test(compact)) return compact;
  return `+${dial}${compact.replace(/^0/, "")}`;
}

/** The buyer's details and billing details read from the form, checked with the contract's schemas. */
export interface CheckedForm {
  errors: FieldErrors;
  buyer: Buyer | null;
  billingInfo: BillingInfo | null;
}

const BUYER_FIELDS: Readonly<Record<string, FormField>> = {
  firstName: "firstName",
  lastName: "lastName",
  email: "email",
  phone: "phone",
  countryId: "countryId",
};

const BILLING_FIELDS: Readonly<Record<string, FormField>> = {
  companyName: "companyName",
  vatId: "vatId",
  address: "address",
  city: "city",
  postalCode: "postalCode",
  countryId: "billingCountryId",
};

/** The problem of a zod issue: empty input is `required`, too long input `tooLong`, anything else `invalid`. */
function problemOf(issue: { code: string }, input: unknown): FieldProblem {
  if (input === "" || input === undefined || input === null) return "required";
  if (issue.code === "too_big") return "tooLong";
  if (issue.code === "too_small" && typeof input === "string" && input.trim() === "") return "required";
  return "invalid";
}

/**
 * Checks the buyer's form with the contract's `Buyer` and `BillingInfo` schemas (the phone normalised
 * first) and the VAT id against the billing country's pattern (spec §5).
 */
export function checkForm(state: Pick<CartState, "buyer" | "billing">): CheckedForm {
  const errors: FieldErrors = {};
  const draft = state.buyer;
  const buyerInput = {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    email: draft.email.trim(),
    phone: normalizePhone(draft.phone, draft.countryId),
    countryId: draft.countryId,
  };
  const buyer = Buyer.safeParse(buyerInput);
  if (!buyer.success) {
    for (const issue of buyer.error.issues) {
      const key = String(issue.path[0] ?? "");
      const field = BUYER_FIELDS[key];
      if (field && !errors[field]) {
        errors[field] = problemOf(issue, buyerInput[key as keyof typeof buyerInput]);
      }
    }
  }
  let billingInfo: BillingInfo | null = null;
  if (state.billing.wanted) {
    const b = state.billing;
    const vatId = normalizeVatId(b.vatId);
    const billingInput = {
      countryId: b.countryId,
      city: b.city.trim(),
      address: b.address.trim(),
      postalCode: b.postalCode.trim(),
      companyName: b.companyName.trim() === "" ? null : b.companyName.trim(),
      vatId: vatId === "" ? null : vatId,
    };
    const parsed = BillingInfo.safeParse(billingInput);
    if (parsed.success) billingInfo = parsed.data;
    else {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "");
        const field = BILLING_FIELDS[key];
        if (field && !errors[field]) {
          errors[field] = problemOf(issue, billingInput[key as keyof typeof billingInput]);
        }
      }
    }
    const pattern = country.find(b.countryId)?.vatPattern;
    if (vatId !== "" && pattern && !pattern.test(vatId) && !errors.vatId) errors.vatId = "invalid";
    if (errors.vatId) billingInfo = null;
  }
  const valid = Object.keys(errors).length === 0;
  return {
    errors,
    buyer: valid && buyer.success ? buyer.data : null,
    billingInfo: valid ? billingInfo : null,
  };
}

/** The problems to show: all of them after a submit, else those of the fields the buyer has left. */
export function visibleErrors(
  errors: FieldErrors,
  touched: Partial<Record<FormField, boolean>>,
  all: boolean,
): FieldErrors {
  if (all) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched[field as FormField]));
}

/** The message key of a field's problem (under `cart.`): specific texts for e-mail, phone and VAT id. */
export function fieldErrorKey(field: FormField, problem: FieldProblem): string {
  if (problem === "required") return "form.errors.required";
  if (problem === "tooLong") return "form.errors.tooLong";
  if (field === "email" || field === "phone" || field === "vatId") return `form.errors.${field}`;
  return "form.errors.invalid";
}

/** The form field a service validation issue names (`buyer.email`, `body.billingInfo.vatId`), if any. */
export function fieldOfIssuePath(path: string): FormField | null {
  const [head, key = ""] = path.replace(/^body\./, "").split(".");
  if (head === "buyer") return BUYER_FIELDS[key] ?? null;
  if (head === "billingInfo") return BILLING_FIELDS[key] ?? null;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Order

/** What the order body needs besides the cart. */
export interface OrderContext {
  language: LocaleCode;
  /** Absolute URL the payment gateway returns the buyer to. */
  returnUrl: string;
  trackingConsent?: boolean | undefined;
}

/**
 * The body of `order.create`: tickets come from the hold (`items` is empty), extra products and chip credit
 * are listed, codes are sent by kind. Null when the buyer's form is not valid or no payment method is offered.
 */
export function orderBody(
  state: CartState,
  catalog: CartCatalog,
  context: OrderContext,
): OrderCreateBody | null {
  const form = checkForm(state);
  const method = chosenPaymentMethod(state, catalog);
  if (!form.buyer || !method) return null;
  const lines = summaryLines(state, catalog);
  const body: OrderCreateBody = {
    eventId: state.eventId,
    items: [],
    extraProducts: lines
      .filter((l) => l.kind === "extra")
      .map((l) => ({
        ticketProductId: l.id,
        ...(l.variantValueId ? { variantValueId: l.variantValueId } : {}),
        count: l.count,
      })),
    chips: lines
      .filter((l) => l.kind === "chip")
      .map((l) => ({ productItemId: l.id, amount: l.credit ?? 0 })),
    buyer: form.buyer,
    paymentMethodId: method.paymentMethodId,
    language: context.language,
    returnUrl: context.returnUrl,
  };
  if (state.hold) body.reservationId = state.hold.reservationId;
  if (form.billingInfo) body.billingInfo = form.billingInfo;
  if (state.codes.coupon) body.couponCode = state.codes.coupon.code;
  if (state.codes.supercoupon) body.supercouponCode = state.codes.supercoupon.code;
  if (state.codes.discount) body.discountCode = state.codes.discount.code;
  if (context.trackingConsent !== undefined) body.trackingConsent = context.trackingConsent;
  return body;
}

/** Query parameter of the cart page the payment gateway returns the buyer with (`?order=<orderId>`). */
export const RETURN_PARAM = "order";

/**
 * The order a buyer comes back from the payment gateway with: the id in the address when it is one (a
 * service that fills in `{orderId}`), else the order this cart created; null when neither is known.
 */
export function returnedOrderId(param: string | null, stored: string | null): string | null {
  if (param === null) return null;
  if (isUuid(param)) return param;
  return stored !== null && isUuid(stored) ? stored : null;
}

/** A stable text of an order body: equal bodies give equal texts (one Idempotency-Key per body). */
export function bodyFingerprint(body: OrderCreateBody): string {
  const sortKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, sortKeys(v)]),
      );
    }
    return value;
  };
  return JSON.stringify(sortKeys(body));
}

/** The code kind an `invalid_code` refusal names by its field, if any. */
export function codeKindOfField(field: string | undefined): CodeKind | null {
  if (field === "couponCode") return "coupon";
  if (field === "supercouponCode") return "supercoupon";
  if (field === "discountCode") return "discount";
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Refusals

/** Message keys (under `cart.`) of the refusals the service answers, by error name. */
export const ERROR_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  sold_out: "errors.soldOut",
  limit_exceeded: "errors.limitExceeded",
  not_on_sale: "errors.notOnSale",
  hold_expired: "errors.holdExpired",
  reservation_not_found: "errors.holdExpired",
  invalid_code: "errors.invalidCode",
  payment_method_not_offered: "errors.paymentMethodNotOffered",
  payment_declined: "errors.paymentDeclined",
  validation: "errors.validation",
  no_response: "errors.network",
  rate_limited: "errors.rateLimited",
  too_many_held: "errors.tooManyHeld",
};

/** The message key (under `cart.`) of an error: its name's, else one by status; never the raw message. */
export function errorMessageKey(error: { name?: string; status?: number } | null | undefined): string {
  const name = error?.name ?? "";
  const known = ERROR_MESSAGE_KEYS[name];
  if (known) return known;
  const status = error?.status ?? 0;
  if (status === 501 || status === 503) return "errors.unavailable";
  return "errors.generic";
}

/** Seconds the service asks to wait before trying again (`retryAfter` of a 429), if it said. */
export function retryAfterOf(error: { body?: unknown } | null | undefined): number | null {
  const body = error?.body;
  const value =
    typeof body === "object" && body !== null ? (body as { retryAfter?: unknown }).retryAfter : null;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/**
 * The notice of a refused call: its message key (see `errorMessageKey`) and, for a client over its limits,
 * how long to wait, in minutes from two minutes up and in seconds below (`{{wait}}` with its unit's key).
 */
export function errorNotice(error: { name?: string; status?: number; body?: unknown } | null | undefined): {
  key: string;
  values?: Record<string, number>;
} {
  const key = errorMessageKey(error);
  const seconds = retryAfterOf(error);
  if (seconds === null || (error?.status ?? 0) !== 429) return { key };
  return seconds >= 120
    ? { key: `${key}Minutes`, values: { wait: Math.ceil(seconds / 60) } }
    : { key, values: { wait: seconds } };
}

/** Why a code cannot be used, as a message key (under `cart.`). */
export function codeRefusalKey(reason: string | null | undefined): string {
  const known = ["notFound", "notStarted", "expired", "exhausted", "notApplicable", "wrongEvent"];
  return `codes.reasons.${reason && known.includes(reason) ? reason : "notFound"}`;
}

/**
 * The code to keep from the checks of one entered code: the first valid one (coupon, then discount code,
 * then supercoupon); else the most telling refusal (any reason but `notFound`).
 */
export function pickCode(results: readonly CheckedCode[]): { valid: CheckedCode | null; reason: string } {
  const valid = results.find((r) => r.check.valid) ?? null;
  if (valid) return { valid, reason: "" };
  const telling = results.find((r) => r.check.reason && r.check.reason !== "notFound");
  return { valid: null, reason: telling?.check.reason ?? "notFound" };
}

// ---------------------------------------------------------------------------------------------------------
// Tracking

/** The summary lines as tracking items (unit prices in minor units). */
export function trackingItems(lines: readonly SummaryLine[]): TrackingItem[] {
  return lines.map((l) => ({
    id: l.variantValueId ? `${l.id}:${l.variantValueId}` : l.id,
    kind: l.kind,
    name: l.name,
    price: l.unitPrice,
    count: l.count,
    category: l.detail ?? undefined,
  }));
}

/** What changed between two sets of lines: units added and units removed, per line. */
export function lineChanges(
  before: readonly SummaryLine[],
  after: readonly SummaryLine[],
): { added: TrackingItem[]; removed: TrackingItem[] } {
  const added: TrackingItem[] = [];
  const removed: TrackingItem[] = [];
  const old = new Map(before.map((l) => [l.key, l]));
  const now = new Map(after.map((l) => [l.key, l]));
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(key);
    const b = now.get(key);
    const line = b ?? a;
    if (!line) continue;
    const diff = (b?.count ?? 0) - (a?.count ?? 0);
    if (diff === 0) continue;
    const [item] = trackingItems([{ ...line, count: Math.abs(diff) }]);
    if (item) (diff > 0 ? added : removed).push(item);
  }
  return { added, removed };
}

/** The tracking data of an order (spec §3): its value, lines and event context; the id is the order id. */
export function orderTrackingData(order: Order): TrackingData {
  return {
    id: order.orderId,
    eventId: order.eventId,
    currencyId: order.currencyId,
    value: order.value,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    paymentMethodId: order.paymentMethodId,
    items: [
      ...order.tickets.map((line) => ({
        id: line.ticketType.ticketTypeId,
        kind: "ticket" as const,
        name: line.ticketType.namePub,
        price: line.price,
        count: line.count,
        category: line.ticketType.ticketTypeGroup?.namePub,
      })),
      ...order.extraProducts.map((line) => ({
        id: line.variantValueId ? `${line.ticketProductId}:${line.variantValueId}` : line.ticketProductId,
        kind: "extra" as const,
        name: line.name,
        price: line.price,
        count: line.count,
        category: line.variantName ?? undefined,
      })),
      ...order.chips.map((line) => ({
        id: line.productItemId,
        kind: "chip" as const,
        name: line.name,
        price: line.price,
        count: 1,
      })),
    ],
    context: { ...order.trackingContext },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Demo cart

/** The text of a base64 secret (standard or URL-safe alphabet, padding optional); null when it is not base64. */
export function decodeDemoSecret(secret: string | null | undefined): string | null {
  const raw = (secret ?? "").trim();
  if (raw === "" || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)) return null;
  const standard = raw.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (standard.length % 4 === 1) return null;
  const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** True when the secret of a demo cart link is the base64 form of the event's id. */
export function isDemoSecretFor(secret: string | null | undefined, eventId: string): boolean {
  const decoded = decodeDemoSecret(secret);
  return decoded !== null && decoded.trim().toLowerCase() === eventId.toLowerCase();
}
