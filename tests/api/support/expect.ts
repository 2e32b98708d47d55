/** Shared helpers of the API tests: well-known values, contract-checked GETs, expected refusals. */
import { expect } from "vitest";
import type { z } from "zod/mini";
import type { CallDef } from "../../../src/contract/index.ts";
import type { Catalog } from "../../../src/pass-service/catalog/schema.ts";
import type { TestService } from "./service.ts";

/** A well-formed id that no demo entity has. */
export const UNKNOWN_ID = "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f";

/** The value, or a failed test naming what the demo catalog lacks. */
export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The demo catalog has no ${what}`);
  return value;
}

/** GETs a call's path, expects 200 and parses the answer with the call's response schema. */
export async function getParsed<C extends CallDef>(
  svc: TestService,
  call: C,
  path: string,
  lang = "en",
): Promise<z.output<C["response"]>> {
  const res = await svc.request(path, { lang });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return call.response.parse(res.body) as z.output<C["response"]>;
}

/** GETs a path and expects a 400 (validation) or 404 (unknown id or slug) refusal. */
export async function expectRefusal(svc: TestService, path: string, status: 400 | 404): Promise<void> {
  const res = await svc.request(path, { lang: "en" });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errorText).toBe(status === 400 ? "ERROR_VALIDATION" : "ERROR_NOT_FOUND");
}

type CatalogTicketType = Catalog["ticketTypes"][number];

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts by display order, then by a key (as the service lists things). */
export const byOrder = <T extends { displayOrder: number }>(key: (x: T) => string) => {
  return (a: T, b: T) => a.displayOrder - b.displayOrder || cmp(key(a), key(b));
};

/** Ticket types of an event as the service lists them: group display order (ungrouped last), then display order. */
export function expectedTicketTypes(catalog: Catalog, eventId: string): CatalogTicketType[] {
  const groups = new Map(
    catalog.ticketTypeGroups.filter((g) => g.eventId === eventId).map((g) => [g.ticketTypeGroupId, g]),
  );
  const groupOrder = (t: CatalogTicketType) =>
    t.ticketTypeGroupId ? (groups.get(t.ticketTypeGroupId)?.displayOrder ?? 0) : Number.POSITIVE_INFINITY;
  return catalog.ticketTypes
    .filter((t) => t.eventId === eventId)
    .sort(
      (a, b) =>
        groupOrder(a) - groupOrder(b) ||
        cmp(a.ticketTypeGroupId ?? "", b.ticketTypeGroupId ?? "") ||
        a.displayOrder - b.displayOrder ||
        cmp(a.ticketTypeId, b.ticketTypeId),
    );
}

/** Extra products of an event in display order. */
export function expectedProducts(catalog: Catalog, eventId: string) {
  return catalog.extraProducts.filter((p) => p.eventId === eventId).sort(byOrder((p) => p.ticketProductId));
}
