import { defineEnum } from "./define.ts";

/** Kinds of item sold: entries, parking, NFC chips, workshops, products and zones. */
export const itemType = defineEnum("itemType", [
  {
    id: 1,
    key: "EVENT_ENTRY",
    label: { cs: "Vstup na akci", sk: "Vstup na podujatie", en: "Event entry", de: "Veranstaltungseintritt" },
  },
  { id: 2, key: "PARKING", label: { cs: "Parkování", sk: "Parkovanie", en: "Parking", de: "Parken" } },
  { id: 3, key: "NFC_CHIP", label: { cs: "NFC čip", sk: "NFC čip", en: "NFC chip", de: "NFC-Chip" } },
  {
    id: 4,
    key: "ATTRACTION_ENTRY",
    label: {
      cs: "Vstup na atrakci",
      sk: "Vstup na atrakciu",
      en: "Attraction entry",
      de: "Attraktionseintritt",
    },
  },
  { id: 5, key: "WORKSHOP", label: { cs: "Workshop", sk: "Workshop", en: "Workshop", de: "Workshop" } },
  { id: 6, key: "PRODUCT", label: { cs: "Produkt", sk: "Produkt", en: "Product", de: "Produkt" } },
  {
    id: 7,
    key: "REPEATED_EVENT_ENTRY",
    label: {
      cs: "Opakovaný vstup na akci",
      sk: "Opakovaný vstup na podujatie",
      en: "Repeated event entry",
      de: "Wiederholter Veranstaltungseintritt",
    },
  },
  {
    id: 8,
    key: "NFC_CHIP_VIP",
    label: { cs: "NFC čip VIP", sk: "NFC čip VIP", en: "NFC chip VIP", de: "NFC-Chip VIP" },
  },
  { id: 9, key: "ZONE", label: { cs: "Zóna", sk: "Zóna", en: "Zone", de: "Zone" } },
]);

/** Id of an item type. */
export type ItemTypeId = (typeof itemType.entries)[number]["id"];
