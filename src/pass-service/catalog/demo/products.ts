/** Product groups, extra products (parking, merch, workshops, a chip with credit) and chip top-ups. */
import { chipType, itemType, productCategory } from "../../../lib/enums/index.ts";
import { stableId } from "../ids.ts";
import type { Localized } from "../schema.ts";
import { type DemoItem, type DemoPart, l, same } from "./common.ts";
import { chipProductId, EVENT, EVENT_SLUG, type EventKey, productGroupId, productId } from "./keys.ts";

type Product = DemoItem<"extraProducts">;

/** A product group of an event. */
function group(event: EventKey, key: string, name: Localized, order: number, description?: Localized) {
  return {
    productGroupId: productGroupId(event, key),
    eventId: EVENT[event],
    name,
    ...(description ? { description } : {}),
    displayOrder: order,
  };
}

/** The demo product groups. */
export function demoProductGroups(): DemoPart<"productGroups"> {
  const merch = same("Merch");
  return [
    group(
      "festival",
      "merch",
      merch,
      0,
      l(
        "Festivalové oblečení, vyzvednete si ho u vstupu.",
        "Festival clothing, to be picked up at the entrance.",
        "Festivalkleidung zum Abholen am Eingang.",
        "Festivalové oblečenie, vyzdvihnete si ho pri vstupe.",
      ),
    ),
    group(
      "festival",
      "doprava",
      l("Doprava a parkování", "Transport and parking", "Anreise und Parken", "Doprava a parkovanie"),
      1,
    ),
    group(
      "festival",
      "kredit",
      l("Čip se zálohou", "Chip with deposit", "Chip mit Pfand", "Čip so zálohou"),
      2,
    ),
    group("tourPraha", "merch", merch, 0),
  ];
}

/** A product photo, 1200×800 JPEG. */
function productPhoto(seed: string, hue: number, name: Localized) {
  return { generate: { kind: "photo" as const, seed, hue }, width: 1200, height: 800, alt: name };
}

/** An extra product of an event; `group` is a product group key of the same event. */
function product(
  event: EventKey,
  key: string,
  fields: Omit<Product, "ticketProductId" | "eventId" | "productGroupId"> & { group?: string },
): Product {
  const { group: groupKey, ...rest } = fields;
  return {
    ticketProductId: productId(event, key),
    eventId: EVENT[event],
    ...(groupKey ? { productGroupId: productGroupId(event, groupKey) } : {}),
    ...rest,
  };
}

/** Sizes S–XL of the festival T-shirt; XL costs 50 Kč more. */
function shirtSizes(): Product["variants"] {
  const slug = EVENT_SLUG.festival;
  const sizes = [
    ["s", 60, 0],
    ["m", 100, 0],
    ["l", 100, 0],
    ["xl", 40, 5000],
  ] as const;
  return [
    {
      variantId: stableId("variant", slug, "tricko", "velikost"),
      name: l("Velikost", "Size", "Größe", "Veľkosť"),
      values: sizes.map(([size, capacity, priceDelta], displayOrder) => ({
        variantValueId: stableId("variant-value", slug, "tricko", size),
        name: same(size.toUpperCase()),
        priceDelta,
        capacity,
        displayOrder,
      })),
    },
  ];
}

/** The demo extra products. */
export function demoExtraProducts(): DemoPart<"extraProducts"> {
  const shirt = l("Festivalové tričko", "Festival T-shirt", "Festival-T-Shirt", "Festivalové tričko");
  const tourPoster = l(
    "Podepsaný plakát turné",
    "Signed tour poster",
    "Signiertes Tourplakat",
    "Podpísaný plagát turné",
  );
  return [
    product("festival", "tricko", {
      group: "merch",
      name: shirt,
      description: l(
        "Bavlněné tričko s letošním motivem festivalu.",
        "A cotton T-shirt with this year's festival design.",
        "Ein Baumwoll-T-Shirt mit dem diesjährigen Festivalmotiv.",
        "Bavlnené tričko s tohtoročným motívom festivalu.",
      ),
      price: 49000,
      capacity: 300,
      maxPerOrder: 4,
      itemTypeId: itemType.id.PRODUCT,
      image: productPhoto("louka-tricko", 95, shirt),
      variants: shirtSizes(),
      displayOrder: 0,
    }),
    product("festival", "parkovani", {
      group: "doprava",
      name: l(
        "Parkování na celý festival",
        "Parking for the whole festival",
        "Parken für das ganze Festival",
        "Parkovanie na celý festival",
      ),
      price: 30000,
      capacity: 500,
      maxPerOrder: 2,
      itemTypeId: itemType.id.PARKING,
      displayOrder: 1,
    }),
    product("festival", "cip-s-kreditem", {
      group: "kredit",
      name: l(
        "Festivalový čip s kreditem 500 Kč",
        "Festival chip with CZK 500 credit",
        "Festival-Chip mit 500 CZK Guthaben",
        "Festivalový čip s kreditom 500 Kč",
      ),
      description: l(
        "Čip s nabitým kreditem 500 Kč; 50 Kč je vratná záloha.",
        "A chip loaded with CZK 500 of credit; CZK 50 is a refundable deposit.",
        "Ein Chip mit 500 CZK Guthaben; 50 CZK sind ein erstattbares Pfand.",
        "Čip s nabitým kreditom 500 Kč; 50 Kč je vratná záloha.",
      ),
      price: 55000,
      capacity: 2000,
      maxPerOrder: 6,
      itemTypeId: itemType.id.NFC_CHIP,
      chips: [{ productItemId: chipProductId("festival", "kredit-500"), amount: 50000 }],
      displayOrder: 2,
    }),
    product("festival", "bubnovy-workshop", {
      name: l("Bubnový workshop", "Drumming workshop", "Trommelworkshop", "Bubnový workshop"),
      description: l(
        "Hodina s Bubeníky z Pálavy pro dvanáct lidí, bubny zapůjčíme.",
        "An hour with Bubeníci z Pálavy for twelve people; drums provided.",
        "Eine Stunde mit Bubeníci z Pálavy für zwölf Personen; Trommeln werden gestellt.",
        "Hodina s Bubeníkmi z Pálavy pre dvanásť ľudí, bubny zapožičiame.",
      ),
      price: 25000,
      capacity: 12,
      maxPerOrder: 2,
      itemTypeId: itemType.id.WORKSHOP,
      displayOrder: 3,
    }),
    product("tourPraha", "parkovani", {
      name: l("Parkování u arény", "Parking at the arena", "Parken an der Arena", "Parkovanie pri aréne"),
      price: 15000,
      capacity: 200,
      maxPerOrder: 1,
      itemTypeId: itemType.id.PARKING,
      displayOrder: 0,
    }),
    product("tourPraha", "plakat", {
      group: "merch",
      name: tourPoster,
      price: 35000,
      capacity: 150,
      maxPerOrder: 2,
      itemTypeId: itemType.id.PRODUCT,
      image: productPhoto("turne-plakat", 220, tourPoster),
      displayOrder: 1,
    }),
    product("exhibition", "workshop-sitotisku", {
      name: l("Workshop sítotisku", "Screen printing workshop", "Siebdruck-Workshop", "Workshop sieťotlače"),
      description: l(
        "Dvě hodiny s grafikem: vytiskněte si vlastní plakát.",
        "Two hours with a graphic artist: print your own poster.",
        "Zwei Stunden mit einem Grafiker: Drucken Sie Ihr eigenes Plakat.",
        "Dve hodiny s grafikom: vytlačte si vlastný plagát.",
      ),
      price: 45000,
      capacity: 12,
      maxPerOrder: 2,
      itemTypeId: itemType.id.WORKSHOP,
    }),
    product("beer", "degustacni-sada", {
      name: l(
        "Degustační sada pěti piv",
        "Tasting set of five beers",
        "Probierset mit fünf Bieren",
        "Degustačná sada piatich pív",
      ),
      price: 15000,
      capacity: 400,
      maxPerOrder: 4,
      itemTypeId: itemType.id.PRODUCT,
      productCategoryId: productCategory.id.BEER,
    }),
    product("wineHike", "parkovani", {
      name: l(
        "Parkování a kyvadlový autobus",
        "Parking and shuttle bus",
        "Parken und Shuttlebus",
        "Parkovanie a kyvadlový autobus",
      ),
      price: 800,
      capacity: 150,
      maxPerOrder: 1,
      itemTypeId: itemType.id.PARKING,
    }),
  ];
}

/** A chip top-up of `amount` (minor units) sold for `price`. */
function chip(event: EventKey, key: string, name: Localized, amount: number, price: number, order: number) {
  return {
    productItemId: chipProductId(event, key),
    eventId: EVENT[event],
    name,
    amount,
    price,
    chipTypeId: chipType.id.ONLINE_RECHARGED,
    displayOrder: order,
  };
}

/** Chip top-ups of the festival and of its credit-recharge event. */
export function demoChipProducts(): DemoPart<"chipProducts"> {
  const credit = (czk: string) =>
    l(`Kredit ${czk} Kč`, `CZK ${czk} credit`, `${czk} CZK Guthaben`, `Kredit ${czk} Kč`);
  return [
    chip("festival", "kredit-500", credit("500"), 50000, 50000, 0),
    {
      ...chip(
        "festival",
        "vip-kredit",
        l("VIP kredit 1 000 Kč", "CZK 1,000 VIP credit", "VIP-Guthaben 1.000 CZK", "VIP kredit 1 000 Kč"),
        100000,
        100000,
        1,
      ),
      chipTypeId: chipType.id.VIP,
    },
    chip("festivalCredit", "kredit-200", credit("200"), 20000, 20000, 0),
    chip("festivalCredit", "kredit-500", credit("500"), 50000, 50000, 1),
    {
      ...chip("festivalCredit", "kredit-1000", credit("1 000"), 100000, 95000, 2),
      name: l(
        "Kredit 1 000 Kč za 950 Kč",
        "CZK 1,000 credit for CZK 950",
        "1.000 CZK Guthaben für 950 CZK",
        "Kredit 1 000 Kč za 950 Kč",
      ),
      description: l(
        "Při dobití předem dostanete padesát korun navíc.",
        "Top up in advance and get fifty crowns extra.",
        "Beim Aufladen im Voraus gibt es fünfzig Kronen extra.",
        "Pri dobití vopred dostanete päťdesiat korún navyše.",
      ),
    },
  ];
}
