/**
 * Which end-to-end spec owns which inventory of the demo catalog. The specs share one pass service and one
 * database and run in parallel, in any order: a spec holds, buys or cancels only inventory it owns, and reads
 * what depends on availability (counts, "last tickets", "sold out", seat states) only of inventory it owns or
 * that no spec changes. So no spec sees what another one held or bought. The buying helpers (buying.ts) and
 * the specs that read availability claim what they reach for first; a claim throws when the running spec
 * (`test.info().file`) may not.
 */
import { basename } from "node:path";
import { test } from "@playwright/test";
import {
  EVENT,
  type EventKey,
  productId,
  ticketTypeId,
} from "../../../src/pass-service/catalog/demo/keys.ts";

/** Inventory of one event: all of it (its ticket types, extras and seats), or ticket types and extras by key. */
interface Share {
  event: EventKey;
  ticketTypes?: readonly string[];
  extras?: readonly string[];
}

/** Each spec that holds or buys, by file name, and the inventory it owns. */
const OWNED: Record<string, readonly Share[]> = {
  "account.spec.ts": [{ event: "festival", ticketTypes: ["jednodenni"] }],
  "amounts.spec.ts": [
    { event: "festival", ticketTypes: ["balicek"] },
    { event: "tourBratislava", ticketTypes: ["stani"] },
  ],
  "app-links.spec.ts": [{ event: "exhibition", ticketTypes: ["plne"] }],
  "bank-transfer.spec.ts": [{ event: "tourBrno", ticketTypes: ["stani"] }],
  "consent-trackers.spec.ts": [{ event: "openAirCinema", ticketTypes: ["vstupenka"] }],
  "debugger.spec.ts": [{ event: "tourBratislava", ticketTypes: ["vip"] }],
  "legal.spec.ts": [{ event: "festival", ticketTypes: ["kemp"] }],
  // The hold budget it spends counts per client and event (RATE_LIMIT_HOLDS in playwright.config.ts).
  "limits.spec.ts": [{ event: "tourOstrava" }],
  "page-weight.spec.ts": [{ event: "wineHike", ticketTypes: ["vinarsky-pas"] }],
  // Adds every line of the cart.
  "phone.spec.ts": [{ event: "streetTheatre" }],
  // The sold-out test buys the Brno VIP out; the demo cart adds before the sale, which holds nothing.
  "purchase.spec.ts": [
    { event: "beer" },
    { event: "tourBrno", ticketTypes: ["vip"] },
    { event: "anniversary", ticketTypes: ["stani"] },
  ],
  "receipt.spec.ts": [{ event: "festival", ticketTypes: ["rodinna"], extras: ["parkovani"] }],
  // Picks seats anywhere in the play's hall.
  "seating.spec.ts": [{ event: "miser" }],
  "words.spec.ts": [{ event: "festival", ticketTypes: ["tridenni", "vip"] }],
};

/** Events no spec holds or buys: any spec may read their availability, which stays as the catalog has it. */
const UNTOUCHED: readonly EventKey[] = [
  // event.spec.ts: the meet & greet's "last tickets" and the offers of the JSON-LD.
  "tourPraha",
  // event.spec.ts and seating.spec.ts: a seat map with every seat free.
  "littlePrince",
  // island-start.spec.ts: a cart without seating.
  "jazzNight",
];

/** A line of a cart as the pass service answers it: a ticket type or an extra of an event. */
type CartLine =
  | { eventId: string; ticketTypeId: string; namePub: string }
  | { eventId: string; ticketProductId: string; name: string };

/** Who may hold, buy and read a piece of inventory: its owner, or no spec (no spec changes it). */
interface Right {
  owner: string | null;
  event: EventKey;
  what: string;
}

/** Rights to whole events, and to single lines by their ids. */
const wholeEvents = new Map<EventKey, Right>();
const lines = new Map<string, Right>();

/** How a declaration names the owner of inventory. */
const whose = (owner: string | null) => (owner ? `for ${owner}` : "untouched");

/** Adds a right, or throws when it gives away inventory that is already another spec's. */
function grant<K>(rights: Map<K, Right>, key: K, right: Right): void {
  const before = rights.get(key);
  if (before && before.owner !== right.owner) {
    throw new Error(`${right.what} is declared ${whose(before.owner)} and ${whose(right.owner)}`);
  }
  rights.set(key, right);
}

for (const event of UNTOUCHED) grant(wholeEvents, event, { owner: null, event, what: `all of ${event}` });
for (const [owner, shares] of Object.entries(OWNED)) {
  for (const { event, ticketTypes = [], extras = [] } of shares) {
    const right = (what: string): Right => ({ owner, event, what });
    if (ticketTypes.length + extras.length === 0) grant(wholeEvents, event, right(`all of ${event}`));
    for (const key of ticketTypes) grant(lines, ticketTypeId(event, key), right(`${event}/${key}`));
    for (const key of extras) grant(lines, productId(event, key), right(`${event}/extra ${key}`));
  }
}
for (const line of lines.values()) {
  const whole = wholeEvents.get(line.event);
  if (whole && whole.owner !== line.owner) {
    throw new Error(`${line.what} is declared ${whose(line.owner)}, ${whole.what} ${whose(whole.owner)}`);
  }
}

const eventKeys = new Map(Object.entries(EVENT).map(([key, id]) => [id, key as EventKey]));

/** Who has what the running spec may not have: its owner, no spec, or the specs that own its parts. */
function holder(right: Right | undefined, event?: EventKey): string {
  if (right?.owner) return `${right.owner} owns it`;
  if (right) return "no spec may hold or buy it (its availability is read as the demo catalog has it)";
  const parts = new Set([...lines.values()].filter((line) => line.event === event).map((line) => line.owner));
  return parts.size > 0 ? `its parts are owned by ${[...parts].join(", ")}` : "no spec owns it";
}

/** Throws unless the running spec (`test.info().file`) owns what a right is about. */
function check(right: Right | undefined, what: string, event?: EventKey): void {
  const spec = basename(test.info().file);
  if (right?.owner === spec) return;
  throw new Error(
    `${spec} reaches for ${what}, but ${holder(right, event)}. The specs share one database and run in ` +
      "any order: each holds, buys and reads the availability of its own inventory only, declared in " +
      "tests/e2e/support/inventory.ts.",
  );
}

/** Throws unless the running spec owns a cart line it holds, buys or reads the availability of. */
export function claimLine(line: CartLine): void {
  const [id, name] =
    "ticketTypeId" in line ? [line.ticketTypeId, line.namePub] : [line.ticketProductId, line.name];
  const event = eventKeys.get(line.eventId);
  const right = lines.get(id) ?? (event && wholeEvents.get(event));
  check(right, `${right?.what ?? event ?? line.eventId} ("${name}")`);
}

/** Throws unless the running spec owns all of an event: it holds or buys any of its lines or seats. */
export function claimEvent(event: EventKey): void {
  check(wholeEvents.get(event), `all of ${event}`, event);
}

/** Throws unless the running spec owns all of an event or no spec changes it: it reads its availability. */
export function readsEvent(event: EventKey): void {
  const right = wholeEvents.get(event);
  if (right?.owner !== null) check(right, `the availability of all of ${event}`, event);
}
