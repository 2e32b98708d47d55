import { defineEnum, type Labels } from "./define.ts";

const CARD: Labels = { cs: "Platební karta", sk: "Platobná karta", en: "Credit card", de: "Kreditkarte" };
const SEARCH_ENGINE_WALLET: Labels = {
  cs: "Google Pay",
  sk: "Google Pay",
  en: "Google Pay",
  de: "Google Pay",
};
const DEVICE_MAKER_WALLET: Labels = { cs: "Apple Pay", sk: "Apple Pay", en: "Apple Pay", de: "Apple Pay" };
const CLICK_TO_PAY: Labels = {
  cs: "Click To Pay",
  sk: "Click To Pay",
  en: "Click To Pay",
  de: "Click To Pay",
};

/**
 * Payment methods. Ids 12-15 repeat card, the two wallets and Click To Pay through a second channel;
 * `variantOf` names the id they repeat and is `null` for the others.
 */
export const paymentMethod = defineEnum("paymentMethod", [
  { id: 1, key: "CARD", variantOf: null, label: CARD },
  {
    id: 2,
    key: "BANK_TRANSFER",
    variantOf: null,
    label: { cs: "Bankovní převod", sk: "Bankový prevod", en: "Bank transfer", de: "Banküberweisung" },
  },
  { id: 3, key: "SEARCH_ENGINE_WALLET", variantOf: null, label: SEARCH_ENGINE_WALLET },
  { id: 4, key: "DEVICE_MAKER_WALLET", variantOf: null, label: DEVICE_MAKER_WALLET },
  {
    id: 5,
    key: "MOBILE_TERMINAL",
    variantOf: null,
    label: { cs: "Mobilní terminál", sk: "Mobilný terminál", en: "Mobile terminal", de: "Mobiles Terminal" },
  },
  {
    id: 6,
    key: "CASH",
    variantOf: null,
    label: { cs: "Hotovost", sk: "Hotovosť", en: "Cash", de: "Bargeld" },
  },
  { id: 7, key: "CHIP", variantOf: null, label: { cs: "Čip", sk: "Čip", en: "Chip", de: "Chip" } },
  {
    id: 8,
    key: "VIP_CHIP",
    variantOf: null,
    label: { cs: "VIP čip", sk: "VIP čip", en: "VIP chip", de: "VIP-Chip" },
  },
  {
    id: 9,
    key: "TICKETS_VOUCHER",
    variantOf: null,
    label: {
      cs: "Voucher na vstupenky",
      sk: "Voucher na vstupenky",
      en: "Tickets voucher",
      de: "Ticketgutschein",
    },
  },
  {
    id: 10,
    key: "PARTNER",
    variantOf: null,
    label: { cs: "Partner", sk: "Partner", en: "Partner", de: "Partner" },
  },
  { id: 11, key: "CLICK_TO_PAY", variantOf: null, label: CLICK_TO_PAY },
  { id: 12, key: "CARD_2", variantOf: 1, label: CARD },
  { id: 13, key: "SEARCH_ENGINE_WALLET_2", variantOf: 3, label: SEARCH_ENGINE_WALLET },
  { id: 14, key: "DEVICE_MAKER_WALLET_2", variantOf: 4, label: DEVICE_MAKER_WALLET },
  { id: 15, key: "CLICK_TO_PAY_2", variantOf: 11, label: CLICK_TO_PAY },
]);

/** One entry of the payment method enumeration. */
export type PaymentMethodEntry = (typeof paymentMethod.entries)[number];
/** Id of a payment method. */
export type PaymentMethodId = PaymentMethodEntry["id"];

/** Id of the method a payment method repeats (12 gives 1), or the id itself; throws for an unknown id. */
export function basePaymentMethodId(id: number): PaymentMethodId {
  const entry = paymentMethod.get(id);
  return entry.variantOf ?? entry.id;
}
