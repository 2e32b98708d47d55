/** Plain-text helpers shared by pages. */

/** Splits a plain text into paragraphs at blank lines; single line breaks stay inside a paragraph. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/**
 * Latin letters that NFD does not split into a base letter and a mark (they are letters of their own, not
 * letters with a diacritic), written the way a reader of the language would spell them without it.
 */
const UNSPLIT_LETTERS: Readonly<Record<string, string>> = {
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  ß: "ss",
  ẞ: "SS",
  ø: "o",
  Ø: "O",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ı: "i",
  ħ: "h",
  Ħ: "H",
  ŧ: "t",
  Ŧ: "T",
  þ: "th",
  Þ: "Th",
};

/**
 * A text without diacritics: NFD splits letters such as ř, ů, ľ, ô, ä, ü into a base letter and combining
 * marks, which are dropped (ä becomes a, not ae); letters NFD leaves whole (ł, đ, ß, ø, æ, œ, …) are spelled
 * with plain letters (`UNSPLIT_LETTERS`). Anything else outside ASCII is left to the caller.
 */
export function withoutDiacritics(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^\p{ASCII}]/gu, (char) => UNSPLIT_LETTERS[char] ?? char);
}

/**
 * True when two texts are the same words in a language, regardless of case and of the kind of spaces
 * ("Vstupenky" and "VSTUPENKY"; "Kredit 500 Kč" with a no-break space and with a plain one).
 */
export function sameWords(a: string, b: string, locale: string): boolean {
  const norm = (text: string) => text.replace(/\s+/g, " ").trim().toLocaleLowerCase(locale);
  return norm(a) === norm(b);
}

/**
 * The heading of a group of lines under a section's heading, so that no heading repeats the one above it:
 * a group named as the section has none when it comes first, and the `other` name ("Other tickets") when
 * groups come before it; any other group shows its name.
 */
export function groupHeading(
  group: { name: string; index: number },
  section: { heading: string; other: string },
  locale: string,
): string | null {
  if (!sameWords(group.name, section.heading, locale)) return group.name;
  return group.index === 0 ? null : section.other;
}

/** A ticket's group as a label under its name, or null when the group is just called "Tickets" (it tells nothing). */
export function ticketGroupLabel(
  group: string | null | undefined,
  ticketsWord: string,
  locale: string,
): string | null {
  return group && !sameWords(group, ticketsWord, locale) ? group : null;
}
