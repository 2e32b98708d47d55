/** Venues of the demo catalog: every venue type, a seated theatre, an arena with a grandstand, standing areas. */
import { country, region, venueType } from "../../../lib/enums/index.ts";
import type { Localized } from "../schema.ts";
import { CITY, type DemoItem, type DemoPart, l, venuePhoto } from "./common.ts";
import { SECTOR, VENUE, VENUE_SLUG, type VenueKey } from "./keys.ts";
import { arenaStand, theatreSectors } from "./seating.ts";

type Venue = DemoItem<"venues">;

/** A venue of the demo catalog with its photo. */
function venue(
  key: VenueKey,
  hue: number,
  name: Localized,
  fields: Omit<Venue, "venueId" | "name" | "image">,
): Venue {
  return { venueId: VENUE[key], name, image: venuePhoto(VENUE_SLUG[key], hue, name), ...fields };
}

const CZ = country.id.CZE;
const SK = country.id.SVK;
const AT = country.id.AUT;

/** The demo venues. */
export function demoVenues(): DemoPart<"venues"> {
  return [
    venue("arena", 220, l("Aréna Holešovice", "Holešovice Arena", "Arena Holešovice", "Aréna Holešovice"), {
      venueTypeId: venueType.id.STADIUM,
      address: {
        street: "Za Elektrárnou 419",
        city: CITY.praha,
        postalCode: "170 00",
        countryId: CZ,
        regionId: region.id.CZ_PRAGUE,
      },
      geo: { lat: 50.1064, lng: 14.4286 },
      description: l(
        "Multifunkční hala pro velké koncerty s plochou pro 2 500 lidí a tribunou s 2 000 místy k sezení.",
        "A multi-purpose hall for big concerts with a standing floor for 2,500 people and a grandstand of 2,000 seats.",
        "Eine Mehrzweckhalle für große Konzerte mit Stehplätzen für 2.500 Menschen und einer Tribüne mit 2.000 Sitzplätzen.",
        "Multifunkčná hala pre veľké koncerty s plochou pre 2 500 ľudí a tribúnou s 2 000 miestami na sedenie.",
      ),
      sectors: [
        {
          sectorId: SECTOR.arenaFloor,
          name: l("Plocha – stání", "Floor – standing", "Innenraum – Stehplätze", "Plocha – státie"),
          kind: "standing",
          capacity: 2500,
          layout: { x: 0, y: 40, width: 400, height: 260 },
        },
        arenaStand(),
      ],
    }),
    venue("sklep", 280, l("Klub Sklep", "Sklep Club", "Klub Sklep", "Klub Sklep"), {
      venueTypeId: venueType.id.MUSIC_CLUB,
      address: {
        street: "Kounicova 20",
        city: CITY.brno,
        postalCode: "602 00",
        countryId: CZ,
        regionId: region.id.CZ_SOUTH_MORAVIAN,
      },
      geo: { lat: 49.2048, lng: 16.5985 },
      description: l(
        "Klenutý sklep v centru Brna, kde se hraje až do rána.",
        "A vaulted cellar in the centre of Brno where the music plays until morning.",
        "Ein Gewölbekeller im Zentrum von Brünn, in dem bis zum Morgen gespielt wird.",
        "Klenutá pivnica v centre Brna, kde sa hrá až do rána.",
      ),
    }),
    venue("trojhali", 15, l("Klub Trojhalí", "Trojhalí Club", "Klub Trojhalí", "Klub Trojhalí"), {
      venueTypeId: venueType.id.MUSIC_CLUB,
      address: {
        street: "Ruská 2993",
        city: CITY.ostrava,
        postalCode: "702 00",
        countryId: CZ,
        regionId: region.id.CZ_MORAVIAN_SILESIAN,
      },
      geo: { lat: 49.8311, lng: 18.2902 },
      description: l(
        "Klub v bývalé průmyslové hale v areálu Karolina.",
        "A club in a former industrial hall of the Karolina site.",
        "Ein Club in einer ehemaligen Industriehalle auf dem Karolina-Gelände.",
        "Klub v bývalej priemyselnej hale v areáli Karolina.",
      ),
    }),
    venue("dunaj", 200, l("Klub Dunaj", "Dunaj Club", "Klub Dunaj", "Klub Dunaj"), {
      venueTypeId: venueType.id.MUSIC_CLUB,
      address: {
        street: "Nedbalova 3",
        city: CITY.bratislava,
        postalCode: "811 01",
        countryId: SK,
        regionId: region.id.SK_BRATISLAVA,
      },
      geo: { lat: 48.1443, lng: 17.1097 },
      description: l(
        "Klub na střeše obchodního domu s výhledem na Staré Město.",
        "A rooftop club on a department store overlooking the Old Town.",
        "Ein Club auf dem Dach eines Kaufhauses mit Blick auf die Altstadt.",
        "Klub na streche obchodného domu s výhľadom na Staré Mesto.",
      ),
    }),
    venue(
      "jazz",
      45,
      l("Jazz Club Vinohrady", "Vinohrady Jazz Club", "Jazzclub Vinohrady", "Jazz Club Vinohrady"),
      {
        venueTypeId: venueType.id.MUSIC_CLUB,
        address: {
          street: "Mánesova 52",
          city: CITY.praha,
          postalCode: "120 00",
          countryId: CZ,
          regionId: region.id.CZ_PRAGUE,
        },
        geo: { lat: 50.0771, lng: 14.4384 },
        description: l(
          "Malý klub se stolky pro sto dvacet hostů a živou hudbou každý večer.",
          "A small club with tables for 120 guests and live music every night.",
          "Ein kleiner Club mit Tischen für 120 Gäste und Livemusik an jedem Abend.",
          "Malý klub so stolíkmi pre stodvadsať hostí a živou hudbou každý večer.",
        ),
      },
    ),
    venue(
      "divadlo",
      350,
      l("Divadlo Na Nábřeží", "Na Nábřeží Theatre", "Theater Na Nábřeží", "Divadlo Na Nábreží"),
      {
        venueTypeId: venueType.id.THEATER_CINEMA,
        address: {
          street: "Janáčkovo nábřeží 7",
          city: CITY.praha,
          postalCode: "150 00",
          countryId: CZ,
          regionId: region.id.CZ_PRAGUE,
        },
        geo: { lat: 50.0752, lng: 14.4093 },
        description: l(
          "Secesní divadlo u Vltavy s přízemím a balkonem.",
          "An Art Nouveau theatre on the Vltava with stalls and a balcony.",
          "Ein Jugendstiltheater an der Moldau mit Parkett und Balkon.",
          "Secesné divadlo pri Vltave s prízemím a balkónom.",
        ),
        sectors: theatreSectors(),
      },
    ),
    venue(
      "louka",
      95,
      l(
        "Festivalová louka Pálava",
        "Pálava Festival Meadow",
        "Festivalwiese Pálava",
        "Festivalová lúka Pálava",
      ),
      {
        venueTypeId: venueType.id.MEADOW_AREA,
        address: {
          street: "Pod Děvínem",
          city: CITY.pavlov,
          postalCode: "692 01",
          countryId: CZ,
          regionId: region.id.CZ_SOUTH_MORAVIAN,
        },
        geo: { lat: 48.8744, lng: 16.6546 },
        description: l(
          "Louka pod vápencovými skalami Pálavy se stanovým městečkem u jezera.",
          "A meadow below the limestone cliffs of Pálava with a tent village by the lake.",
          "Eine Wiese unter den Kalkfelsen von Pálava mit einem Zeltdorf am See.",
          "Lúka pod vápencovými skalami Pálavy so stanovým mestečkom pri jazere.",
        ),
      },
    ),
    venue("kemp", 130, l("Kemp Pod Hradem", "Pod Hradem Campsite", "Camping Pod Hradem", "Kemp Pod Hradem"), {
      venueTypeId: venueType.id.CAMP,
      address: {
        street: "U Rybníka 5",
        city: CITY.hrad,
        postalCode: "569 01",
        countryId: CZ,
        regionId: region.id.CZ_PARDUBICE,
      },
      geo: { lat: 49.7103, lng: 16.4832 },
      description: l(
        "Kemp u rybníka pod zříceninou hradu, s chatkami a velkým ohništěm.",
        "A lakeside campsite below a castle ruin, with cabins and a large fireplace.",
        "Ein Campingplatz am Teich unter einer Burgruine, mit Hütten und großer Feuerstelle.",
        "Kemp pri rybníku pod zrúcaninou hradu, s chatkami a veľkým ohniskom.",
      ),
    }),
    venue(
      "namestie",
      25,
      l(
        "Hlavní náměstí, Bratislava",
        "Main Square, Bratislava",
        "Hauptplatz, Bratislava",
        "Hlavné námestie, Bratislava",
      ),
      {
        venueTypeId: venueType.id.CITY,
        address: {
          street: "Hlavné námestie",
          city: CITY.bratislava,
          postalCode: "811 01",
          countryId: SK,
          regionId: region.id.SK_BRATISLAVA,
        },
        geo: { lat: 48.1437, lng: 17.1088 },
        description: l(
          "Srdce Starého Města se stánky, pódiem a ulicemi kolem.",
          "The heart of the Old Town with stalls, a stage and the streets around it.",
          "Das Herz der Altstadt mit Ständen, einer Bühne und den Gassen ringsum.",
          "Srdce Starého Mesta so stánkami, pódiom a uličkami okolo.",
        ),
      },
    ),
    venue(
      "kino",
      260,
      l(
        "Letní kino na hrázi",
        "Open-Air Cinema on the Embankment",
        "Sommerkino am Damm",
        "Letné kino na hrádzi",
      ),
      {
        venueTypeId: venueType.id.OUTDOOR_THEATER_CINEMA,
        address: {
          street: "Tyršovo nábrežie",
          city: CITY.bratislava,
          postalCode: "851 01",
          countryId: SK,
          regionId: region.id.SK_BRATISLAVA,
        },
        geo: { lat: 48.1389, lng: 17.1101 },
        description: l(
          "Plátno pod širým nebem na břehu Dunaje, lehátka a deky s sebou.",
          "An open-air screen on the bank of the Danube; bring deckchairs and blankets.",
          "Eine Leinwand unter freiem Himmel am Donauufer; Liegestühle und Decken mitbringen.",
          "Plátno pod holým nebom na brehu Dunaja, ležadlá a deky so sebou.",
        ),
      },
    ),
    venue(
      "durnstein",
      60,
      l("Staré město Dürnstein", "Dürnstein Old Town", "Altstadt Dürnstein", "Staré mesto Dürnstein"),
      {
        venueTypeId: venueType.id.CITY,
        address: {
          street: "Hauptstraße 1",
          city: CITY.duernstein,
          postalCode: "3601",
          countryId: AT,
          regionId: region.id.AT_LOWER_AUSTRIA,
        },
        geo: { lat: 48.3953, lng: 15.5203 },
        description: l(
          "Vinařské městečko ve Wachau, odkud vedou stezky mezi vinicemi.",
          "A wine town in the Wachau valley with trails through the vineyards.",
          "Ein Weinort in der Wachau, von dem Wege durch die Weingärten führen.",
          "Vinárske mestečko vo Wachau, odkiaľ vedú chodníky medzi vinicami.",
        ),
      },
    ),
    venue(
      "donauinsel",
      185,
      l(
        "Sportovní areál Dunajský ostrov",
        "Danube Island Sports Park",
        "Sportpark Donauinsel",
        "Športový areál Dunajský ostrov",
      ),
      {
        venueTypeId: venueType.id.STADIUM,
        address: {
          street: "Donauinsel Nord",
          city: CITY.wien,
          postalCode: "1210",
          countryId: AT,
          regionId: region.id.AT_VIENNA,
        },
        geo: { lat: 48.2505, lng: 16.3931 },
        description: l(
          "Písečné kurty s tribunou a místy k stání přímo u Dunaje.",
          "Sand courts with a grandstand and standing room right on the Danube.",
          "Sandplätze mit Tribüne und Stehplätzen direkt an der Donau.",
          "Piesočné kurty s tribúnou a miestami na státie priamo pri Dunaji.",
        ),
        sectors: [
          {
            sectorId: SECTOR.donauinselStand,
            name: l("Tribuna", "Grandstand", "Tribüne", "Tribúna"),
            kind: "seated",
            displayOrder: 0,
            layout: { x: 0, y: 0, width: 260, height: 90 },
            seatGrid: {
              rows: 8,
              seatsPerRow: 25,
              rowLabels: "numbers",
              originX: 5,
              originY: 5,
              spacingX: 10,
              spacingY: 10,
            },
          },
          {
            sectorId: SECTOR.donauinselStanding,
            name: l("Stání u kurtu", "Courtside standing", "Stehplätze am Platz", "Státie pri kurte"),
            kind: "standing",
            capacity: 1000,
            displayOrder: 1,
            layout: { x: 0, y: 100, width: 260, height: 60 },
          },
        ],
      },
    ),
  ];
}
