/** Photo galleries of the demo catalog (of events and of a band). */
import { stableId } from "../ids.ts";
import type { Localized } from "../schema.ts";
import { type DemoItem, type DemoPart, galleryPhoto, l } from "./common.ts";
import { GALLERY, GALLERY_SLUG, type GalleryKey } from "./keys.ts";

/** A gallery whose photos are drawn from its slug; each caption is also the photo's alt text. */
function gallery(
  key: GalleryKey,
  hue: number,
  name: Localized,
  description: Localized,
  captions: Localized[],
): DemoItem<"galleries"> {
  const slug = GALLERY_SLUG[key];
  return {
    galleryId: GALLERY[key],
    name,
    description,
    images: captions.map((caption, i) => ({
      imageId: stableId("gallery-image", slug, String(i + 1)),
      image: galleryPhoto(`${slug}-${i + 1}`, (hue + i * 25) % 360, caption),
      caption,
      displayOrder: i,
    })),
  };
}

/** The demo galleries, four to six photos each. */
export function demoGalleries(): DemoPart<"galleries"> {
  return [
    gallery(
      "warmUp",
      280,
      l(
        "Louka Warm-up Party – fotky",
        "Louka Warm-up Party – photos",
        "Louka Warm-up Party – Fotos",
        "Louka Warm-up Party – fotky",
      ),
      l(
        "Jak jsme v Brně rozehřáli sezónu před festivalem.",
        "How we warmed up the season in Brno before the festival.",
        "Wie wir in Brünn die Saison vor dem Festival eingeläutet haben.",
        "Ako sme v Brne rozohriali sezónu pred festivalom.",
      ),
      [
        l(
          "Plný sklep před půlnocí",
          "A packed cellar before midnight",
          "Ein voller Keller vor Mitternacht",
          "Plná pivnica pred polnocou",
        ),
        l(
          "Elektrické ovce za pultem",
          "Elektrické ovce on the decks",
          "Elektrické ovce am DJ-Pult",
          "Elektrické ovce za pultom",
        ),
        l(
          "Světelná show nad parketem",
          "The light show above the dance floor",
          "Die Lichtshow über der Tanzfläche",
          "Svetelná šou nad parketom",
        ),
        l(
          "Losování festivalových vstupenek",
          "The festival ticket raffle",
          "Die Verlosung der Festivaltickets",
          "Žrebovanie festivalových vstupeniek",
        ),
        l(
          "Poslední písnička v pět ráno",
          "The last song at five in the morning",
          "Der letzte Song um fünf Uhr morgens",
          "Posledná pesnička o piatej ráno",
        ),
      ],
    ),
    gallery(
      "festival",
      95,
      l(
        "Louka Open Air – minulý ročník",
        "Louka Open Air – last year",
        "Louka Open Air – letztes Jahr",
        "Louka Open Air – minulý ročník",
      ),
      l(
        "Tři dny hudby pod Pálavou očima festivalových fotografů.",
        "Three days of music below Pálava through the eyes of the festival photographers.",
        "Drei Tage Musik unter den Pollauer Bergen, gesehen von den Festivalfotografen.",
        "Tri dni hudby pod Pálavou očami festivalových fotografov.",
      ),
      [
        l(
          "Hlavní scéna při západu slunce",
          "The main stage at sunset",
          "Die Hauptbühne bei Sonnenuntergang",
          "Hlavná scéna pri západe slnka",
        ),
        l(
          "Stanové městečko u jezera",
          "The tent village by the lake",
          "Das Zeltdorf am See",
          "Stanové mestečko pri jazere",
        ),
        l(
          "Bubenický workshop v lese",
          "The drumming workshop in the woods",
          "Der Trommelworkshop im Wald",
          "Bubenícky workshop v lese",
        ),
        l(
          "Publikum pod pódiem",
          "The crowd in front of the stage",
          "Das Publikum vor der Bühne",
          "Publikum pod pódiom",
        ),
        l(
          "Ranní káva v kempu",
          "Morning coffee at the campsite",
          "Morgenkaffee auf dem Campingplatz",
          "Ranná káva v kempe",
        ),
        l("Ohňostroj na závěr", "Fireworks at the finale", "Feuerwerk zum Abschluss", "Ohňostroj na záver"),
      ],
    ),
    gallery(
      "polarni",
      220,
      l("Polární záře na koncertech", "Polární záře live", "Polární záře live", "Polární záře na koncertoch"),
      l(
        "Fotky z posledních koncertů kapely.",
        "Photos from the band's latest concerts.",
        "Fotos von den letzten Konzerten der Band.",
        "Fotky z posledných koncertov kapely.",
      ),
      [
        l(
          "Klára Horáková u mikrofonu",
          "Klára Horáková at the microphone",
          "Klára Horáková am Mikrofon",
          "Klára Horáková pri mikrofóne",
        ),
        l(
          "Kytarové sólo Tomáše Beneše",
          "Tomáš Beneš's guitar solo",
          "Gitarrensolo von Tomáš Beneš",
          "Gitarové sólo Tomáša Beneša",
        ),
        l(
          "Modré světlo nad halou",
          "Blue light above the hall",
          "Blaues Licht über der Halle",
          "Modré svetlo nad halou",
        ),
        l(
          "Přídavek s celým sálem",
          "An encore with the whole hall",
          "Eine Zugabe mit dem ganzen Saal",
          "Prídavok s celou sálou",
        ),
      ],
    ),
    gallery(
      "exhibition",
      350,
      l(
        "Ukázky z výstavy",
        "Highlights of the exhibition",
        "Einblicke in die Ausstellung",
        "Ukážky z výstavy",
      ),
      l(
        "Několik plakátů, které uvidíte ve foyer.",
        "A few of the posters you will see in the foyer.",
        "Einige der Plakate, die Sie im Foyer sehen werden.",
        "Niekoľko plagátov, ktoré uvidíte vo foyeri.",
      ),
      [
        l(
          "Secesní plakát k premiéře",
          "An Art Nouveau premiere poster",
          "Ein Jugendstilplakat zur Premiere",
          "Secesný plagát k premiére",
        ),
        l(
          "Plakát z dvacátých let",
          "A poster from the 1920s",
          "Ein Plakat aus den Zwanzigerjahren",
          "Plagát z dvadsiatych rokov",
        ),
        l(
          "Ručně tištěný sítotisk",
          "A hand-pulled screen print",
          "Ein handgedruckter Siebdruck",
          "Ručne tlačená sieťotlač",
        ),
        l(
          "Plakát k dětskému představení",
          "A poster for a children's show",
          "Ein Plakat für ein Kinderstück",
          "Plagát k detskému predstaveniu",
        ),
      ],
    ),
  ];
}
