/** What an order issues and awaits: its vouchers, its issued contents and its bank transfer. */
import { z } from "zod/mini";
import { CurrencyId, IsoDate, IsoDateTime, int32, MinorUnits, Uuid } from "./common.ts";
import { OrderChipLine, OrderStatus } from "./order-model.ts";
import { ExtraProductLine, Ticket } from "./ticket.ts";

/**
 * A voucher bought in an order, redeemable by its code: chip credit to load onto a chip, a ticket, or the
 * extra products of one order line to collect (merch, a chip with deposit) or show (parking).
 */
export const Voucher = z.object({
  voucherId: Uuid,
  orderId: Uuid,
  code: z.string(),
  qrCode: z.string(),
  kind: z.enum(["chipCredit", "ticket", "extra"]),
  name: z.string(),
  detail: z
    .nullable(z.string())
    .check(z.meta({ description: "The variant value of an extra product (e.g. a size), else null" })),
  count: int32().check(z.positive(), z.meta({ description: "Units it stands for: its order line's count" })),
  amount: MinorUnits.check(
    z.meta({ description: "Credit value (chipCredit), ticket price, or what the extras cost, minor units" }),
  ),
  currencyId: CurrencyId,
  validTo: z.nullable(IsoDateTime),
  redeemed: z.boolean(),
  redeemedAt: z.nullable(IsoDateTime),
});

/** A voucher bought in an order. */
export type Voucher = z.infer<typeof Voucher>;

/** What an order holds once issued: tickets, extra products, chip credit and vouchers. */
export const OrderContents = z.object({
  orderId: Uuid,
  status: OrderStatus,
  tickets: z.array(Ticket),
  extraProducts: z.array(ExtraProductLine),
  chips: z.array(OrderChipLine),
  vouchers: z.array(Voucher),
});

/** What an order holds once issued. */
export type OrderContents = z.infer<typeof OrderContents>;

/** The bank transfer expected for an order and what has arrived. */
export const BankTransaction = z.object({
  orderId: Uuid,
  variableSymbol: z.string(),
  accountNumber: z.string(),
  iban: z.string(),
  bic: z.string(),
  expectedAmount: MinorUnits,
  receivedAmount: MinorUnits,
  currencyId: CurrencyId,
  dueDate: IsoDate,
  received: z.boolean(),
  receivedAt: z.nullable(IsoDateTime),
});

/** The bank transfer of an order. */
export type BankTransaction = z.infer<typeof BankTransaction>;
