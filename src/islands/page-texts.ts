/**
 * Texts that every page of a language sends an island alike (a cart's texts: about 10 kB), written in the page
 * as a JSON script element of their own (`<script type="application/json" id="…">`) instead of inside the
 * island's props. Astro writes an island's props escaped into an attribute, serializes them twice and hashes
 * them with the island's HTML for its id, on every page: for a cart's texts that was a tenth of what a cart
 * page cost a build, and 4 kB of the page. The page names the texts by an id that says everything they depend
 * on (`cart-texts-en-live`); the island is given the id. On the server, the island takes the texts the page
 * registered under it (`pageTexts`); in the browser it reads them from the element, so both render from the
 * same values.
 */

/** What the page writes: the element's id and its JSON text. */
export interface PageTexts {
  id: string;
  json: string;
}

/** The texts registered on the server, with their JSON text, by id. */
const registered = new Map<string, { value: unknown; texts: PageTexts }>();

/**
 * The texts under `id` for the page to write (and for the island's render on the server): made by `make`
 * the first time the process is asked for the id. The id must name everything the texts depend on.
 */
export function pageTexts(id: string, make: () => unknown): PageTexts {
  let entry = registered.get(id);
  if (!entry) {
    const value = make();
    // `<` as an escape: the text never closes the script element or opens a comment in it.
    const json = JSON.stringify(value).replaceAll("<", "\\u003c");
    entry = { value: JSON.parse(json), texts: { id, json } };
    registered.set(id, entry);
  }
  return entry.texts;
}

/** The texts of `id`: on the server those the page registered, in the browser those of the page's element. */
export function textsOf<T>(id: string): T {
  if (typeof document === "undefined") {
    const entry = registered.get(id);
    if (!entry) throw new Error(`No page texts are registered under "${id}"`);
    return entry.value as T;
  }
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no texts "${id}"`);
  return JSON.parse(element.textContent ?? "") as T;
}
