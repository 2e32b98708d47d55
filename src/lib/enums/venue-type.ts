import { defineEnum } from "./define.ts";

/** Kinds of venue an event takes place at. */
export const venueType = defineEnum("venueType", [
  { id: 1, key: "STADIUM", label: { cs: "Stadion", sk: "Štadión", en: "Stadium", de: "Stadion" } },
  { id: 2, key: "CAMP", label: { cs: "Kemp", sk: "Kemping", en: "Camp", de: "Camp" } },
  { id: 3, key: "MEADOW_AREA", label: { cs: "Louka", sk: "Lúka", en: "Meadow area", de: "Wiesengelände" } },
  {
    id: 4,
    key: "OUTDOOR_THEATER_CINEMA",
    label: {
      cs: "Venkovní divadlo/kino",
      sk: "Vonkajšie divadlo/kino",
      en: "Outdoor theater/cinema",
      de: "Freilichttheater/-kino",
    },
  },
  {
    id: 5,
    key: "THEATER_CINEMA",
    label: { cs: "Divadlo/kino", sk: "Divadlo/kino", en: "Theater/cinema", de: "Theater/Kino" },
  },
  { id: 6, key: "CITY", label: { cs: "Město", sk: "Mesto", en: "City", de: "Stadt" } },
  {
    id: 7,
    key: "MUSIC_CLUB",
    label: { cs: "Hudební klub", sk: "Hudobný klub", en: "Music club", de: "Musikclub" },
  },
]);

/** Id of a venue type. */
export type VenueTypeId = (typeof venueType.entries)[number]["id"];
