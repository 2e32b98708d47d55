/**
 * The call table: one `CallDef` per call of spec §7, written with `defineCall` so that a client call is
 * fully typed from its definition (`CallParams`, `CallQuery`, `CallBody`, `CallResponse`).
 */
import type { z } from "zod/mini";

/**
 * Areas of spec §7, one contract module each; `web` is the storefront's own `/api/auth/*`, `payment` the
 * calls of payment providers and banks.
 */
export const AREAS = [
  "account",
  "auth",
  "band",
  "event",
  "gallery",
  "order",
  "organizer",
  "payment",
  "product",
  "program",
  "receipt",
  "reservation",
  "ticket",
  "v2",
  "root",
  "web",
] as const;

/** An area of spec §7. */
export type Area = (typeof AREAS)[number];

/** HTTP methods used by the contract. */
export type HttpMethod = "GET" | "POST" | "DELETE";

/** Media types a call answers with; JSON unless a def says otherwise. */
export type Produces = "application/json" | "application/pdf" | "image/png" | "image/svg+xml";

/** Definition of one call. */
export interface CallDef {
  /** Stable id, `<area>.<camelName>`, e.g. `event.bySlugs`. */
  id: string;
  /** Area of spec §7 the call belongs to. */
  area: Area;
  /** HTTP method. */
  method: HttpMethod;
  /** OpenAPI-style path with `{param}` placeholders, e.g. `/api/event/{eventId}/bands`. */
  path: string;
  /** Path parameters; exactly the `{param}` names of `path`. */
  params?: z.ZodMiniObject;
  /** Query parameters. */
  query?: z.ZodMiniObject;
  /** JSON request body. */
  body?: z.ZodMiniType;
  /** Success response; JSON calls answer `{ errorText: "OK", … }`, other media types use `z.any()`. */
  response: z.ZodMiniType;
  /** Sends `Authorization: Bearer <token>` (spec §6); the client refuses to call without a token. */
  secure: boolean;
  /** Sends the bearer token when there is one, without needing it (an order made signed in is the account's). */
  withToken?: boolean;
  /** Takes an `Idempotency-Key` header; repeating a request with the same key repeats its answer. */
  idempotent?: boolean;
  /** Media type of the success response; `application/json` when absent. */
  produces?: Produces;
  /** Sent with the browser's cookies (`credentials: "include"`), for the storefront's own calls. */
  credentials?: boolean;
  /** One line on what the call does. */
  summary: string;
}

/** Areas whose every call answers about one buyer (orders, receipts, payments, accounts, logins). */
const PERSONAL_AREAS: ReadonlySet<Area> = new Set(["account", "auth", "order", "payment", "receipt", "web"]);

/** Calls of other areas whose answers are about one buyer: holds, tickets, transfers, prepaid codes. */
export const PERSONAL_CALL_IDS: ReadonlySet<string> = new Set([
  "root.spaydQr",
  "reservation.create",
  "reservation.crowd",
  "reservation.seat",
  "reservation.delete",
  "ticket.byId",
  "ticket.byCode",
  "ticket.items",
  "ticket.products",
  "ticket.chips",
  "ticket.supercoupon",
  "ticket.supercouponWithTicketTypes",
  "ticket.supercouponRedeem",
  "v2.ticketByQrCode",
  "v2.orderStatus",
  "v2.orderContents",
  "v2.orderCreditFromCode",
]);

/**
 * Whether a call's answer is personal (an order, a ticket, a receipt, a PDF, a transfer, a hold, an
 * account): such answers are sent with `Cache-Control: no-store`. Secure calls, the personal areas and the
 * listed calls are; catalog calls are not.
 */
export function isPersonalCall(def: Pick<CallDef, "id" | "area" | "secure">): boolean {
  return def.secure || PERSONAL_AREAS.has(def.area) || PERSONAL_CALL_IDS.has(def.id);
}

/** Declares a call, keeping its literal type so clients are typed from it. */
// @__NO_SIDE_EFFECTS__
export function defineCall<const T extends CallDef>(def: T): T {
  return def;
}

/** Path parameters of a call (what the client passes), or `undefined` when it has none. */
export type CallParams<C extends CallDef> = C extends { params: infer P extends z.ZodMiniType }
  ? z.input<P>
  : undefined;

/** Query parameters of a call (what the client passes), or `undefined` when it has none. */
export type CallQuery<C extends CallDef> = C extends { query: infer Q extends z.ZodMiniType }
  ? z.input<Q>
  : undefined;

/** JSON body of a call (what the client sends), or `undefined` when it has none. */
export type CallBody<C extends CallDef> = C extends { body: infer B extends z.ZodMiniType }
  ? z.input<B>
  : undefined;

/** Parsed success response of a call. */
export type CallResponse<C extends CallDef> = z.output<C["response"]>;

/** Whether a call answers with JSON. */
export function isJsonCall(def: Pick<CallDef, "produces">): boolean {
  return def.produces === undefined || def.produces === "application/json";
}

/** Names of the `{param}` placeholders of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] ?? "");
}

/** A path in Hono/Express style (`/api/event/:eventId/bands`). */
export function toColonPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ":$1");
}
