/**
 * The cart's public API that calls the service or checks the buyer's form: the order, codes, the hold's
 * requests, the buyer's details and the seats of a sector. It loads the pass client and the contract's
 * schemas, so a cart island imports it only from parts loaded on demand (the rest is in `index.ts`).
 */
export { submitOrder } from "./checkout.store.ts";
export { applyCode, removeCode } from "./codes.store.ts";
export {
  choosePaymentMethod,
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
export { flushHold, holdAgain } from "./hold.store.ts";
export { sectorSeats, watchSector } from "./sector.store.ts";
export { $terms, acceptTerms, termsOf } from "./terms.store.ts";
