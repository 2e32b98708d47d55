import { defineEnum } from "./define.ts";

/**
 * Regions of countries: Czech regions 1-14, Slovak 201-208, Austrian states 301-309, Serbian regions
 * 501-506, German states 1401-1416 (in official state-key order) and Greek regions 1501-1513 (in
 * ISO 3166-2:GR order A-M). Ids above 1000 are regular regions here, so none count as custom.
 */
export const region = defineEnum(
  "region",
  [
    {
      id: 1,
      key: "CZ_PRAGUE",
      countryId: 1,
      label: { cs: "Hlavní město Praha", sk: "Hlavné mesto Praha", en: "Prague", de: "Prag" },
    },
    {
      id: 2,
      key: "CZ_CENTRAL_BOHEMIAN",
      countryId: 1,
      label: {
        cs: "Středočeský kraj",
        sk: "Stredočeský kraj",
        en: "Central Bohemian Region",
        de: "Mittelböhmische Region",
      },
    },
    {
      id: 3,
      key: "CZ_SOUTH_BOHEMIAN",
      countryId: 1,
      label: {
        cs: "Jihočeský kraj",
        sk: "Juhočeský kraj",
        en: "South Bohemian Region",
        de: "Südböhmische Region",
      },
    },
    {
      id: 4,
      key: "CZ_PLZEN",
      countryId: 1,
      label: { cs: "Plzeňský kraj", sk: "Plzenský kraj", en: "Plzeň Region", de: "Region Pilsen" },
    },
    {
      id: 5,
      key: "CZ_KARLOVY_VARY",
      countryId: 1,
      label: {
        cs: "Karlovarský kraj",
        sk: "Karlovarský kraj",
        en: "Karlovy Vary Region",
        de: "Karlsbader Region",
      },
    },
    {
      id: 6,
      key: "CZ_USTI",
      countryId: 1,
      label: { cs: "Ústecký kraj", sk: "Ústecký kraj", en: "Ústí nad Labem Region", de: "Region Aussig" },
    },
    {
      id: 7,
      key: "CZ_LIBEREC",
      countryId: 1,
      label: { cs: "Liberecký kraj", sk: "Liberecký kraj", en: "Liberec Region", de: "Region Reichenberg" },
    },
    {
      id: 8,
      key: "CZ_HRADEC_KRALOVE",
      countryId: 1,
      label: {
        cs: "Královéhradecký kraj",
        sk: "Královohradecký kraj",
        en: "Hradec Králové Region",
        de: "Region Königgrätz",
      },
    },
    {
      id: 9,
      key: "CZ_PARDUBICE",
      countryId: 1,
      label: { cs: "Pardubický kraj", sk: "Pardubický kraj", en: "Pardubice Region", de: "Region Pardubitz" },
    },
    {
      id: 10,
      key: "CZ_VYSOCINA",
      countryId: 1,
      label: { cs: "Kraj Vysočina", sk: "Kraj Vysočina", en: "Vysočina Region", de: "Region Hochland" },
    },
    {
      id: 11,
      key: "CZ_SOUTH_MORAVIAN",
      countryId: 1,
      label: {
        cs: "Jihomoravský kraj",
        sk: "Juhomoravský kraj",
        en: "South Moravian Region",
        de: "Südmährische Region",
      },
    },
    {
      id: 12,
      key: "CZ_OLOMOUC",
      countryId: 1,
      label: { cs: "Olomoucký kraj", sk: "Olomoucký kraj", en: "Olomouc Region", de: "Region Olmütz" },
    },
    {
      id: 13,
      key: "CZ_ZLIN",
      countryId: 1,
      label: { cs: "Zlínský kraj", sk: "Zlínsky kraj", en: "Zlín Region", de: "Region Zlín" },
    },
    {
      id: 14,
      key: "CZ_MORAVIAN_SILESIAN",
      countryId: 1,
      label: {
        cs: "Moravskoslezský kraj",
        sk: "Moravskosliezsky kraj",
        en: "Moravian-Silesian Region",
        de: "Mährisch-Schlesische Region",
      },
    },
    {
      id: 201,
      key: "SK_BRATISLAVA",
      countryId: 2,
      label: {
        cs: "Bratislavský kraj",
        sk: "Bratislavský kraj",
        en: "Bratislava Region",
        de: "Region Bratislava",
      },
    },
    {
      id: 202,
      key: "SK_TRNAVA",
      countryId: 2,
      label: { cs: "Trnavský kraj", sk: "Trnavský kraj", en: "Trnava Region", de: "Region Trnava" },
    },
    {
      id: 203,
      key: "SK_TRENCIN",
      countryId: 2,
      label: { cs: "Trenčínský kraj", sk: "Trenčiansky kraj", en: "Trenčín Region", de: "Region Trenčín" },
    },
    {
      id: 204,
      key: "SK_NITRA",
      countryId: 2,
      label: { cs: "Nitranský kraj", sk: "Nitriansky kraj", en: "Nitra Region", de: "Region Nitra" },
    },
    {
      id: 205,
      key: "SK_ZILINA",
      countryId: 2,
      label: { cs: "Žilinský kraj", sk: "Žilinský kraj", en: "Žilina Region", de: "Region Žilina" },
    },
    {
      id: 206,
      key: "SK_BANSKA_BYSTRICA",
      countryId: 2,
      label: {
        cs: "Banskobystrický kraj",
        sk: "Banskobystrický kraj",
        en: "Banská Bystrica Region",
        de: "Region Banská Bystrica",
      },
    },
    {
      id: 207,
      key: "SK_PRESOV",
      countryId: 2,
      label: { cs: "Prešovský kraj", sk: "Prešovský kraj", en: "Prešov Region", de: "Region Prešov" },
    },
    {
      id: 208,
      key: "SK_KOSICE",
      countryId: 2,
      label: { cs: "Košický kraj", sk: "Košický kraj", en: "Košice Region", de: "Region Košice" },
    },
    {
      id: 301,
      key: "AT_VIENNA",
      countryId: 3,
      label: { cs: "Vídeň", sk: "Viedeň", en: "Vienna", de: "Wien" },
    },
    {
      id: 302,
      key: "AT_LOWER_AUSTRIA",
      countryId: 3,
      label: { cs: "Dolní Rakousy", sk: "Dolné Rakúsko", en: "Lower Austria", de: "Niederösterreich" },
    },
    {
      id: 303,
      key: "AT_UPPER_AUSTRIA",
      countryId: 3,
      label: { cs: "Horní Rakousy", sk: "Horné Rakúsko", en: "Upper Austria", de: "Oberösterreich" },
    },
    {
      id: 304,
      key: "AT_STYRIA",
      countryId: 3,
      label: { cs: "Štýrsko", sk: "Štajersko", en: "Styria", de: "Steiermark" },
    },
    {
      id: 305,
      key: "AT_CARINTHIA",
      countryId: 3,
      label: { cs: "Korutany", sk: "Korutánsko", en: "Carinthia", de: "Kärnten" },
    },
    {
      id: 306,
      key: "AT_BURGENLAND",
      countryId: 3,
      label: { cs: "Burgenland", sk: "Burgenland", en: "Burgenland", de: "Burgenland" },
    },
    {
      id: 307,
      key: "AT_SALZBURG",
      countryId: 3,
      label: { cs: "Salcbursko", sk: "Salzbursko", en: "Salzburg", de: "Salzburg" },
    },
    {
      id: 308,
      key: "AT_TYROL",
      countryId: 3,
      label: { cs: "Tyrolsko", sk: "Tirolsko", en: "Tyrol", de: "Tirol" },
    },
    {
      id: 309,
      key: "AT_VORARLBERG",
      countryId: 3,
      label: { cs: "Vorarlbersko", sk: "Vorarlbersko", en: "Vorarlberg", de: "Vorarlberg" },
    },
    {
      id: 501,
      key: "RS_VOJVODINA",
      countryId: 5,
      label: { cs: "Vojvodina", sk: "Vojvodina", en: "Vojvodina", de: "Vojvodina" },
    },
    {
      id: 502,
      key: "RS_BELGRADE",
      countryId: 5,
      label: { cs: "Bělehrad", sk: "Belehrad", en: "Belgrade", de: "Belgrad" },
    },
    {
      id: 503,
      key: "RS_KOSOVO",
      countryId: 5,
      label: { cs: "Kosovo", sk: "Kosovo", en: "Kosovo", de: "Kosovo" },
    },
    {
      id: 504,
      key: "RS_METOHIJA",
      countryId: 5,
      label: { cs: "Metochie", sk: "Metochia", en: "Metohija", de: "Metochien" },
    },
    {
      id: 505,
      key: "RS_SUMADIJA_WESTERN_SERBIA",
      countryId: 5,
      label: {
        cs: "Šumadija a západní Srbsko",
        sk: "Šumadija a západné Srbsko",
        en: "Šumadija and Western Serbia",
        de: "Šumadija und Westserbien",
      },
    },
    {
      id: 506,
      key: "RS_SOUTHERN_EASTERN_SERBIA",
      countryId: 5,
      label: {
        cs: "Jižní a východní Srbsko",
        sk: "Južné a východné Srbsko",
        en: "Southern and Eastern Serbia",
        de: "Süd- und Ostserbien",
      },
    },
    {
      id: 1401,
      key: "DE_SCHLESWIG_HOLSTEIN",
      countryId: 14,
      label: {
        cs: "Šlesvicko-Holštýnsko",
        sk: "Šlezvicko-Holštajnsko",
        en: "Schleswig-Holstein",
        de: "Schleswig-Holstein",
      },
    },
    {
      id: 1402,
      key: "DE_HAMBURG",
      countryId: 14,
      label: { cs: "Hamburk", sk: "Hamburg", en: "Hamburg", de: "Hamburg" },
    },
    {
      id: 1403,
      key: "DE_LOWER_SAXONY",
      countryId: 14,
      label: { cs: "Dolní Sasko", sk: "Dolné Sasko", en: "Lower Saxony", de: "Niedersachsen" },
    },
    {
      id: 1404,
      key: "DE_BREMEN",
      countryId: 14,
      label: { cs: "Brémy", sk: "Brémy", en: "Bremen", de: "Bremen" },
    },
    {
      id: 1405,
      key: "DE_NORTH_RHINE_WESTPHALIA",
      countryId: 14,
      label: {
        cs: "Severní Porýní-Vestfálsko",
        sk: "Severné Porýnie-Vestfálsko",
        en: "North Rhine-Westphalia",
        de: "Nordrhein-Westfalen",
      },
    },
    {
      id: 1406,
      key: "DE_HESSE",
      countryId: 14,
      label: { cs: "Hesensko", sk: "Hesensko", en: "Hesse", de: "Hessen" },
    },
    {
      id: 1407,
      key: "DE_RHINELAND_PALATINATE",
      countryId: 14,
      label: { cs: "Porýní-Falc", sk: "Porýnie-Falcko", en: "Rhineland-Palatinate", de: "Rheinland-Pfalz" },
    },
    {
      id: 1408,
      key: "DE_BADEN_WURTTEMBERG",
      countryId: 14,
      label: {
        cs: "Bádensko-Württembersko",
        sk: "Bádensko-Württembersko",
        en: "Baden-Württemberg",
        de: "Baden-Württemberg",
      },
    },
    {
      id: 1409,
      key: "DE_BAVARIA",
      countryId: 14,
      label: { cs: "Bavorsko", sk: "Bavorsko", en: "Bavaria", de: "Bayern" },
    },
    {
      id: 1410,
      key: "DE_SAARLAND",
      countryId: 14,
      label: { cs: "Sársko", sk: "Sársko", en: "Saarland", de: "Saarland" },
    },
    {
      id: 1411,
      key: "DE_BERLIN",
      countryId: 14,
      label: { cs: "Berlín", sk: "Berlín", en: "Berlin", de: "Berlin" },
    },
    {
      id: 1412,
      key: "DE_BRANDENBURG",
      countryId: 14,
      label: { cs: "Braniborsko", sk: "Brandenbursko", en: "Brandenburg", de: "Brandenburg" },
    },
    {
      id: 1413,
      key: "DE_MECKLENBURG_WESTERN_POMERANIA",
      countryId: 14,
      label: {
        cs: "Meklenbursko-Přední Pomořansko",
        sk: "Meklenbursko-Predné Pomoransko",
        en: "Mecklenburg-Western Pomerania",
        de: "Mecklenburg-Vorpommern",
      },
    },
    {
      id: 1414,
      key: "DE_SAXONY",
      countryId: 14,
      label: { cs: "Sasko", sk: "Sasko", en: "Saxony", de: "Sachsen" },
    },
    {
      id: 1415,
      key: "DE_SAXONY_ANHALT",
      countryId: 14,
      label: { cs: "Sasko-Anhaltsko", sk: "Sasko-Anhaltsko", en: "Saxony-Anhalt", de: "Sachsen-Anhalt" },
    },
    {
      id: 1416,
      key: "DE_THURINGIA",
      countryId: 14,
      label: { cs: "Durynsko", sk: "Durínsko", en: "Thuringia", de: "Thüringen" },
    },
    {
      id: 1501,
      key: "GR_EAST_MACEDONIA_THRACE",
      countryId: 15,
      label: {
        cs: "Východní Makedonie a Thrákie",
        sk: "Východná Macedónia a Trácia",
        en: "East Macedonia and Thrace",
        de: "Ostmakedonien und Thrakien",
      },
    },
    {
      id: 1502,
      key: "GR_CENTRAL_MACEDONIA",
      countryId: 15,
      label: {
        cs: "Střední Makedonie",
        sk: "Stredná Macedónia",
        en: "Central Macedonia",
        de: "Zentralmakedonien",
      },
    },
    {
      id: 1503,
      key: "GR_WEST_MACEDONIA",
      countryId: 15,
      label: { cs: "Západní Makedonie", sk: "Západná Macedónia", en: "West Macedonia", de: "Westmakedonien" },
    },
    {
      id: 1504,
      key: "GR_EPIRUS",
      countryId: 15,
      label: { cs: "Epirus", sk: "Epirus", en: "Epirus", de: "Epirus" },
    },
    {
      id: 1505,
      key: "GR_THESSALY",
      countryId: 15,
      label: { cs: "Thesálie", sk: "Tesália", en: "Thessaly", de: "Thessalien" },
    },
    {
      id: 1506,
      key: "GR_IONIAN_ISLANDS",
      countryId: 15,
      label: { cs: "Jónské ostrovy", sk: "Iónske ostrovy", en: "Ionian Islands", de: "Ionische Inseln" },
    },
    {
      id: 1507,
      key: "GR_WEST_GREECE",
      countryId: 15,
      label: { cs: "Západní Řecko", sk: "Západné Grécko", en: "West Greece", de: "Westgriechenland" },
    },
    {
      id: 1508,
      key: "GR_CENTRAL_GREECE",
      countryId: 15,
      label: { cs: "Střední Řecko", sk: "Stredné Grécko", en: "Central Greece", de: "Mittelgriechenland" },
    },
    {
      id: 1509,
      key: "GR_ATTICA",
      countryId: 15,
      label: { cs: "Attika", sk: "Atika", en: "Attica", de: "Attika" },
    },
    {
      id: 1510,
      key: "GR_PELOPONNESE",
      countryId: 15,
      label: { cs: "Peloponés", sk: "Peloponéz", en: "Peloponnese", de: "Peloponnes" },
    },
    {
      id: 1511,
      key: "GR_NORTH_AEGEAN",
      countryId: 15,
      label: {
        cs: "Severní Egeis",
        sk: "Severné Egejské ostrovy",
        en: "North Aegean",
        de: "Nördliche Ägäis",
      },
    },
    {
      id: 1512,
      key: "GR_SOUTH_AEGEAN",
      countryId: 15,
      label: { cs: "Jižní Egeis", sk: "Južné Egejské ostrovy", en: "South Aegean", de: "Südliche Ägäis" },
    },
    {
      id: 1513,
      key: "GR_CRETE",
      countryId: 15,
      label: { cs: "Kréta", sk: "Kréta", en: "Crete", de: "Kreta" },
    },
  ],
  { customThreshold: null },
);

/** One entry of the region enumeration. */
export type RegionEntry = (typeof region.entries)[number];
/** Id of a region. */
export type RegionId = RegionEntry["id"];

/** Regions of the country with this id, in enumeration order (empty when the country has none). */
export function regionsOfCountry(countryId: number): RegionEntry[] {
  return region.entries.filter((entry) => entry.countryId === countryId);
}
