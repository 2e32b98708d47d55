import { beforeEach, describe, expect, it } from "vitest";
import { $area, loadArea, resetArea, ticketPdfUrl } from "../../../src/stores/account/area.store.ts";
import { draftOf } from "../../../src/stores/account/data-form.ts";
import { $favorites, loadFavorites, setFavorite } from "../../../src/stores/account/favorites.store.ts";
import { changePassword, saveAccountData, topUpChip } from "../../../src/stores/account/forms.store.ts";
import {
  account,
  chip,
  eventRef,
  fakeFetch,
  json,
  orderSummary,
  signedInClient,
  ticket,
  U,
} from "./support/fixtures.ts";

/** An organizer as `organizer.bySlug` answers it, with terms of sale of a version. */
const organizer = (organizerSlug: string, version: string) => ({
  organizerId: U(500),
  organizerSlug,
  name: "Pořadatel",
  description: null,
  logo: null,
  web: null,
  email: null,
  phone: null,
  countryId: 1,
  address: null,
  termsOfSale: { version, text: "Podmínky" },
  updatedAt: "2026-01-01T00:00:00Z",
});
const band = { bandId: U(7), profileSlug: "zrni", name: "Zrní", genre: null, image: null, countryId: null };
const refusal = (name: string, status: number, field?: string) =>
  json(
    { errorText: `ERROR_${name.toUpperCase()}`, type: name, message: name, ...(field ? { field } : {}) },
    status,
  );

describe("account area store", () => {
  beforeEach(() => resetArea());

  it("loads orders newest first, tickets by event, and chips with the credit limit of events that have chips", async () => {
    const a = eventRef(1);
    const b = eventRef(2);
    const limit = { eventId: a.eventId, minAmount: 10000, maxAmount: 500000, step: 5000, currencyId: 1 };
    const topUp = (n: number) => ({
      productItemId: U(900 + n),
      eventId: a.eventId,
      name: `Credit ${n}`,
      description: null,
      amount: 50000 * n,
      price: 50000 * n,
      currencyId: 1,
      chipTypeId: 1,
      displayOrder: n,
    });
    const { fetch, sent } = fakeFetch(({ path, query }) => {
      if (path === "/api/account-orders")
        return json({
          orders: [orderSummary(1, "2026-05-01T10:00:00Z", a), orderSummary(2, "2026-06-01T10:00:00Z", b)],
        });
      if (path === "/api/account-events") return json({ events: [] });
      if (path === "/api/account-tickets") return json({ tickets: [ticket(1, a), ticket(2, b)] });
      if (path === "/api/account-chips-by-event")
        return json({ chips: query.get("eventId") === a.eventId ? [chip("C-1", a.eventId)] : [] });
      if (path === "/api/chip-credit-limit") return json({ chipCreditLimit: limit });
      if (path === "/api/ticket-types-extra-products")
        return json({
          ticketTypes: [],
          ticketTypeGroups: [],
          extraProducts: [],
          chipProducts: [topUp(2), topUp(1)],
        });
      if (path === "/api/organizer-by-slug")
        return json({ organizer: organizer(query.get("organizerSlug") ?? "", "2026-03") });
      return json({}, 404);
    });
    await loadArea(signedInClient(fetch));
    const area = $area.get();
    expect(area.status).toBe("ready");
    expect(area.orders.map((o) => o.orderNumber)).toEqual([1002, 1001]);
    expect(
      area.events.map((e) => [e.event.eventId, e.tickets.length, e.chips.length, e.chipCreditLimit]),
    ).toEqual([
      [a.eventId, 1, 1, limit],
      [b.eventId, 1, 0, null],
    ]);
    // Top-ups load the event's first top-up product in display order.
    expect(area.events[0]?.topUpProductId).toBe(U(901));
    // A top-up accepts the organizer's current terms of sale.
    expect(area.events[0]?.termsVersion).toBe("2026-03");
    expect(
      sent.filter((s) => s.path === "/api/chip-credit-limit").map((s) => s.query.get("eventId")),
    ).toEqual([a.eventId]);
    expect(
      sent.every(
        (s) =>
          s.authorization === "Bearer token-1" ||
          s.path === "/api/chip-credit-limit" ||
          s.path === "/api/ticket-types-extra-products" ||
          s.path === "/api/organizer-by-slug",
      ),
    ).toBe(true);
  });

  it("says when the account could not be loaded", async () => {
    const { fetch } = fakeFetch(() => refusal("unauthorized", 401));
    await loadArea(signedInClient(fetch));
    expect($area.get().status).toBe("error");
  });

  it("links a ticket's PDF like the order page", () => {
    const { fetch } = fakeFetch(() => json({}));
    const url = new URL(ticketPdfUrl(signedInClient(fetch), { orderId: U(301), ticketId: U(201) }));
    expect(url.pathname).toBe("/api/order-download-ticket");
    expect(Object.fromEntries(url.searchParams)).toEqual({ orderId: U(301), ticketId: U(201) });
  });
});

describe("favorites store", () => {
  it("loads bands and performers once, then takes the list each change answers", async () => {
    let bands = [band];
    const { fetch, sent } = fakeFetch(({ method, path }) => {
      if (path === "/api/band/favorite" && method === "DELETE") bands = [];
      if (path === "/api/band/favorite") return json({ bands });
      if (path === "/api/performer/favorite") return json({ performers: [] });
      return json({}, 404);
    });
    const client = signedInClient(fetch);
    await loadFavorites(client, true);
    await loadFavorites(client);
    expect(sent.length).toBe(2);
    expect($favorites.get().entries.map((e) => e.name)).toEqual(["Zrní"]);
    expect(await setFavorite(client, "band", U(7), false)).toBe(true);
    expect(sent.at(-1)).toMatchObject({ method: "DELETE", path: "/api/band/favorite" });
    expect(sent.at(-1)?.query.get("bandId")).toBe(U(7));
    expect($favorites.get()).toMatchObject({ entries: [], pending: [] });
  });

  it("keeps the list when a change fails", async () => {
    const { fetch } = fakeFetch(({ method }) =>
      method === "POST" ? refusal("api_error", 500) : json({ performers: [] }),
    );
    const before = $favorites.get().entries;
    expect(await setFavorite(signedInClient(fetch), "performer", U(8), true)).toBe(false);
    expect($favorites.get().entries).toBe(before);
  });
});

describe("account forms", () => {
  it("saves the account's data, and sends nothing while a field has a problem", async () => {
    const { fetch, sent } = fakeFetch(({ body }) => json({ account: account(body as never) }));
    const client = signedInClient(fetch);
    const invalid = await saveAccountData(client, { ...draftOf(account()), lastName: "" });
    expect(invalid).toEqual({ kind: "invalid", errors: { lastName: "required" } });
    expect(sent).toHaveLength(0);
    const saved = await saveAccountData(client, { ...draftOf(account()), firstName: "Janka" });
    expect(saved.kind === "saved" && saved.account.firstName).toBe("Janka");
    expect(sent[0]).toMatchObject({ method: "POST", path: "/api/account-set-data" });
  });

  it("shows the service's refusal of a field beside that field", async () => {
    const { fetch } = fakeFetch(() => refusal("validation", 400, "billingInfo.vatId"));
    const draft = {
      ...draftOf(account()),
      billing: true,
      city: "Brno",
      address: "Dlouhá 1",
      postalCode: "60200",
    };
    expect(await saveAccountData(signedInClient(fetch), draft)).toEqual({
      kind: "invalid",
      errors: { vatId: "invalid" },
    });
  });

  it("changes the password; a refused current password is that field's problem", async () => {
    let accept = false;
    const { fetch, sent } = fakeFetch(() =>
      accept ? json({}) : refusal("wrong_password", 400, "currentPassword"),
    );
    const client = signedInClient(fetch);
    const draft = { currentPassword: "old-secret", newPassword: "new-secret", confirmPassword: "new-secret" };
    expect(await changePassword(client, draft)).toEqual({
      kind: "invalid",
      errors: { currentPassword: "wrong" },
    });
    accept = true;
    expect(await changePassword(client, draft)).toEqual({ kind: "changed" });
    expect(sent[1]?.body).toEqual({ currentPassword: "old-secret", newPassword: "new-secret" });
  });

  it("tops up a chip: an order of credit with the event's first payment method and the attempt's key", async () => {
    const e = eventRef(1);
    const { fetch, sent } = fakeFetch(({ path }) => {
      if (path.endsWith("/payment-method"))
        return json({
          paymentMethods: [
            {
              paymentMethodId: 4,
              name: "Transfer",
              description: null,
              feeAmount: null,
              currencyId: 1,
              displayOrder: 2,
            },
            {
              paymentMethodId: 2,
              name: "Card",
              description: null,
              feeAmount: null,
              currencyId: 1,
              displayOrder: 1,
            },
          ],
        });
      return refusal("stop", 418);
    });
    const client = signedInClient(fetch);
    const limit = { eventId: e.eventId, minAmount: 10000, maxAmount: 500000, step: 5000, currencyId: 1 };
    const request = {
      chip: chip("C-1", e.eventId),
      event: e,
      limit,
      locale: "en" as const,
      idempotencyKey: "key-1",
      origin: "https://shop.example",
      termsVersion: "2026-01",
    };
    expect(await topUpChip(client, { ...request, amountText: "60" })).toEqual({
      kind: "invalid",
      problem: "min",
    });
    expect(sent).toHaveLength(0);
    await topUpChip(client, { ...request, amountText: "150" });
    const created = sent.find((s) => s.path === "/api/order-create-credit");
    expect(created).toMatchObject({
      idempotencyKey: "key-1",
      body: {
        eventId: e.eventId,
        chipId: "C-1",
        amount: 15000,
        paymentMethodId: 2,
        language: "en",
        termsAccepted: true,
        termsVersion: "2026-01",
        // The gateway returns the buyer to the top-up's order page ({orderId} filled in by the service).
        returnUrl: `https://shop.example/en/event/${e.organizerSlug}/${e.eventSlug}/order/%7BorderId%7D/`,
      },
    });
  });
});
