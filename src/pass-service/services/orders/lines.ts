/**
 * The lines of an order being created, step by step: the tickets it wants (its hold's and those sent) and
 * their limits, the extra products and variant values, and the lines priced from the catalog — tickets,
 * extra products and chip credit. Every step refuses what the catalog does not allow, before anything is
 * written.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { type PricedLine, variantUnitPrice } from "../../../lib/pricing/totals.ts";
import type { Db } from "../../db/index.ts";
import { chipProducts, type orderLines, ticketTypeGroups, variants, variantValues } from "../../db/schema.ts";
import { ServiceError } from "../../errors.ts";
import type { ServiceLocale } from "../../http.ts";
import { activeHolds, lockedHoldUnits, type SaleUnits } from "../inventory.ts";
import { loc } from "../localize.ts";
import {
  assertInSalesWindow,
  assertPerOrderLimits,
  assertTicketsLeft,
  limitExceeded,
} from "../sale-rules.ts";
import { checkChipCredit } from "./chip-credit.ts";
import { readCatalog } from "./take-units.ts";

type OrderLineInsert = typeof orderLines.$inferInsert;
type Catalog = Awaited<ReturnType<typeof readCatalog>>;

/** Lines written to the order, and those of them a discount can lower (chip credit never). */
export interface Lines {
  lines: OrderLineInsert[];
  priced: PricedLine[];
}

/** The tickets an order wants: its hold's units plus the standing items sent, with their catalog rows. */
export interface WantedTickets {
  /** Units per ticket type, the hold's and the items' together. */
  wanted: Map<string, number>;
  /** Units per ticket type that the order's hold brings. */
  fromHold: Map<string, number>;
  types: Catalog["types"];
  /** The request field a ticket type came from (`items.<i>`, or `reservationId` for the hold's). */
  fieldOf: (ticketTypeId: string) => string;
}

/** The extra products an order wants: units per product and per variant value, with their catalog rows. */
export interface WantedExtras {
  productTotals: Map<string, number>;
  valueTotals: Map<string, number>;
  products: Catalog["products"];
  values: Catalog["values"];
}

/** What an order's tickets need from its body. */
interface TicketRequest {
  reservationId?: string | undefined;
  items: { ticketTypeId: string; count: number }[];
}

/**
 * The tickets an order wants, checked: a sold-out type is refused at once (the locked check in takeUnits
 * decides the rest), then every type must be the event's, on sale now, and within its per-order limits.
 * The hold (when named) is locked here.
 */
export async function checkTickets(
  tx: Db,
  body: TicketRequest,
  eventId: string,
  now: Date,
  locale: ServiceLocale,
): Promise<WantedTickets> {
  const fromHold = body.reservationId
    ? await lockedHoldUnits(tx, body.reservationId, eventId, now)
    : new Map<string, number>();
  const wanted = new Map<string, number>(fromHold);
  for (const item of body.items)
    wanted.set(item.ticketTypeId, (wanted.get(item.ticketTypeId) ?? 0) + item.count);
  const fieldOf = (ticketTypeId: string) => {
    const index = body.items.findIndex((i) => i.ticketTypeId === ticketTypeId);
    return index >= 0 ? `items.${index}` : "reservationId";
  };
  // Catalog rows are read without locks here: names, prices and limits. The rows whose counters decide
  // availability are locked only at the very end (takeUnits), so a hot ticket type is locked for a few
  // statements per order, not for the whole order.
  const { types } = await readCatalog(tx, [...wanted.keys()], [], []);
  const heldNow = await activeHolds(tx, [...types.keys()], now, body.reservationId);
  for (const [ticketTypeId, count] of wanted) {
    const row = types.get(ticketTypeId);
    if (row)
      assertTicketsLeft(
        row,
        count,
        { others: heldNow, own: fromHold },
        fieldOf(ticketTypeId),
        loc(row.name, locale),
      );
  }
  for (const [ticketTypeId, count] of wanted) {
    const row = types.get(ticketTypeId);
    const field = fieldOf(ticketTypeId);
    if (!row || row.eventId !== eventId) {
      throw new ServiceError(404, "NOT_FOUND", `Ticket type "${ticketTypeId}" is not sold for this event`, {
        field,
      });
    }
    const name = loc(row.name, locale);
    assertInSalesWindow(row, name, field, now);
    assertPerOrderLimits(row, count, name, field);
  }
  return { wanted, fromHold, types, fieldOf };
}

/** An extra product line of an order's body. */
interface ExtraRequest {
  ticketProductId: string;
  variantValueId?: string | undefined;
  count: number;
}

/**
 * The extra products an order wants, checked: each the event's, within its per-order limit, in its own
 * values.
 */
export async function checkExtras(
  tx: Db,
  extras: ExtraRequest[],
  eventId: string,
  locale: ServiceLocale,
): Promise<WantedExtras> {
  const productTotals = new Map<string, number>();
  const valueTotals = new Map<string, number>();
  for (const p of extras) {
    productTotals.set(p.ticketProductId, (productTotals.get(p.ticketProductId) ?? 0) + p.count);
    if (p.variantValueId)
      valueTotals.set(p.variantValueId, (valueTotals.get(p.variantValueId) ?? 0) + p.count);
  }
  const { products, values } = await readCatalog(tx, [], [...productTotals.keys()], [...valueTotals.keys()]);
  const valueProduct = new Map(
    valueTotals.size === 0
      ? []
      : (
          await tx
            .select({ id: variantValues.variantValueId, ticketProductId: variants.ticketProductId })
            .from(variantValues)
            .innerJoin(variants, eq(variants.variantId, variantValues.variantId))
            .where(inArray(variantValues.variantValueId, [...valueTotals.keys()]))
        ).map((r) => [r.id, r.ticketProductId]),
  );
  extras.forEach((p, index) => {
    const field = `extraProducts.${index}`;
    const row = products.get(p.ticketProductId);
    if (!row || row.eventId !== eventId) {
      throw new ServiceError(
        404,
        "NOT_FOUND",
        `Extra product "${p.ticketProductId}" is not sold for this event`,
        {
          field,
        },
      );
    }
    const name = loc(row.name, locale);
    const total = productTotals.get(p.ticketProductId) ?? 0;
    if (total > row.maxPerOrder) {
      throw limitExceeded(field, `At most ${row.maxPerOrder} of ${name} per order`, { max: row.maxPerOrder });
    }
    if (p.variantValueId) {
      const value = values.get(p.variantValueId);
      if (!value || valueProduct.get(p.variantValueId) !== p.ticketProductId) {
        throw new ServiceError(
          404,
          "NOT_FOUND",
          `Variant value "${p.variantValueId}" is not one of ${name}`,
          {
            field: `${field}.variantValueId`,
          },
        );
      }
    }
  });
  return { productTotals, valueTotals, products, values };
}

/**
 * The units an order takes from inventory: its tickets, its products, and the values that count their own.
 */
export function saleUnits(tickets: WantedTickets, extras: WantedExtras): SaleUnits {
  return {
    tickets: tickets.wanted,
    products: extras.productTotals,
    variantValues: new Map(
      [...extras.valueTotals].filter(([id]) => extras.values.get(id)?.capacity !== null),
    ),
  };
}

/** The ticket lines of an order, priced from the catalog, with their groups' names. */
export async function ticketLines(tx: Db, orderId: string, tickets: WantedTickets): Promise<Lines> {
  const groupIds = [
    ...new Set(
      [...tickets.types.values()].flatMap((t) => (t.ticketTypeGroupId ? [t.ticketTypeGroupId] : [])),
    ),
  ];
  const groups = new Map(
    groupIds.length === 0
      ? []
      : (
          await tx
            .select()
            .from(ticketTypeGroups)
            .where(inArray(ticketTypeGroups.ticketTypeGroupId, groupIds))
        ).map((g) => [g.ticketTypeGroupId, g]),
  );
  const out: Lines = { lines: [], priced: [] };
  for (const [ticketTypeId, count] of tickets.wanted) {
    const row = tickets.types.get(ticketTypeId);
    if (!row) continue;
    const group = row.ticketTypeGroupId ? groups.get(row.ticketTypeGroupId) : undefined;
    out.lines.push({
      orderLineId: randomUUID(),
      orderId,
      kind: "ticket",
      ticketTypeId,
      name: row.name,
      groupName: group?.name ?? null,
      groupId: group?.ticketTypeGroupId ?? null,
      unitPrice: row.price,
      count,
      vatRate: row.vatRate,
      itemTypeId: row.itemTypeId,
      displayOrder: row.displayOrder,
    });
    out.priced.push({ kind: "ticket", id: ticketTypeId, unitPrice: row.price, count });
  }
  return out;
}

/** The extra product lines of an order, priced from the catalog (a variant value's delta included). */
export function extraLines(orderId: string, extras: ExtraRequest[], wanted: WantedExtras): Lines {
  const out: Lines = { lines: [], priced: [] };
  for (const p of extras) {
    const row = wanted.products.get(p.ticketProductId);
    if (!row) continue;
    const value = p.variantValueId ? wanted.values.get(p.variantValueId) : undefined;
    const unitPrice = variantUnitPrice(row.price, value?.priceDelta ?? 0);
    out.lines.push({
      orderLineId: randomUUID(),
      orderId,
      kind: "product",
      ticketProductId: row.ticketProductId,
      variantValueId: value?.variantValueId ?? null,
      name: row.name,
      variantName: value?.name ?? null,
      unitPrice,
      count: p.count,
      vatRate: row.vatRate,
      itemTypeId: row.itemTypeId,
      displayOrder: row.displayOrder,
    });
    out.priced.push({ kind: "product", id: row.ticketProductId, unitPrice, count: p.count });
  }
  return out;
}

/**
 * The chip credit lines of an order: each top-up the event's, its credit a multiple of the top-up's amount,
 * and the credit within the cart's rules (./chip-credit.ts).
 */
export async function chipLines(
  tx: Db,
  orderId: string,
  chips: { productItemId: string; amount: number }[],
  event: { eventId: string; chipCreditLimit: Parameters<typeof checkChipCredit>[2] },
): Promise<OrderLineInsert[]> {
  const rows =
    chips.length === 0
      ? []
      : await tx
          .select()
          .from(chipProducts)
          .where(
            inArray(
              chipProducts.productItemId,
              chips.map((c) => c.productItemId),
            ),
          );
  const byId = new Map(rows.map((c) => [c.productItemId, c]));
  const lines = chips.map((c, index): OrderLineInsert => {
    const field = `chips.${index}`;
    const row = byId.get(c.productItemId);
    if (!row || row.eventId !== event.eventId) {
      throw new ServiceError(
        404,
        "NOT_FOUND",
        `Chip top-up "${c.productItemId}" is not sold for this event`,
        {
          field,
        },
      );
    }
    if (c.amount % row.amount !== 0) {
      throw new ServiceError(
        400,
        "VALIDATION",
        `${field}.amount: credit comes in multiples of ${row.amount}`,
        {
          field: `${field}.amount`,
        },
      );
    }
    return {
      orderLineId: randomUUID(),
      orderId,
      kind: "chip",
      productItemId: row.productItemId,
      name: row.name,
      unitPrice: row.price,
      count: c.amount / row.amount,
      amount: c.amount,
      vatRate: row.vatRate,
      itemTypeId: 3,
      displayOrder: row.displayOrder,
    };
  });
  checkChipCredit(chips, (id) => byId.get(id)?.amount ?? 1, event.chipCreditLimit);
  return lines;
}
