import { defineEnum } from "./define.ts";

/** Categories of products sold at events (drinks, food and other goods). */
export const productCategory = defineEnum("productCategory", [
  {
    id: 1,
    key: "NON_ALCOHOLIC",
    label: { cs: "Nealkoholické", sk: "Nealkoholické", en: "Non-alcoholic", de: "Alkoholfrei" },
  },
  { id: 2, key: "BEER", label: { cs: "Pivo", sk: "Pivo", en: "Beer", de: "Bier" } },
  { id: 3, key: "WINE", label: { cs: "Víno", sk: "Víno", en: "Wine", de: "Wein" } },
  {
    id: 4,
    key: "OTHER_ALCOHOL",
    label: { cs: "Ostatní alkohol", sk: "Ostatný alkohol", en: "Other alcohol", de: "Sonstiger Alkohol" },
  },
  { id: 5, key: "SALTY", label: { cs: "Slané", sk: "Slané", en: "Salty", de: "Salzig" } },
  { id: 6, key: "SWEET", label: { cs: "Sladké", sk: "Sladké", en: "Sweet", de: "Süß" } },
  {
    id: 7,
    key: "SUPPLEMENTARY",
    label: {
      cs: "Doplňkový sortiment",
      sk: "Doplnkový sortiment",
      en: "Supplementary assortment",
      de: "Ergänzendes Sortiment",
    },
  },
]);

/** Id of a product category. */
export type ProductCategoryId = (typeof productCategory.entries)[number]["id"];
