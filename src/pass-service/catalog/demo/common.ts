/** Shared helpers of the demo catalog: localized texts, image descriptors, payment methods and places. */
import { paymentMethod } from "../../../lib/enums/index.ts";
import type { CatalogImage, CatalogInput, Localized } from "../schema.ts";
import {
  BAND,
  type BandKey,
  EVENT,
  EVENT_SLUG,
  type EventKey,
  ORG,
  type OrgKey,
  PERFORMER,
  type PerformerKey,
} from "./keys.ts";

/** The input array of a part of the catalog, e.g. `DemoPart<"events">`. */
export type DemoPart<K extends keyof CatalogInput> = NonNullable<CatalogInput[K]>;

/** One item of a part of the catalog, e.g. `DemoItem<"events">`. */
export type DemoItem<K extends keyof CatalogInput> = DemoPart<K> extends readonly (infer T)[] ? T : never;

/** A text in the four storefront languages, in the order cs, en, de, sk. */
export function l(cs: string, en: string, de: string, sk: string): Localized {
  return { cs, en, de, sk };
}

/** The same text in every language (names that are not translated). */
export function same(text: string): Localized {
  return { cs: text, en: text, de: text, sk: text };
}

/** A text whose every language is `prefix name` in that language, e.g. "Plakát – Lakomec". */
function prefixed(prefix: Localized, name: Localized): Localized {
  return l(
    `${prefix.cs} ${name.cs}`,
    `${prefix.en} ${name.en}`,
    `${prefix.de} ${name.de}`,
    `${prefix.sk} ${name.sk}`,
  );
}

/** An event poster, 1200×1600 JPEG. */
export function poster(seed: string, hue: number, name: Localized): CatalogImage {
  return {
    generate: { kind: "poster", seed, hue },
    width: 1200,
    height: 1600,
    alt: prefixed(l("Plakát:", "Poster:", "Plakat:", "Plagát:"), name),
  };
}

/** An organizer or partner logo, 512×512 PNG. */
export function logo(seed: string, hue: number, name: Localized): CatalogImage {
  return {
    generate: { kind: "logo", seed, hue },
    width: 512,
    height: 512,
    alt: prefixed(l("Logo", "Logo of", "Logo von", "Logo"), name),
  };
}

/** A band photo, 1200×800 JPEG. */
export function bandPhoto(seed: string, hue: number, name: Localized): CatalogImage {
  return {
    generate: { kind: "photo", seed, hue },
    width: 1200,
    height: 800,
    alt: prefixed(l("Kapela", "The band", "Die Band", "Kapela"), name),
  };
}

/** A performer portrait, 800×800 PNG. */
export function avatar(seed: string, hue: number, name: Localized): CatalogImage {
  return {
    generate: { kind: "avatar", seed, hue },
    width: 800,
    height: 800,
    alt: prefixed(l("Portrét:", "Portrait:", "Porträt:", "Portrét:"), name),
  };
}

/** A venue photo, 1600×900 JPEG. */
export function venuePhoto(seed: string, hue: number, name: Localized): CatalogImage {
  return {
    generate: { kind: "photo", seed, hue },
    width: 1600,
    height: 900,
    alt: prefixed(l("Místo konání:", "Venue:", "Veranstaltungsort:", "Miesto konania:"), name),
  };
}

/** A gallery photo, 1600×1067 JPEG; `alt` describes the picture. */
export function galleryPhoto(seed: string, hue: number, alt: Localized): CatalogImage {
  return { generate: { kind: "photo", seed, hue }, width: 1600, height: 1067, alt };
}

/** Payment method ids of the demo catalog. */
export const PAY = {
  card: paymentMethod.id.CARD,
  bank: paymentMethod.id.BANK_TRANSFER,
  googlePay: paymentMethod.id.SEARCH_ENGINE_WALLET,
  applePay: paymentMethod.id.DEVICE_MAKER_WALLET,
  clickToPay: paymentMethod.id.CLICK_TO_PAY,
} as const;

/** Payment methods of an event in the given order; `fees` adds a fee (minor units) to some of them. */
export function payments(
  ids: number[],
  fees: Record<number, number> = {},
): DemoItem<"events">["paymentMethods"] {
  return ids.map((paymentMethodId, displayOrder) => {
    const feeAmount = fees[paymentMethodId];
    return feeAmount === undefined
      ? { paymentMethodId, displayOrder }
      : { paymentMethodId, feeAmount, displayOrder };
  });
}

/** City names of the demo catalog. */
export const CITY = {
  praha: l("Praha", "Prague", "Prag", "Praha"),
  brno: l("Brno", "Brno", "Brünn", "Brno"),
  ostrava: l("Ostrava", "Ostrava", "Ostrau", "Ostrava"),
  pavlov: same("Pavlov"),
  hrad: same("Hradec nad Svitavou"),
  bratislava: l("Bratislava", "Bratislava", "Bratislava", "Bratislava"),
  wien: l("Vídeň", "Vienna", "Wien", "Viedeň"),
  duernstein: same("Dürnstein"),
} as const;

type Event = DemoItem<"events">;

/** An event of the demo catalog: its id and slug from `key`, its poster drawn from the slug and `hue`. */
export function demoEvent(
  key: EventKey,
  organizer: OrgKey,
  hue: number,
  name: Localized,
  fields: Omit<Event, "eventId" | "organizerId" | "eventSlug" | "name" | "poster">,
): Event {
  const slug = EVENT_SLUG[key];
  return {
    eventId: EVENT[key],
    organizerId: ORG[organizer],
    eventSlug: slug,
    name,
    poster: poster(slug, hue, name),
    ...fields,
  };
}

/** The line-up of an event: headliners (`main`) first, then the other bands, in this order. */
export function lineupOf(main: BandKey[], others: BandKey[] = []): NonNullable<Event["lineup"]> {
  return [...main, ...others].map((b, i) => ({ bandId: BAND[b], main: i < main.length, displayOrder: i }));
}

/** The performers of an event: the main ones first, in this order. */
export function performersOf(
  main: PerformerKey[],
  others: PerformerKey[] = [],
): NonNullable<Event["performers"]> {
  return [...main, ...others].map((p, i) => ({
    performerId: PERFORMER[p],
    main: i < main.length,
    displayOrder: i,
  }));
}
