/**
 * Attributes of the HTML a page middleware step reads (src/middleware.ts), found with `indexOf`: a page has
 * hundreds of `class` attributes, and an island's start tag holds its props (20 kB on a cart page), which a
 * regular expression walked character by character; its match objects and their iterator made about 2.6 % of
 * the bytes a render worker allocated (1,500 pages of a publish, sampled).
 */

/** Whether a character code is white space between attributes in HTML (space, tab, line feed, form feed, return). */
function isHtmlSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

/**
 * Calls `found` with the value of every `name="…"` attribute of the HTML that follows white space, in order (as
 * `/\sname="([^"]*)"/g` would match them, white space as HTML has it), until `found` answers `false`.
 */
export function eachAttributeValue(html: string, name: string, found: (value: string) => unknown): void {
  const opening = `${name}="`;
  for (let at = html.indexOf(opening, 1); at !== -1; ) {
    const start = at + opening.length;
    if (!isHtmlSpace(html.charCodeAt(at - 1))) {
      at = html.indexOf(opening, at + 1);
      continue;
    }
    const end = html.indexOf('"', start);
    if (end === -1 || found(html.slice(start, end)) === false) return;
    at = html.indexOf(opening, end + 1);
  }
}

/** The value of the first `name="…"` attribute of a start tag (or any HTML) that follows white space, or undefined. */
export function attributeValue(tag: string, name: string): string | undefined {
  let value: string | undefined;
  eachAttributeValue(tag, name, (found) => {
    value = found;
    return false;
  });
  return value;
}
