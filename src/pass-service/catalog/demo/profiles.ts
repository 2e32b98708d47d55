/** Bands and performers of the demo catalog: Czech, Slovak and Austrian acts, some people in several bands. */
import { country } from "../../../lib/enums/index.ts";
import type { Localized } from "../schema.ts";
import { avatar, bandPhoto, type DemoItem, type DemoPart, l, same } from "./common.ts";
import {
  BAND,
  BAND_SLUG,
  type BandKey,
  GALLERY,
  PERFORMER,
  PERFORMER_SLUG,
  type PerformerKey,
} from "./keys.ts";

type Band = DemoItem<"bands">;
type Performer = DemoItem<"performers">;

const GENRE = {
  indie: l("Indie rock", "Indie rock", "Indie-Rock", "Indie rock"),
  folkRock: l("Folk rock", "Folk rock", "Folk-Rock", "Folk rock"),
  hardRock: l("Hard rock", "Hard rock", "Hardrock", "Hard rock"),
  pop: same("Pop"),
  jazz: same("Jazz"),
  electronic: l("Elektronická hudba", "Electronic music", "Elektronische Musik", "Elektronická hudba"),
  percussion: l(
    "Perkuse a world music",
    "Percussion and world music",
    "Percussion und Weltmusik",
    "Perkusie a world music",
  ),
  brass: l("Dechová hudba", "Brass", "Blasmusik", "Dychová hudba"),
  folk: l("Lidová hudba", "Folk music", "Volksmusik", "Ľudová hudba"),
} as const;

/** A band with a photo and its web page (and a video channel when `video` is set). */
function band(
  key: BandKey,
  hue: number,
  name: Localized,
  genre: Localized,
  countryId: number,
  description: Localized,
  video = false,
): Band {
  const slug = BAND_SLUG[key];
  return {
    bandId: BAND[key],
    profileSlug: slug,
    name,
    genre,
    description,
    image: bandPhoto(slug, hue, name),
    countryId,
    links: [
      { kind: "web", url: `https://${slug}.example.com` },
      ...(video ? [{ kind: "youtube" as const, url: `https://video.example.com/@${slug}` }] : []),
    ],
  };
}

/** The demo bands. */
export function demoBands(): DemoPart<"bands"> {
  const CZ = country.id.CZE;
  return [
    {
      ...band(
        "polarni",
        220,
        same("Polární záře"),
        GENRE.indie,
        CZ,
        l(
          "Pražská indie rocková kapela, která zhudebňuje dlouhé severské noci.",
          "A Prague indie rock band that turns long northern nights into songs.",
          "Eine Prager Indie-Rock-Band, die lange nordische Nächte vertont.",
          "Pražská indie rocková kapela, ktorá zhudobňuje dlhé severské noci.",
        ),
        true,
      ),
      galleryId: GALLERY.polarni,
    },
    band(
      "straz",
      30,
      same("Hradní stráž"),
      GENRE.folkRock,
      CZ,
      l(
        "Folkrocková kapela z Vysočiny s houslemi a dudami.",
        "A folk rock band from the Vysočina highlands with fiddle and bagpipes.",
        "Eine Folk-Rock-Band aus dem Böhmisch-Mährischen Hochland mit Geige und Dudelsack.",
        "Folkrocková kapela z Vysočiny s husľami a gajdami.",
      ),
    ),
    band(
      "ocel",
      0,
      same("Ocelové srdce"),
      GENRE.hardRock,
      CZ,
      l(
        "Hardrocková čtveřice z Ostravy, hlasitá jako válcovna.",
        "A hard rock four-piece from Ostrava, as loud as a rolling mill.",
        "Ein Hardrock-Quartett aus Ostrau, so laut wie ein Walzwerk.",
        "Hardrocková štvorica z Ostravy, hlasná ako valcovňa.",
      ),
    ),
    band(
      "vlny",
      195,
      same("Dunajské vlny"),
      GENRE.pop,
      country.id.SVK,
      l(
        "Bratislavská popová kapela s melodiemi stvořenými pro léto.",
        "A Bratislava pop band with melodies made for summer.",
        "Eine Popband aus Bratislava mit Melodien für den Sommer.",
        "Bratislavská popová kapela s melódiami stvorenými pre leto.",
      ),
      true,
    ),
    band(
      "kvartet",
      45,
      same("Kvartet Vinohrady"),
      GENRE.jazz,
      CZ,
      l(
        "Jazzové kvarteto, které hraje standardy i vlastní skladby.",
        "A jazz quartet playing standards and its own tunes.",
        "Ein Jazzquartett, das Standards und eigene Stücke spielt.",
        "Jazzové kvarteto, ktoré hrá štandardy aj vlastné skladby.",
      ),
    ),
    band(
      "ovce",
      280,
      same("Elektrické ovce"),
      GENRE.electronic,
      CZ,
      l(
        "Elektronické duo, jehož koncerty jsou napůl párty a napůl světelná show.",
        "An electronic duo whose gigs are half party, half light show.",
        "Ein Elektronik-Duo, dessen Konzerte halb Party, halb Lichtshow sind.",
        "Elektronické duo, ktorého koncerty sú napoly párty a napoly svetelná šou.",
      ),
      true,
    ),
    band(
      "bubenici",
      75,
      same("Bubeníci z Pálavy"),
      GENRE.percussion,
      CZ,
      l(
        "Bubenický soubor, který na festivalu vede i workshop pro veřejnost.",
        "A drumming ensemble that also leads a public workshop at the festival.",
        "Ein Trommelensemble, das beim Festival auch einen offenen Workshop leitet.",
        "Bubenícky súbor, ktorý na festivale vedie aj workshop pre verejnosť.",
      ),
    ),
    band(
      "blechbande",
      50,
      same("Wiener Blechbande"),
      GENRE.brass,
      country.id.AUT,
      l(
        "Vídeňská dechovka, která mísí polku s funkem.",
        "A Viennese brass band mixing polka with funk.",
        "Eine Wiener Blaskapelle, die Polka mit Funk mischt.",
        "Viedenská dychovka, ktorá mieša polku s funkom.",
      ),
    ),
    band(
      "polana",
      110,
      l("Lidová muzika Poľana", "Poľana Folk Band", "Volksmusikgruppe Poľana", "Ľudová muzika Poľana"),
      GENRE.folk,
      country.id.SVK,
      l(
        "Slovenská lidová muzika z Podpolaní s fujarou a cimbálem.",
        "Slovak folk musicians from the Poľana region with fujara and cimbalom.",
        "Slowakische Volksmusik aus der Region Poľana mit Fujara und Zymbal.",
        "Slovenská ľudová muzika z Podpoľania s fujarou a cimbalom.",
      ),
    ),
  ];
}

/** A performer with a portrait and a web page. */
function performer(
  key: PerformerKey,
  hue: number,
  name: string,
  role: Localized,
  countryId: number,
  bands: BandKey[],
  description: Localized,
): Performer {
  const slug = PERFORMER_SLUG[key];
  return {
    performerId: PERFORMER[key],
    profileSlug: slug,
    name: same(name),
    role,
    description,
    image: avatar(slug, hue, same(name)),
    countryId,
    links: [{ kind: "web", url: `https://${slug}.example.com` }],
    bandIds: bands.map((b) => BAND[b]),
  };
}

/** The demo performers; most are members of demo bands. */
export function demoPerformers(): DemoPart<"performers"> {
  const CZ = country.id.CZE;
  const SK = country.id.SVK;
  return [
    performer(
      "klara",
      330,
      "Klára Horáková",
      l("Zpěv", "Vocals", "Gesang", "Spev"),
      CZ,
      ["polarni"],
      l(
        "Zpěvačka a textařka kapely Polární záře.",
        "Singer and lyricist of the band Polární záře.",
        "Sängerin und Texterin der Band Polární záře.",
        "Speváčka a textárka kapely Polární záře.",
      ),
    ),
    performer(
      "tomas",
      210,
      "Tomáš Beneš",
      l("Kytara", "Guitar", "Gitarre", "Gitara"),
      CZ,
      ["polarni", "straz"],
      l(
        "Kytarista, který hraje v kapelách Polární záře i Hradní stráž.",
        "A guitarist who plays in both Polární záře and Hradní stráž.",
        "Ein Gitarrist, der bei Polární záře und bei Hradní stráž spielt.",
        "Gitarista, ktorý hrá v kapelách Polární záře aj Hradní stráž.",
      ),
    ),
    performer(
      "martin",
      270,
      "Martin Kováč",
      l("DJ a producent", "DJ and producer", "DJ und Produzent", "DJ a producent"),
      SK,
      ["ovce"],
      l(
        "Producent a polovina dua Elektrické ovce, za pultem od osmnácti let.",
        "Producer and one half of Elektrické ovce, behind the decks since the age of eighteen.",
        "Produzent und eine Hälfte von Elektrické ovce, seit seinem achtzehnten Lebensjahr am Pult.",
        "Producent a polovica dua Elektrické ovce, za pultom od osemnástich rokov.",
      ),
    ),
    performer(
      "jana",
      40,
      "Jana Dvořáková",
      l("Saxofon", "Saxophone", "Saxofon", "Saxofón"),
      CZ,
      ["kvartet"],
      l(
        "Saxofonistka Kvartetu Vinohrady a pedagožka jazzové konzervatoře.",
        "Saxophonist of Kvartet Vinohrady and a teacher at the jazz conservatory.",
        "Saxofonistin des Kvartet Vinohrady und Lehrerin am Jazzkonservatorium.",
        "Saxofonistka Kvartetu Vinohrady a pedagogička jazzového konzervatória.",
      ),
    ),
    performer(
      "lukas",
      55,
      "Lukas Gruber",
      l("Trubka", "Trumpet", "Trompete", "Trúbka"),
      country.id.AUT,
      ["blechbande"],
      l(
        "Trumpetista a kapelník Wiener Blechbande.",
        "Trumpeter and bandleader of the Wiener Blechbande.",
        "Trompeter und Kapellmeister der Wiener Blechbande.",
        "Trúbkar a kapelník Wiener Blechbande.",
      ),
    ),
    performer(
      "petra",
      300,
      "Petra Šimková",
      l("Moderátorka", "Host", "Moderatorin", "Moderátorka"),
      CZ,
      [],
      l(
        "Rozhlasová moderátorka, která provází programem hlavní scény.",
        "A radio presenter who hosts the programme of the main stage.",
        "Eine Radiomoderatorin, die durch das Programm der Hauptbühne führt.",
        "Rozhlasová moderátorka, ktorá sprevádza programom hlavnej scény.",
      ),
    ),
    performer(
      "jiri",
      5,
      "Jiří Procházka",
      l("Herec", "Actor", "Schauspieler", "Herec"),
      CZ,
      [],
      l(
        "Herec Divadla Na Nábřeží, v Lakomci hraje Harpagona.",
        "An actor of the Na Nábřeží Theatre who plays Harpagon in The Miser.",
        "Ein Schauspieler des Theaters Na Nábřeží, der im „Geizigen“ den Harpagon spielt.",
        "Herec Divadla Na Nábreží, v Lakomcovi hrá Harpagona.",
      ),
    ),
    performer(
      "zuzana",
      180,
      "Zuzana Hudáková",
      l("Zpěv", "Vocals", "Gesang", "Spev"),
      SK,
      ["vlny", "polana"],
      l(
        "Zpěvačka Dunajských vln, která se ráda vrací k lidovým písním.",
        "Singer of Dunajské vlny who loves returning to folk songs.",
        "Sängerin von Dunajské vlny, die gern zu Volksliedern zurückkehrt.",
        "Speváčka Dunajských vĺn, ktorá sa rada vracia k ľudovým piesňam.",
      ),
    ),
  ];
}
