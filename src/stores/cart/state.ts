/**
 * What the cart of one event holds (kept for the tab): the counts picked, the codes applied, the hold, the
 * buyer's details as typed and the checkout attempt; an empty cart, and a stored cart read back safely.
 *
 * Counts are kept per ticket type, per extra product line (a product, or one value of its variant) and per
 * chip top-up product. A chip product bought `n` times loads `n × amount` of credit for `n × price`.
 */
import type { PaymentMethod, SalesState } from "../../contract/event.ts";
import type { ProductGroup } from "../../contract/product.ts";
import type {
  ChipCreditLimit,
  ChipProduct,
  CodeCheck,
  ExtraProduct,
  SupercouponCheck,
  TicketType,
  TicketTypeGroup,
} from "../../contract/ticket.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import type { CartTerms } from "../../lib/legal.ts";

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
  /** The terms of sale the buyer accepts before paying (their version and links). */
  terms?: CartTerms | undefined;
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
  /** Held count per ticket type (standing tickets). */
  items: Record<string, number>;
  /** Held seat ids per sector. */
  seats: Record<string, string[]>;
}

/** A seat the buyer picked on the seating plan: where it is and the ticket type it is sold as. */
export interface SeatPick {
  seatId: string;
  sectorId: string;
  sectorName: string;
  row: string;
  number: number;
  ticketTypeId: string;
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
  /** Company registration number (IČO). */
  companyId: string;
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
  /** Seats picked on the seating plan, by seat id. */
  seats: Record<string, SeatPick>;
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
export const DEFAULT_COUNTRY: Readonly<Record<Locale, number>> = { cs: 1, en: 1, de: 14, sk: 2 };

/** An empty cart of an event, with the buyer's country preselected for the language. */
export function emptyCart(eventId: string, locale: Locale = "cs"): CartState {
  const countryId = DEFAULT_COUNTRY[locale];
  return {
    version: 1,
    eventId,
    tickets: {},
    seats: {},
    extras: {},
    chips: {},
    codes: {},
    hold: null,
    buyer: { firstName: "", lastName: "", email: "", phone: "", countryId },
    billing: {
      wanted: false,
      companyName: "",
      companyId: "",
      vatId: "",
      address: "",
      city: "",
      postalCode: "",
      countryId,
    },
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

/** Picked seats read back: entries whose fields have their types, under their own seat id. */
function restoreSeats(stored: unknown): Record<string, SeatPick> {
  const seats: Record<string, SeatPick> = {};
  if (typeof stored !== "object" || stored === null) return seats;
  for (const [id, v] of Object.entries(stored as Record<string, Partial<SeatPick>>)) {
    if (
      v?.seatId === id &&
      typeof v.sectorId === "string" &&
      typeof v.sectorName === "string" &&
      typeof v.row === "string" &&
      Number.isSafeInteger(v.number) &&
      typeof v.ticketTypeId === "string"
    ) {
      seats[id] = v as SeatPick;
    }
  }
  return seats;
}

/** A stored cart read back: the stored value when it is a cart of this event, else an empty cart. */
export function restoreCart(stored: unknown, eventId: string, locale: Locale = "cs"): CartState {
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
  const seatLists = (v: unknown): Record<string, string[]> =>
    Object.fromEntries(
      Object.entries(typeof v === "object" && v !== null ? v : {}).filter(
        ([, ids]) => Array.isArray(ids) && ids.every((id) => typeof id === "string"),
      ),
    );
  return {
    ...empty,
    tickets: counts(value.tickets),
    seats: restoreSeats(value.seats),
    extras: counts(value.extras),
    chips: counts(value.chips),
    codes: restoreCodes(value.codes),
    hold:
      hold && typeof hold.reservationId === "string" && typeof hold.expiresAt === "string"
        ? {
            reservationId: hold.reservationId,
            expiresAt: hold.expiresAt,
            items: counts(hold.items),
            seats: seatLists(hold.seats),
          }
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
