/** Turning stored rows into what the buyer reads: texts in the request's language, images as URLs. */
import type { LocalizedText, StoredAddress, StoredImage } from "../db/schema.ts";
import type { ServiceLocale } from "../http.ts";

/** The text in the locale (Czech when a language is missing in the row). */
export function loc(text: LocalizedText, locale: ServiceLocale): string {
  return text[locale] || text.cs;
}

/** The text in the locale, or null when the row has none. */
export function locOrNull(text: LocalizedText | null | undefined, locale: ServiceLocale): string | null {
  return text ? loc(text, locale) : null;
}

/** The root-relative URL of a stored media file. */
export function mediaUrl(key: string): string {
  return `/media/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** An image of the contract (URL, size, alt in the locale), or null. */
export function imageOut(
  image: StoredImage | null | undefined,
  locale: ServiceLocale,
): { url: string; width: number; height: number; alt: string } | null {
  if (!image) return null;
  return { url: mediaUrl(image.key), width: image.width, height: image.height, alt: loc(image.alt, locale) };
}

/** An address of the contract with the city in the locale. */
export function addressOut(address: StoredAddress, locale: ServiceLocale) {
  return {
    street: address.street,
    city: loc(address.city, locale),
    postalCode: address.postalCode,
    countryId: address.countryId,
    regionId: address.regionId ?? null,
  };
}

/** An instant as ISO 8601 (UTC, with `Z`). */
export function iso(date: Date): string {
  return date.toISOString();
}

/** An optional instant as ISO 8601, or null. */
export function isoOrNull(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
