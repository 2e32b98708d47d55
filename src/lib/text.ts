/** Plain-text helpers shared by pages. */

/** Splits a plain text into paragraphs at blank lines; single line breaks stay inside a paragraph. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}
