/**
 * The cart's public API, as islands and pages use it: its stores and actions, and the pure rules the islands
 * render with. The files of this folder are named for what they hold (README.md).
 */
export { type CartMode, cartStorageKey } from "./cart.store.ts";
export { returnFromGateway, submitOrder } from "./checkout.store.ts";
export { applyCode, removeCode } from "./codes.store.ts";
export { crossedThreshold, formatCountdown, holdSecondsLeft } from "./countdown.ts";
export { setChipCount, setExtraCount, setTicketCount } from "./counts.store.ts";
export {
  choosePaymentMethod,
  dismissNotice,
  fillBuyerFromAccount,
  showFormErrors,
  startCheckout,
  touchField,
  updateBilling,
  updateBuyer,
} from "./form.store.ts";
export {
  checkForm,
  type FieldErrors,
  FORM_FIELDS,
  type FormField,
  fieldErrorKey,
  visibleErrors,
} from "./form.ts";
export { orderReturnUrl } from "./gateway-return.ts";
export { flushHold, holdAgain } from "./hold.store.ts";
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
export { clearCart, openCart } from "./registry.store.ts";
export { type CartHandle, type CartNotice, type CartStatus, initialStatus } from "./runtime.store.ts";
export { pickBestSeats, toggleSeat } from "./seats.store.ts";
export { MAX_SEATS, type SeatingT, type SeatView, seatLabel, seatTicketType, seatView } from "./seats.ts";
export { sectorSeats, watchSector } from "./sector.store.ts";
export { type CartCatalog, type CartState, CODE_KINDS, emptyCart, type HoldState } from "./state.ts";
export { type CartSummary, cartSummary, chosenPaymentMethod } from "./summary.ts";
