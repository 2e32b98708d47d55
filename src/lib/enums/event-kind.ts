import { defineEnum } from "./define.ts";

/** Whether an event happens once or is a long-term operation. */
export const eventKind = defineEnum("eventKind", [
  {
    id: 1,
    key: "ONE_TIME",
    label: {
      cs: "Jednorázová akce",
      sk: "Jednorazové podujatie",
      en: "One-time event",
      de: "Einmalige Veranstaltung",
    },
  },
  {
    id: 2,
    key: "LONG_TERM",
    label: {
      cs: "Dlouhodobý provoz",
      sk: "Dlhodobá prevádzka",
      en: "Long-term operation",
      de: "Dauerbetrieb",
    },
  },
]);

/** Id of an event kind. */
export type EventKindId = (typeof eventKind.entries)[number]["id"];
