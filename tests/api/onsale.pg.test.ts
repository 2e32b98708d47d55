/**
 * On-sale concurrency on a PostgreSQL server (PGlite has one connection, so it cannot show this): many
 * buyers at once for one ticket type never buy more than exists, and holds that expire give their places
 * back. Runs in the api-postgres project only.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketTypes } from "../../src/pass-service/db/schema.ts";
import { TERMS } from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = "73434e4b-7a31-55cd-93fc-e38fc8629c67";
const buyer = {
  firstName: "Eva",
  lastName: "Horáková",
  email: "eva@example.cz",
  phone: "+420777222333",
  countryId: 1,
};

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

/** The festival's ticket type at a place of its cart (read in the test, not in beforeAll: see README, Mutation testing). */
async function festivalType(index: number): Promise<string> {
  const { body } = await service.request(`/api/ticket-types-extra-products?eventId=${FESTIVAL}`);
  return body.ticketTypes[index].ticketTypeId;
}

/** Sets a ticket type's capacity and clears what it sold, for a clean experiment. */
async function stock(ticketTypeId: string, capacity: number): Promise<void> {
  await service.database.db
    .update(ticketTypes)
    .set({ capacity, sold: 0, maxPerOrder: 10, minPerOrder: 1, salesFrom: null, salesTo: null })
    .where(eq(ticketTypes.ticketTypeId, ticketTypeId));
}

async function available(ticketTypeId: string): Promise<number> {
  const { body } = await service.request(`/api/ticket-types-extra-products?eventId=${FESTIVAL}`);
  return body.ticketTypes.find((t: { ticketTypeId: string }) => t.ticketTypeId === ticketTypeId).available;
}

/** One buyer: holds a ticket and orders it, or orders it directly (half of the buyers each way). */
async function attempt(ticketTypeId: string, viaHold: boolean): Promise<"sold" | "soldOut" | string> {
  let reservationId: string | undefined;
  if (viaHold) {
    const hold = await service.request("/api/reservation", {
      method: "POST",
      json: { eventId: FESTIVAL, items: [{ ticketTypeId, count: 1 }] },
    });
    if (hold.status !== 200)
      return hold.body.errorText === "ERROR_SOLD_OUT" ? "soldOut" : hold.body.errorText;
    reservationId = hold.body.reservation.reservationId;
  }
  const order = await service.request("/api/order-create", {
    method: "POST",
    json: {
      eventId: FESTIVAL,
      ...(reservationId ? { reservationId } : { items: [{ ticketTypeId, count: 1 }] }),
      buyer,
      paymentMethodId: 1,
      language: "cs",
      ...TERMS,
    },
  });
  if (order.status === 200) return "sold";
  return order.body.errorText === "ERROR_SOLD_OUT" ? "soldOut" : order.body.errorText;
}

describe.runIf(process.env.TEST_DB === "postgres")("on-sale on PostgreSQL", () => {
  it("500 parallel purchase attempts for 100 tickets sell exactly 100", async () => {
    const ticketTypeId = await festivalType(1);
    await stock(ticketTypeId, 100);
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) => attempt(ticketTypeId, i % 2 === 0)),
    );
    const sold = results.filter((r) => r === "sold").length;
    const refused = results.filter((r) => r === "soldOut").length;
    expect({ sold, refused, other: results.length - sold - refused }).toEqual({
      sold: 100,
      refused: 400,
      other: 0,
    });
    const [row] = await service.database.db
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.ticketTypeId, ticketTypeId));
    expect(row?.sold).toBe(100);
    expect(await available(ticketTypeId)).toBe(0);
  });

  it("holds that expire free their capacity for the next buyers", async () => {
    const ticketTypeId = await festivalType(2);
    await stock(ticketTypeId, 100);
    const holds = await Promise.all(
      Array.from({ length: 150 }, () =>
        service.request("/api/reservation", {
          method: "POST",
          json: { eventId: FESTIVAL, items: [{ ticketTypeId, count: 1 }] },
        }),
      ),
    );
    expect(holds.filter((h) => h.status === 200)).toHaveLength(100);
    expect(holds.filter((h) => h.body.errorText === "ERROR_SOLD_OUT")).toHaveLength(50);
    expect(await available(ticketTypeId)).toBe(0);

    service.clock.offsetMs += 15 * 60_000 + 1_000;
    expect(await available(ticketTypeId)).toBe(100);
    const late = await Promise.all(Array.from({ length: 130 }, () => attempt(ticketTypeId, false)));
    expect(late.filter((r) => r === "sold")).toHaveLength(100);
    expect(late.filter((r) => r === "soldOut")).toHaveLength(30);
    // The expired holds cannot be turned into orders any more.
    const stale = await service.request("/api/order-create", {
      method: "POST",
      json: {
        eventId: FESTIVAL,
        reservationId: holds.find((h) => h.status === 200)?.body.reservation.reservationId,
        buyer,
        paymentMethodId: 1,
        language: "cs",
        ...TERMS,
      },
    });
    expect(stale.body.errorText).toBe("ERROR_HOLD_EXPIRED");
  });
});
