/**
 * The cart's public API, as islands and pages use it: its stores and actions, and the pure rules the
 * islands render with. Files of this folder are named for what they hold (see README.md).
 */

export * from "../cart.ts";
export { crossedThreshold, formatCountdown, holdSecondsLeft } from "./countdown.ts";
export {
  checkForm,
  type FieldErrors,
  FORM_FIELDS,
  type FormField,
  fieldErrorKey,
  visibleErrors,
} from "./form.ts";
export {
  anythingOnSale,
  type CountLimits,
  canStep,
  chipLimits,
  extraLimits,
  salesClosed,
  stepCount,
  ticketLimits,
} from "./limits.ts";
export { extraOptions, extraSections, ticketSections } from "./lines.ts";
export { type CartCatalog, type CartState, CODE_KINDS, emptyCart, type HoldState } from "./state.ts";
export { type CartSummary, cartSummary, chosenPaymentMethod } from "./summary.ts";
