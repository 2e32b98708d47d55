/**
 * What an island needs before it hydrates, marked on the island (its default export) and read by the renderer's
 * browser entry (preact-client.ts, through hydration-tasks.ts):
 * - `formatsOnStart`: its first render formats money or dates. The first `Intl` formatter of a page costs
 *   20–80 ms of a desktop's CPU (four times that on a phone), so the page language's Intl data is loaded first
 *   (by a worker), and the hydrating render is not held by it. A page whose islands format nothing on start (the
 *   header, the consent banner, a favourite heart) never pays for it. A missing mark costs only speed.
 * - `styledByPage`: what it shows until the visitor acts is styled by the page's critical CSS (the page holds
 *   that markup in a `<template>`, so the critical CSS keeps its rules; src/layouts/critical-css.ts). Any other
 *   island first switches the site's whole stylesheet on, which restyles the whole page: on a phone a task
 *   of 50 ms and more, and a stylesheet to fetch. A marked island switches it on itself before it shows more
 *   (`applySiteStylesheet`); a missing switch leaves that markup unstyled, so the mark goes only where a test
 *   compares the island's look with the whole stylesheet's.
 */

const FORMATS_ON_START = Symbol.for("vstupio.island.formatsOnStart");
const STYLED_BY_PAGE = Symbol.for("vstupio.island.styledByPage");

function mark(island: object, key: symbol): void {
  Object.defineProperty(island, key, { value: true });
}

function marked(island: unknown, key: symbol): boolean {
  return (typeof island === "function" || (typeof island === "object" && island !== null)) && key in island;
}

/** Marks an island whose first render formats numbers or dates. */
export function formatsOnStart(island: object): void {
  mark(island, FORMATS_ON_START);
}

/** Whether an island is marked by `formatsOnStart`. */
export function formatsWhenStarting(island: unknown): boolean {
  return marked(island, FORMATS_ON_START);
}

/** Marks an island whose markup until the visitor acts is styled by the page's critical CSS. */
export function styledByPage(island: object): void {
  mark(island, STYLED_BY_PAGE);
}

/** Whether an island is marked by `styledByPage`. */
export function isStyledByPage(island: unknown): boolean {
  return marked(island, STYLED_BY_PAGE);
}
