import { defineEnum } from "./define.ts";

/** Size class of an event. */
export const eventSize = defineEnum("eventSize", [
  { id: 1, key: "SMALL", label: { cs: "Malá", sk: "Malá", en: "Small", de: "Klein" } },
  { id: 2, key: "MEDIUM", label: { cs: "Střední", sk: "Stredná", en: "Medium", de: "Mittel" } },
  { id: 3, key: "LARGE", label: { cs: "Velká", sk: "Veľká", en: "Large", de: "Groß" } },
]);

/** Id of an event size. */
export type EventSizeId = (typeof eventSize.entries)[number]["id"];
