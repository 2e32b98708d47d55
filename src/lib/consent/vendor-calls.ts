/**
 * What each tracking provider is told for an order event (spec §3, §4, §9): the vendor call's arguments for
 * an event and its data, without a browser, so each mapping is unit-tested. The browser adapters
 * (src/stores/trackers/) only hand these arguments to the vendors' globals.
 *
 * Amounts: the tag manager, gtag, the social pixel and the short-video pixel get major units (minor / 100,
 * spec §9). The ad network's conversion and the e-mail tracker's transaction get the amounts as the shop
 * keeps them, in minor units (the spec converts only for the three kinds above); the session recording gets
 * event names only, no amounts and no user data.
 */
import { currencyCode, toMajorUnits } from "../money.ts";
import type { PageView, TrackingData, TrackingEvent, TrackingItem, TrackingUser } from "../tracking.ts";

/** GA4 event names of the tag manager's dataLayer and of gtag. */
export const GOOGLE_EVENTS: Readonly<Record<TrackingEvent, string>> = {
  addToCart: "add_to_cart",
  removeFromCart: "remove_from_cart",
  initiateCheckout: "begin_checkout",
  purchase: "add_payment_info",
  purchaseSuccess: "purchase",
  purchaseFail: "purchase_fail",
};

/** Social pixel events: standard events where one fits, else custom ones. */
export const SOCIAL_EVENTS: Readonly<Record<TrackingEvent, { standard: boolean; name: string }>> = {
  addToCart: { standard: true, name: "AddToCart" },
  removeFromCart: { standard: false, name: "RemoveFromCart" },
  initiateCheckout: { standard: true, name: "InitiateCheckout" },
  purchase: { standard: true, name: "AddPaymentInfo" },
  purchaseSuccess: { standard: true, name: "Purchase" },
  purchaseFail: { standard: false, name: "PurchaseFail" },
};

/** Short-video pixel events. */
export const SHORT_VIDEO_EVENTS: Readonly<Record<TrackingEvent, string>> = {
  addToCart: "AddToCart",
  removeFromCart: "RemoveFromCart",
  initiateCheckout: "InitiateCheckout",
  purchase: "PlaceAnOrder",
  purchaseSuccess: "CompletePayment",
  purchaseFail: "PurchaseFail",
};

/** The ISO code of the data's currency. */
function currencyOf(data: TrackingData): string {
  return currencyCode(data.currencyId);
}

/** A GA4 ecommerce item (price in major units). */
export interface GoogleItem {
  item_id: string;
  item_name: string;
  item_category?: string;
  price: number;
  quantity: number;
}

/** The GA4 `ecommerce` object of an event: currency, value and items in major units, the order's ids. */
export function googleEcommerce(data: TrackingData): Record<string, unknown> {
  const items: GoogleItem[] = data.items.map((item) => ({
    item_id: item.id,
    item_name: item.name,
    ...(item.category ? { item_category: item.category } : {}),
    price: toMajorUnits(item.price),
    quantity: item.count,
  }));
  return {
    currency: currencyOf(data),
    value: toMajorUnits(data.value),
    items,
    ...(data.orderId ? { transaction_id: data.orderId } : {}),
    ...(data.paymentMethodId != null ? { payment_type: String(data.paymentMethodId) } : {}),
  };
}

/** GA4 user-provided data (the Google tag hashes it before it leaves the browser); undefined without any. */
export function googleUserData(user: TrackingUser | undefined): Record<string, unknown> | undefined {
  if (!user || (!user.email && !user.phone)) return undefined;
  const address = {
    ...(user.city ? { city: user.city } : {}),
    ...(user.postalCode ? { postal_code: user.postalCode } : {}),
    ...(user.addressParts?.length ? { street: user.addressParts.join(" ") } : {}),
  };
  return {
    ...(user.email ? { email: user.email.trim().toLowerCase() } : {}),
    ...(user.phone ? { phone_number: user.phone } : {}),
    ...(Object.keys(address).length > 0 ? { address } : {}),
  };
}

/** The tag manager's dataLayer push of an event (after a `{ ecommerce: null }` reset). */
export function tagManagerEvent(event: TrackingEvent, data: TrackingData): Record<string, unknown> {
  const user = googleUserData(data.user);
  return {
    event: GOOGLE_EVENTS[event],
    ecommerce: googleEcommerce(data),
    eventId: data.eventId,
    ...(data.orderNumber !== undefined ? { orderNumber: data.orderNumber } : {}),
    ...(data.context ? { trackingContext: data.context } : {}),
    ...(user ? { user_data: user } : {}),
  };
}

/** The gtag command of an event: `gtag('event', name, params)`. */
export function gtagEvent(
  event: TrackingEvent,
  data: TrackingData,
  sendTo: string,
): [string, string, object] {
  return ["event", GOOGLE_EVENTS[event], { ...googleEcommerce(data), send_to: sendTo }];
}

/** The page view of the tag manager and gtag. */
export function googlePageView(page: PageView): Record<string, string> {
  return { page_location: page.url, page_title: page.title, language: page.locale };
}

/** The social pixel's contents of an event's items (prices in major units). */
function socialContents(items: readonly TrackingItem[]) {
  return items.map((item) => ({ id: item.id, quantity: item.count, item_price: toMajorUnits(item.price) }));
}

/** The short-video pixel's contents of an event's items (prices in major units). */
function shortVideoContents(items: readonly TrackingItem[]) {
  return items.map((item) => ({
    content_id: item.id,
    content_name: item.name,
    quantity: item.count,
    price: toMajorUnits(item.price),
  }));
}

/** The social pixel call of an event: `fbq('track' | 'trackCustom', name, params, { eventID })`. */
export function socialPixelEvent(event: TrackingEvent, data: TrackingData): [string, string, object, object] {
  const { standard, name } = SOCIAL_EVENTS[event];
  return [
    standard ? "track" : "trackCustom",
    name,
    {
      currency: currencyOf(data),
      value: toMajorUnits(data.value),
      content_type: "product",
      content_ids: data.items.map((item) => item.id),
      contents: socialContents(data.items),
      num_items: data.items.reduce((sum, item) => sum + item.count, 0),
      ...(data.orderId ? { order_id: data.orderId } : {}),
    },
    { eventID: `${event}:${data.id}` },
  ];
}

/** The social pixel's advanced matching of a user (the pixel hashes it); undefined without an e-mail or phone. */
export function socialPixelUser(user: TrackingUser | undefined): Record<string, string> | undefined {
  if (!user || (!user.email && !user.phone)) return undefined;
  return {
    ...(user.email ? { em: user.email.trim().toLowerCase() } : {}),
    ...(user.phone ? { ph: user.phone.replace(/\D/g, "") } : {}),
    ...(user.city ? { ct: user.city.toLowerCase() } : {}),
    ...(user.postalCode ? { zp: user.postalCode.replace(/\s/g, "") } : {}),
  };
}

/** The short-video pixel call of an event: `ttq.track(name, params)`. */
export function shortVideoEvent(event: TrackingEvent, data: TrackingData): [string, object] {
  return [
    SHORT_VIDEO_EVENTS[event],
    {
      currency: currencyOf(data),
      value: toMajorUnits(data.value),
      content_type: "product",
      contents: shortVideoContents(data.items),
      ...(data.orderId ? { order_id: data.orderId } : {}),
    },
  ];
}

/** The short-video pixel's `ttq.identify` of a user (the pixel hashes it); undefined without an e-mail or phone. */
export function shortVideoUser(user: TrackingUser | undefined): Record<string, string> | undefined {
  if (!user || (!user.email && !user.phone)) return undefined;
  return {
    ...(user.email ? { email: user.email.trim().toLowerCase() } : {}),
    ...(user.phone ? { phone_number: user.phone } : {}),
  };
}

/**
 * The ad network's identity of a user: the e-mail's SHA-256 (`hashEmail`) and the billing address parts;
 * undefined without a hash (no hash, no identity: spec §8). The plain e-mail and the phone never go there.
 */
export function adNetworkIdentity(
  user: TrackingUser | undefined,
  emailHash: string | undefined,
): Record<string, unknown> | undefined {
  if (!emailHash) return undefined;
  return {
    eid: emailHash,
    ...(user?.countryId !== undefined ? { countryId: user.countryId } : {}),
    ...(user?.city ? { city: user.city } : {}),
    ...(user?.postalCode ? { postalCode: user.postalCode } : {}),
    ...(user?.addressParts?.length ? { addressParts: user.addressParts } : {}),
  };
}

/** The ad network's retargeting hit of a page view. */
export function adNetworkRetargeting(id: string, consent: boolean): Record<string, number> {
  return { rtgId: Number(id), consent: consent ? 1 : 0 };
}

/** The ad network's conversion of a paid order (value in minor units); null for every other event. */
export function adNetworkConversion(
  event: TrackingEvent,
  data: TrackingData,
  id: string,
  consent: boolean,
): Record<string, unknown> | null {
  if (event !== "purchaseSuccess") return null;
  return { id: Number(id), value: data.value, orderId: data.orderId ?? data.id, consent: consent ? 1 : 0 };
}

/**
 * The e-mail tracker's transaction of a paid order, as `ecotrack` commands (amounts in minor units):
 * `addTrans`, one `addItem` per line, `trackTrans`; none for every other event.
 */
export function emailMarketingTransaction(
  event: TrackingEvent,
  data: TrackingData,
  shop: string,
): unknown[][] {
  if (event !== "purchaseSuccess") return [];
  const orderId = data.orderId ?? data.id;
  const user = data.user;
  return [
    ["addTrans", orderId, shop, data.value, 0, 0, user?.city ?? "", "", String(user?.countryId ?? "")],
    ...data.items.map((item) => [
      "addItem",
      orderId,
      item.id,
      item.name,
      item.category ?? item.kind,
      item.price,
      item.count,
    ]),
    ["trackTrans"],
  ];
}
