import { defineEnum } from "./define.ts";

/** Types of NFC chip used for cashless payment at events. */
export const chipType = defineEnum("chipType", [
  {
    id: 1,
    key: "REGULAR",
    label: { cs: "Běžný čip", sk: "Bežný čip", en: "Regular chip", de: "Normaler Chip" },
  },
  {
    id: 2,
    key: "ONLINE_RECHARGED",
    label: {
      cs: "Online dobitý čip",
      sk: "Online dobitý čip",
      en: "Online recharged chip",
      de: "Online aufgeladener Chip",
    },
  },
  { id: 3, key: "VIP", label: { cs: "VIP čip", sk: "VIP čip", en: "VIP chip", de: "VIP-Chip" } },
  {
    id: 4,
    key: "ANONYMOUS_TRANSACTION",
    label: {
      cs: "Anonymní transakce",
      sk: "Anonymná transakcia",
      en: "Anonymous transaction",
      de: "Anonyme Transaktion",
    },
  },
  {
    id: 5,
    key: "EMPLOYEE",
    label: { cs: "Zaměstnanecký čip", sk: "Zamestnanecký čip", en: "Employee chip", de: "Mitarbeiterchip" },
  },
  {
    id: 6,
    key: "GUEST",
    label: { cs: "Čip pro hosty", sk: "Čip pre hostí", en: "Guest chip", de: "Gastchip" },
  },
]);

/** Id of a chip type. */
export type ChipTypeId = (typeof chipType.entries)[number]["id"];
