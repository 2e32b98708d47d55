/**
 * Prices of cart and order lines, the sum they come to and the payment fee on it. Pure and framework-free:
 * the pass service prices orders with it and the cart's estimate shows the same figures. Amounts are integer
 * minor units.
 */

/**
 * A line to price or discount: a ticket type or an extra product, its unit price and how many. Chip credit
 * is never priced here (it is never discounted): leave it out.
 */
export interface PricedLine {
  kind: "ticket" | "product";
  /** The ticket type's id for a ticket, the extra product's id for a product. */
  id: string;
  unitPrice: number;
  count: number;
}

/**
 * Unit price of an extra product bought in a variant value: its price plus the value's delta, never below 0.
 */
export function variantUnitPrice(price: number, priceDelta: number): number {
  return Math.max(0, price + priceDelta);
}

/** What the lines cost together: unit price times count, summed. */
export function linesTotal(lines: readonly Pick<PricedLine, "unitPrice" | "count">[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.count, 0);
}

/** The fee of a payment method on what is left to pay: none when nothing is (a free order pays no fee). */
export function paymentFee(due: number, feeAmount: number | null | undefined): number {
  return due > 0 ? (feeAmount ?? 0) : 0;
}

/** An order's amounts: its value (fee included), the part charged through the payment method, and the fee. */
export interface OrderAmounts {
  value: number;
  amount: number;
  feeAmount: number;
}

/**
 * An order's amounts when paid with a method of the given fee: the fee it holds out, the method's fee (by
 * `paymentFee` on the goods) in. What a new payment of the order charges, and what its choice shows.
 */
export function amountsWithMethod(order: OrderAmounts, methodFee: number | null | undefined): OrderAmounts {
  const goods = order.value - order.feeAmount;
  const feeAmount = paymentFee(goods, methodFee);
  return { value: goods + feeAmount, amount: order.amount - order.feeAmount + feeAmount, feeAmount };
}
