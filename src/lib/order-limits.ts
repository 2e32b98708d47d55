/**
 * Limits of an order that the cart shows in the browser and the pass service enforces again (chosen values:
 * the spec sets none).
 */

/** Most chip top-ups of one product per order when the event sets no credit limit. */
export const CHIP_MAX_COUNT = 10;
