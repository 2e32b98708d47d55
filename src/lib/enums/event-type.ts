import { defineEnum } from "./define.ts";

/** What an event sells: tickets, packages or credit recharge (chip top-up). */
export const eventType = defineEnum("eventType", [
  { id: 1, key: "TICKETS", label: { cs: "Vstupenky", sk: "Vstupenky", en: "Tickets", de: "Tickets" } },
  { id: 2, key: "PACKAGES", label: { cs: "Balíčky", sk: "Balíčky", en: "Packages", de: "Pakete" } },
  {
    id: 3,
    key: "CREDIT_RECHARGE",
    label: { cs: "Dobití kreditu", sk: "Dobitie kreditu", en: "Credit recharge", de: "Guthabenaufladung" },
  },
]);

/** Id of an event type. */
export type EventTypeId = (typeof eventType.entries)[number]["id"];
