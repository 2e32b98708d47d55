import { defineEnum } from "./define.ts";

/** Kinds of event list section shown on listing pages. */
export const sectionType = defineEnum("sectionType", [
  { id: 1, key: "POPULAR", label: { cs: "Populární", sk: "Populárne", en: "Popular", de: "Beliebt" } },
  {
    id: 2,
    key: "OUR_SELECTION",
    label: { cs: "Náš výběr", sk: "Náš výber", en: "Our selection", de: "Unsere Auswahl" },
  },
  {
    id: 3,
    key: "HAPPENING_NOW",
    label: { cs: "Právě probíhá", sk: "Práve prebieha", en: "Happening now", de: "Läuft gerade" },
  },
  {
    id: 4,
    key: "THIS_WEEKEND",
    label: { cs: "Tento víkend", sk: "Tento víkend", en: "This weekend", de: "Dieses Wochenende" },
  },
  {
    id: 5,
    key: "JUST_ANNOUNCED",
    label: { cs: "Právě oznámeno", sk: "Práve oznámené", en: "Just announced", de: "Neu angekündigt" },
  },
  { id: 6, key: "SPECIAL", label: { cs: "Speciální", sk: "Špeciálne", en: "Special", de: "Spezial" } },
  {
    id: 7,
    key: "NEAR_ME",
    label: { cs: "V mém okolí", sk: "V mojom okolí", en: "Near me", de: "In meiner Nähe" },
  },
]);

/** Id of a section type. */
export type SectionTypeId = (typeof sectionType.entries)[number]["id"];
