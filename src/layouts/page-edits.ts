/**
 * Changes to a page's bytes, each at an index of the page as it was rendered. The page middleware
 * (src/middleware.ts) collects the edits of its steps (island styles, critical CSS, module preloads) and
 * applies them at once: the page is copied once, not once per step, and read as text once, by the steps that
 * need its text. In a publish, each step's copy of an 80 kB page was memory the render workers' garbage
 * collector had to account for, page after page.
 */

/** At `at`, `remove` bytes of the page are replaced by `insert` (empty: a plain insertion). */
export interface PageEdit {
  at: number;
  remove: number;
  insert: Buffer;
}

/**
 * The page with its edits applied, by index (edits at one index in the order given). Edits must not overlap:
 * an edit that starts inside the bytes another one removes is an error of the step that made it.
 */
export function applyEdits(page: Buffer<ArrayBuffer>, edits: readonly PageEdit[]): Buffer<ArrayBuffer> {
  if (edits.length === 0) return page;
  const sorted = edits.map((edit, order) => ({ edit, order }));
  sorted.sort((a, b) => a.edit.at - b.edit.at || a.order - b.order);
  const parts: Buffer[] = [];
  let from = 0;
  for (const { edit } of sorted) {
    if (edit.at < from || edit.remove < 0 || edit.at + edit.remove > page.length) {
      throw new RangeError(
        `page edit at ${edit.at} (${edit.remove} bytes) overlaps another or the page's end`,
      );
    }
    parts.push(page.subarray(from, edit.at), edit.insert);
    from = edit.at + edit.remove;
  }
  parts.push(page.subarray(from));
  return Buffer.concat(parts);
}
