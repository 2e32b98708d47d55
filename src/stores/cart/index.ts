/**
 * The cart's public API, as islands and pages use it: its stores and actions, and the pure rules the islands
 * render with. The files of this folder are named for what they hold (README.md). What calls the service or
 * checks the buyer's form (and so loads the pass client and the contract's schemas) is in `checkout-api.ts`:
 * nothing here reaches it, so a cart's first paint loads none of it.
 */
export { type CartMode, cartStorageKey } from "./cart.store.ts";
export { crossedThreshold, formatCountdown, holdSecondsLeft } from "./countdown.ts";
export { setChipCount, setExtraCount, setTicketCount } from "./counts.store.ts";
export { returnFromGateway } from "./gateway-return.store.ts";
export { orderReturnUrl } from "./gateway-return.ts";
export {
  anythingOnSale,
  type CountLimits,
  canStep,
  chipLimits,
  extraLimits,
  type SalesClosed,
  salesClosed,
  stepCount,
  ticketLimits,
} from "./limits.ts";
export { extraOptions, extraSections, ticketSections } from "./lines.ts";
export { applyAddressCodes, codeRequests, holdRequests } from "./on-demand.ts";
export { clearCart, openCart } from "./registry.store.ts";
export {
  type CartHandle,
  type CartNotice,
  type CartStatus,
  dismissNotice,
  initialStatus,
} from "./runtime.store.ts";
export { pickBestSeats, toggleSeat } from "./seats.store.ts";
export { MAX_SEATS, type SeatingT, type SeatView, seatLabel, seatTicketType, seatView } from "./seats.ts";
export { type CartCatalog, type CartState, CODE_KINDS, emptyCart, type HoldState } from "./state.ts";
export { type CartSummary, cartSummary, chosenPaymentMethod } from "./summary.ts";
