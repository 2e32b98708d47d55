import { type EnumLocale, type Labels, pickLabel, UNKNOWN_LABEL } from "./define.ts";

/** Labels shared by every screen: close, yes, no, and the label shown when a value is not set. */
export const COMMON_LABELS = {
  close: { cs: "Zavřít", sk: "Zavrieť", en: "Close", de: "Schließen" },
  yes: { cs: "Ano", sk: "Áno", en: "Yes", de: "Ja" },
  no: { cs: "Ne", sk: "Nie", en: "No", de: "Nein" },
  unknown: UNKNOWN_LABEL,
} as const satisfies Record<string, Labels>;

/** Key of a common label. */
export type CommonLabelKey = keyof typeof COMMON_LABELS;

/** Text of a common label in the locale (falling back to Czech). */
export function commonLabel(key: CommonLabelKey, locale?: EnumLocale | string | null): string {
  return pickLabel(COMMON_LABELS[key], locale);
}

/** Yes or no for a boolean, or the unknown label when the value is not set. */
export function yesNoLabel(value: boolean | null | undefined, locale?: EnumLocale | string | null): string {
  if (value == null) return commonLabel("unknown", locale);
  return commonLabel(value ? "yes" : "no", locale);
}
