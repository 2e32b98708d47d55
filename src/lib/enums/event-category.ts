import { defineEnum } from "./define.ts";

/** Categories an event is listed under. */
export const eventCategory = defineEnum("eventCategory", [
  { id: 1, key: "MUSIC", label: { cs: "Hudba", sk: "Hudba", en: "Music", de: "Musik" } },
  { id: 2, key: "GASTRO", label: { cs: "Gastro", sk: "Gastro", en: "Gastro", de: "Gastro" } },
  { id: 3, key: "CULTURE", label: { cs: "Kultura", sk: "Kultúra", en: "Culture", de: "Kultur" } },
  { id: 4, key: "WINE", label: { cs: "Víno", sk: "Víno", en: "Wine", de: "Wein" } },
  { id: 5, key: "SPORTS", label: { cs: "Sport", sk: "Šport", en: "Sports", de: "Sport" } },
  {
    id: 6,
    key: "SERIAL_EVENT",
    label: { cs: "Série akcí", sk: "Séria podujatí", en: "Serial event", de: "Veranstaltungsreihe" },
  },
  { id: 7, key: "FESTIVAL", label: { cs: "Festival", sk: "Festival", en: "Festival", de: "Festival" } },
  { id: 8, key: "CHILDREN", label: { cs: "Pro děti", sk: "Pre deti", en: "Children", de: "Kinder" } },
  { id: 9, key: "PARTY", label: { cs: "Párty", sk: "Párty", en: "Party", de: "Party" } },
  { id: 10, key: "THEATER", label: { cs: "Divadlo", sk: "Divadlo", en: "Theater", de: "Theater" } },
  { id: 11, key: "CONCERT", label: { cs: "Koncert", sk: "Koncert", en: "Concert", de: "Konzert" } },
  { id: 12, key: "BEER", label: { cs: "Pivo", sk: "Pivo", en: "Beer", de: "Bier" } },
]);

/** Id of an event category. */
export type EventCategoryId = (typeof eventCategory.entries)[number]["id"];
