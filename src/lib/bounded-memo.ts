/**
 * The memo of values a build makes again and again (formatters, image addresses, range texts…): a map that
 * holds at most `max` values and is started anew when full, so a process that renders thousands of pages
 * keeps its memory flat. Callers do not change what they get.
 */

/** The value kept under `key`, or the one `make` gives (then kept; `kept` is emptied first when it holds `max`). */
export function rememberIn<K, V>(kept: Map<K, V>, key: K, max: number, make: () => V): V {
  let value = kept.get(key);
  if (value === undefined) {
    value = make();
    if (kept.size >= max) kept.clear();
    kept.set(key, value);
  }
  return value;
}
