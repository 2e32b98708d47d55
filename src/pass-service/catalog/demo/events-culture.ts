/** Theatre, culture, wine and sports events of the demo catalog (Prague, Bratislava, Lower Austria, Vienna). */
import { currency, eventCategory, eventKind, eventSize, eventType } from "../../../lib/enums/index.ts";
import { type DemoPart, demoEvent, l, lineupOf, PAY, payments, performersOf } from "./common.ts";
import { GALLERY, GROUP, VENUE } from "./keys.ts";
import type { DemoContext } from "./time.ts";

const C = eventCategory.id;

/** Events of the Na Nábřeží Theatre: a seated play, a children's show and a months-long exhibition. */
export function demoTheatreEvents(ctx: DemoContext): DemoPart<"events"> {
  const { day } = ctx;
  const season = { venueId: VENUE.divadlo, eventGroupIds: [GROUP.season], eventTypeId: eventType.id.TICKETS };
  return [
    demoEvent("miser", "divadlo", 350, l("Lakomec", "The Miser", "Der Geizige", "Lakomec"), {
      ...season,
      description: l(
        "Molièrova komedie o lakotě a lásce v nové inscenaci s Jiřím Procházkou jako Harpagonem.",
        "Molière's comedy of greed and love in a new staging, with Jiří Procházka as Harpagon.",
        "Molières Komödie über Geiz und Liebe in einer Neuinszenierung mit Jiří Procházka als Harpagon.",
        "Molièrova komédia o lakomstve a láske v novej inscenácii s Jiřím Procházkom ako Harpagonom.",
      ),
      startsAt: day(14, 18),
      endsAt: day(14, 20, 30),
      doorsAt: day(14, 17, 30),
      eventCategoryIds: [C.THEATER, C.CULTURE],
      eventSizeId: eventSize.id.MEDIUM,
      flags: { popular: false, ourSelection: true, special: false },
      paymentMethods: payments([PAY.card, PAY.bank, PAY.applePay, PAY.googlePay]),
      performers: performersOf(["jiri"]),
    }),
    demoEvent(
      "littlePrince",
      "divadlo",
      45,
      l("Malý princ", "The Little Prince", "Der kleine Prinz", "Malý princ"),
      {
        ...season,
        description: l(
          "Pohádka pro děti od pěti let podle Saint-Exupéryho, s loutkami a živou hudbou.",
          "A show for children aged five and up after Saint-Exupéry, with puppets and live music.",
          "Ein Stück für Kinder ab fünf Jahren nach Saint-Exupéry, mit Puppen und Livemusik.",
          "Rozprávka pre deti od piatich rokov podľa Saint-Exupéryho, s bábkami a živou hudbou.",
        ),
        startsAt: day(9, 9),
        endsAt: day(9, 10, 15),
        doorsAt: day(9, 8, 30),
        eventCategoryIds: [C.THEATER, C.CHILDREN],
        eventSizeId: eventSize.id.SMALL,
        paymentMethods: payments([PAY.card, PAY.bank]),
      },
    ),
    demoEvent(
      "exhibition",
      "divadlo",
      15,
      l(
        "Sto let divadelních plakátů",
        "A Hundred Years of Theatre Posters",
        "Hundert Jahre Theaterplakate",
        "Sto rokov divadelných plagátov",
      ),
      {
        ...season,
        description: l(
          "Výstava plakátů z archivu divadla ve foyer, otevřeno denně po celou sezónu.",
          "An exhibition of posters from the theatre's archive in the foyer, open daily all season.",
          "Eine Ausstellung von Plakaten aus dem Theaterarchiv im Foyer, täglich geöffnet die ganze Saison.",
          "Výstava plagátov z archívu divadla vo foyeri, otvorené denne počas celej sezóny.",
        ),
        startsAt: day(-45, 8),
        endsAt: day(120, 17),
        eventKindId: eventKind.id.LONG_TERM,
        eventCategoryIds: [C.CULTURE],
        eventSizeId: eventSize.id.SMALL,
        flags: { popular: false, ourSelection: true, special: false },
        galleryIds: [GALLERY.exhibition],
        paymentMethods: payments([PAY.card, PAY.bank]),
      },
    ),
  ];
}

/** Events of the Bratislava Cultural Summer (in euros): a wine tasting going on now, street theatre, cinema. */
export function demoSummerEvents(ctx: DemoContext): DemoPart<"events"> {
  const { day, fromNow } = ctx;
  const eur = { currencyId: currency.id.EUR, eventTypeId: eventType.id.TICKETS };
  return [
    demoEvent(
      "wineTasting",
      "leto",
      330,
      l(
        "Degustace vín Malých Karpat",
        "Little Carpathians Wine Tasting",
        "Weinverkostung der Kleinen Karpaten",
        "Degustácia vín Malých Karpát",
      ),
      {
        ...eur,
        venueId: VENUE.namestie,
        description: l(
          "Dvanáct vinařství z Malých Karpat nalévá na Hlavním náměstí právě teď.",
          "Twelve wineries from the Little Carpathians are pouring on the Main Square right now.",
          "Zwölf Weingüter aus den Kleinen Karpaten schenken gerade auf dem Hauptplatz aus.",
          "Dvanásť vinárstiev z Malých Karpát nalieva na Hlavnom námestí práve teraz.",
        ),
        startsAt: fromNow(-1),
        endsAt: fromNow(3),
        eventCategoryIds: [C.WINE, C.GASTRO],
        eventSizeId: eventSize.id.SMALL,
        flags: { popular: true, ourSelection: false, special: false },
        paymentMethods: payments([PAY.card, PAY.googlePay, PAY.applePay]),
      },
    ),
    demoEvent(
      "streetTheatre",
      "leto",
      25,
      l(
        "Festival pouličního divadla",
        "Street Theatre Festival",
        "Straßentheaterfestival",
        "Festival pouličného divadla",
      ),
      {
        ...eur,
        venueId: VENUE.namestie,
        description: l(
          "Tři dny žonglérů, loutek a akrobatů v ulicích Starého Města, večer lidová muzika.",
          "Three days of jugglers, puppets and acrobats in the Old Town streets, with folk music at night.",
          "Drei Tage Jongleure, Puppen und Akrobaten in den Gassen der Altstadt, abends Volksmusik.",
          "Tri dni žonglérov, bábok a akrobatov v uliciach Starého Mesta, večer ľudová muzika.",
        ),
        startsAt: day(50, 8),
        endsAt: day(52, 20),
        eventCategoryIds: [C.THEATER, C.CHILDREN, C.CULTURE],
        eventSizeId: eventSize.id.MEDIUM,
        flags: { popular: true, ourSelection: false, special: false },
        paymentMethods: payments([PAY.card, PAY.bank, PAY.clickToPay]),
        lineup: lineupOf(["polana"]),
        performers: performersOf([], ["zuzana"]),
      },
    ),
    demoEvent(
      "openAirCinema",
      "leto",
      260,
      l(
        "Letní kino na hrázi",
        "Open-Air Cinema on the Embankment",
        "Sommerkino am Damm",
        "Letné kino na hrádzi",
      ),
      {
        ...eur,
        venueId: VENUE.kino,
        description: l(
          "Slovenská filmová klasika na plátně u Dunaje, začínáme se setměním.",
          "Slovak film classics on a screen by the Danube, starting at dusk.",
          "Slowakische Filmklassiker auf einer Leinwand an der Donau, Beginn bei Einbruch der Dunkelheit.",
          "Slovenská filmová klasika na plátne pri Dunaji, začíname so zotmením.",
        ),
        startsAt: day(30, 19),
        endsAt: day(30, 21, 30),
        eventCategoryIds: [C.CULTURE],
        eventSizeId: eventSize.id.MEDIUM,
        paymentMethods: payments([PAY.card, PAY.googlePay, PAY.applePay]),
      },
    ),
  ];
}

/** Events of Donau Events (in euros, Vienna time): a wine hike in the Wachau and a beach volleyball cup. */
export function demoDonauEvents(ctx: DemoContext): DemoPart<"events"> {
  const { day } = ctx;
  const eur = { currencyId: currency.id.EUR, eventTypeId: eventType.id.TICKETS, timezone: "Europe/Vienna" };
  return [
    demoEvent(
      "wineHike",
      "donau",
      60,
      l("Vinařská túra Wachau", "Wachau Wine Hike", "Wachauer Weinwandertag", "Vinárska túra Wachau"),
      {
        ...eur,
        venueId: VENUE.durnstein,
        description: l(
          "Dvanáct kilometrů mezi vinicemi s ochutnávkou u osmi vinařů a dechovkou v cíli.",
          "Twelve kilometres through the vineyards with tastings at eight winegrowers and a brass band at the finish.",
          "Zwölf Kilometer durch die Weingärten mit Verkostung bei acht Winzern und Blasmusik im Ziel.",
          "Dvanásť kilometrov medzi vinicami s ochutnávkou u ôsmich vinárov a dychovkou v cieli.",
        ),
        startsAt: day(45, 7),
        endsAt: day(45, 16),
        eventCategoryIds: [C.WINE, C.GASTRO, C.SPORTS],
        eventSizeId: eventSize.id.MEDIUM,
        flags: { popular: false, ourSelection: false, special: true },
        paymentMethods: payments([PAY.card, PAY.bank, PAY.clickToPay]),
        lineup: lineupOf(["blechbande"]),
        performers: performersOf(["lukas"]),
      },
    ),
    demoEvent(
      "beachVolley",
      "donau",
      185,
      l(
        "Beachvolejbalový pohár Dunajský ostrov",
        "Danube Island Beach Volleyball Cup",
        "Beachvolleyball-Cup Donauinsel",
        "Beachvolejbalový pohár Dunajský ostrov",
      ),
      {
        ...eur,
        venueId: VENUE.donauinsel,
        description: l(
          "Dva dny turnaje nejlepších párů ze střední Evropy, tribuna i stání u kurtu.",
          "Two days of the best pairs from Central Europe, with grandstand seats and courtside standing.",
          "Zwei Turniertage mit den besten Paaren Mitteleuropas, Tribüne und Stehplätze am Platz.",
          "Dva dni turnaja najlepších dvojíc zo strednej Európy, tribúna aj státie pri kurte.",
        ),
        startsAt: day(80, 8),
        endsAt: day(81, 18),
        eventCategoryIds: [C.SPORTS],
        eventSizeId: eventSize.id.LARGE,
        flags: { popular: false, ourSelection: true, special: false },
        paymentMethods: payments([PAY.card, PAY.googlePay, PAY.applePay, PAY.clickToPay]),
      },
    ),
  ];
}
