/**
 * What the debugger shows of the page, read without changing anything: the environment rows (stage,
 * release, site and hosts — one row each, so a host the page names later is one more entry of
 * `environmentRows`), the carts stored in this tab, and the last tracked events.
 */

import { STAGE_HOSTS } from "../../lib/stage-public.ts";
import type { TrackedEvent } from "../../lib/tracking.ts";
import { cartStorageKey } from "../../stores/cart/index.ts";
import { pageRelease, pageStage, pageStageConfig, passUrl } from "../../stores/page.ts";

/** One row of the environment section: a key of `debugger.environment.*` and its value. */
export interface FactRow {
  key: string;
  value: string | undefined;
}

/** How many tracked events the debugger lists. */
export const DEBUGGER_EVENTS_SHOWN = 10;

/** The pass service's URL the page names, or undefined. */
function pagePassUrl(): string | undefined {
  try {
    return passUrl();
  } catch {
    return undefined;
  }
}

/** Stage, release, site and the stage's four hosts of the page (the pass URL of `<html>` if the page has no stage block). */
export function environmentRows(): FactRow[] {
  const config = pageStageConfig();
  return [
    { key: "stage", value: config?.stage ?? pageStage() },
    { key: "release", value: config?.release ?? pageRelease() },
    { key: "site", value: document.documentElement.dataset.site },
    { key: "origin", value: window.location.origin },
    ...(config
      ? STAGE_HOSTS.map((host) => ({ key: host, value: config.hosts[host] }))
      : [{ key: "pass", value: pagePassUrl() }]),
  ];
}

/** A cart stored in this tab: its storage key and its state as stored (pretty JSON). */
export interface StoredCart {
  key: string;
  json: string;
}

/** The carts this tab's sessionStorage holds (live and demo), read as text: the cart's stores are not touched. */
export function storedCarts(): StoredCart[] {
  const prefixes = [cartStorageKey("", "live"), cartStorageKey("", "demo")];
  const carts: StoredCart[] = [];
  try {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (!key || !prefixes.some((prefix) => key.startsWith(prefix))) continue;
      const raw = sessionStorage.getItem(key) ?? "";
      let json = raw;
      try {
        json = JSON.stringify(JSON.parse(raw), null, 2);
      } catch {
        // Shown as stored.
      }
      carts.push({ key, json });
    }
  } catch {
    // Storage blocked: no cart is kept in this tab.
  }
  return carts.sort((a, b) => a.key.localeCompare(b.key));
}

/** The newest tracked events first, at most DEBUGGER_EVENTS_SHOWN, each with its position in the list kept. */
export function latestEvents(events: readonly TrackedEvent[]): { position: number; tracked: TrackedEvent }[] {
  return events
    .map((tracked, position) => ({ position, tracked }))
    .slice(-DEBUGGER_EVENTS_SHOWN)
    .reverse();
}
