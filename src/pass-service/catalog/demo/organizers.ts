/** Organizers, their tours (event groups) and partners of the demo catalog. */
import { country, region } from "../../../lib/enums/index.ts";
import { stableId } from "../ids.ts";
import { CITY, type DemoPart, l, logo, poster, same } from "./common.ts";
import { EVENT, GROUP, GROUP_SLUG, ORG, ORG_SLUG } from "./keys.ts";
import { demoLegal } from "./legal.ts";

const VLTAVA = l(
  "Hudební agentura Vltava",
  "Vltava Music Agency",
  "Musikagentur Vltava",
  "Hudobná agentúra Vltava",
);
const LOUKA = same("Louka Open Air");
const DIVADLO = l("Divadlo Na Nábřeží", "Na Nábřeží Theatre", "Theater Na Nábřeží", "Divadlo Na Nábreží");
const LETO = l(
  "Kulturní léto Bratislava",
  "Bratislava Cultural Summer",
  "Bratislavaer Kultursommer",
  "Kultúrne leto Bratislava",
);
const DONAU = same("Donau Events");

/** The demo organizers: three Czech (with bank accounts), one Slovak, one Austrian. */
export function demoOrganizers(): DemoPart<"organizers"> {
  return [
    {
      organizerId: ORG.vltava,
      organizerSlug: ORG_SLUG.vltava,
      name: VLTAVA,
      description: l(
        "Pořádáme koncerty a turné českých kapel po celé republice i na Slovensku.",
        "We organise concerts and tours of Czech bands across the Czech Republic and Slovakia.",
        "Wir veranstalten Konzerte und Tourneen tschechischer Bands in ganz Tschechien und der Slowakei.",
        "Organizujeme koncerty a turné českých kapiel po celom Česku aj na Slovensku.",
      ),
      logo: logo(ORG_SLUG.vltava, 210, VLTAVA),
      web: "https://vltava.example.com",
      email: "info@vltava.example.com",
      phone: "+420222123456",
      countryId: country.id.CZE,
      address: {
        street: "Karlínské náměstí 12",
        city: CITY.praha,
        postalCode: "186 00",
        countryId: country.id.CZE,
        regionId: region.id.CZ_PRAGUE,
      },
      bankAccount: { accountNumber: "2900123451/2010", iban: "CZ2720100000002900123451", bic: "FIOBCZPPXXX" },
      ...demoLegal("Hudební agentura Vltava s.r.o. (příklad)", {
        companyId: "27604977",
        vatId: "CZ27604977",
      }),
    },
    {
      organizerId: ORG.louka,
      organizerSlug: ORG_SLUG.louka,
      name: LOUKA,
      description: l(
        "Třídenní hudební festival pod Pálavou s kempem, řemeslným pivem a programem pro rodiny.",
        "A three-day music festival below the Pálava hills with camping, craft beer and a family programme.",
        "Ein dreitägiges Musikfestival unter den Pollauer Bergen mit Camping, Craft-Bier und Familienprogramm.",
        "Trojdňový hudobný festival pod Pálavou s kempom, remeselným pivom a programom pre rodiny.",
      ),
      logo: logo(ORG_SLUG.louka, 95, LOUKA),
      web: "https://louka-open-air.example.com",
      email: "festival@louka-open-air.example.com",
      phone: "+420519123456",
      countryId: country.id.CZE,
      address: {
        street: "Valtická 1",
        city: CITY.pavlov,
        postalCode: "692 01",
        countryId: country.id.CZE,
        regionId: region.id.CZ_SOUTH_MORAVIAN,
      },
      bankAccount: { accountNumber: "2100456792/2010", iban: "CZ9820100000002100456792", bic: "FIOBCZPPXXX" },
      ...demoLegal("Louka Open Air z.s. (příklad)", { companyId: "07412345" }),
    },
    {
      organizerId: ORG.divadlo,
      organizerSlug: ORG_SLUG.divadlo,
      name: DIVADLO,
      description: l(
        "Komorní pražská scéna s klasikou, pohádkami pro děti a výstavami ve foyer.",
        "An intimate Prague stage for classics, children's shows and exhibitions in the foyer.",
        "Eine intime Prager Bühne für Klassiker, Kindervorstellungen und Ausstellungen im Foyer.",
        "Komorná pražská scéna s klasikou, rozprávkami pre deti a výstavami vo foyeri.",
      ),
      logo: logo(ORG_SLUG.divadlo, 350, DIVADLO),
      web: "https://divadlo-na-nabrezi.example.com",
      email: "pokladna@divadlo-na-nabrezi.example.com",
      phone: "+420257123456",
      countryId: country.id.CZE,
      address: {
        street: "Janáčkovo nábřeží 7",
        city: CITY.praha,
        postalCode: "150 00",
        countryId: country.id.CZE,
        regionId: region.id.CZ_PRAGUE,
      },
      bankAccount: { accountNumber: "19-2000145399/0800", iban: "CZ6508000000192000145399", bic: "GIBACZPX" },
      ...demoLegal("Divadlo Na Nábřeží o.p.s. (příklad)", { companyId: "26512345", vatId: "CZ26512345" }),
    },
    {
      organizerId: ORG.leto,
      organizerSlug: ORG_SLUG.leto,
      name: LETO,
      description: l(
        "Letní kulturní program v ulicích Bratislavy: pouliční divadlo, kino pod širým nebem a degustace vín.",
        "A summer culture programme in the streets of Bratislava: street theatre, open-air cinema and wine tastings.",
        "Ein sommerliches Kulturprogramm in Bratislava: Straßentheater, Open-Air-Kino und Weinverkostungen.",
        "Letný kultúrny program v uliciach Bratislavy: pouličné divadlo, kino pod holým nebom a degustácie vín.",
      ),
      logo: logo(ORG_SLUG.leto, 30, LETO),
      web: "https://kulturneleto.example.com",
      email: "info@kulturneleto.example.com",
      phone: "+421252123456",
      countryId: country.id.SVK,
      address: {
        street: "Hlavné námestie 1",
        city: CITY.bratislava,
        postalCode: "811 01",
        countryId: country.id.SVK,
        regionId: region.id.SK_BRATISLAVA,
      },
      ...demoLegal("Kultúrne leto Bratislava, n.o. (príklad)", {
        companyId: "52123456",
        vatId: "SK2121234567",
      }),
    },
    {
      organizerId: ORG.donau,
      organizerSlug: ORG_SLUG.donau,
      name: DONAU,
      description: l(
        "Vinařské túry ve Wachau a sportovní akce na vídeňském Dunajském ostrově.",
        "Wine hikes in the Wachau valley and sports events on Vienna's Danube Island.",
        "Weinwanderungen in der Wachau und Sportevents auf der Wiener Donauinsel.",
        "Vinárske túry vo Wachau a športové podujatia na viedenskom Dunajskom ostrove.",
      ),
      logo: logo(ORG_SLUG.donau, 190, DONAU),
      web: "https://donau-events.example.com",
      email: "office@donau-events.example.com",
      phone: "+4312165432",
      countryId: country.id.AUT,
      address: {
        street: "Handelskai 94",
        city: CITY.wien,
        postalCode: "1200",
        countryId: country.id.AUT,
        regionId: region.id.AT_VIENNA,
      },
      ...demoLegal("Donau Events GmbH (Beispiel)", { vatId: "ATU12345678" }),
    },
  ];
}

const TOUR = l(
  "Polární záře – turné Na sever",
  "Polární záře – Heading North Tour",
  "Polární záře – Tournee „Nach Norden“",
  "Polární záře – turné Na sever",
);

/** The demo event groups: the band tour, the festival's events, the theatre season and a hidden tour. */
export function demoEventGroups(): DemoPart<"eventGroups"> {
  return [
    {
      eventGroupId: GROUP.tour,
      eventGroupSlug: GROUP_SLUG.tour,
      organizerId: ORG.vltava,
      namePub: TOUR,
      description: l(
        "Kapela Polární záře vyráží s novým albem Na sever do Prahy, Brna, Ostravy a Bratislavy.",
        "The band Polární záře takes its new album to Prague, Brno, Ostrava and Bratislava.",
        "Die Band Polární záře bringt ihr neues Album nach Prag, Brünn, Ostrau und Bratislava.",
        "Kapela Polární záře vyráža s novým albumom Na sever do Prahy, Brna, Ostravy a Bratislavy.",
      ),
      poster: poster(GROUP_SLUG.tour, 220, TOUR),
    },
    {
      eventGroupId: GROUP.festival,
      eventGroupSlug: GROUP_SLUG.festival,
      organizerId: ORG.louka,
      namePub: l(
        "Akce Louka Open Air",
        "Louka Open Air events",
        "Louka-Open-Air-Events",
        "Podujatia Louka Open Air",
      ),
      description: l(
        "Festival, předfestivalová párty a dobíjení kreditu na festivalový čip.",
        "The festival, its warm-up party and top-ups of the festival chip.",
        "Das Festival, die Warm-up-Party und das Aufladen des Festival-Chips.",
        "Festival, predfestivalová párty a dobíjanie kreditu na festivalový čip.",
      ),
    },
    {
      eventGroupId: GROUP.season,
      eventGroupSlug: GROUP_SLUG.season,
      organizerId: ORG.divadlo,
      namePub: l("Divadelní sezóna", "Theatre season", "Theatersaison", "Divadelná sezóna"),
      description: l(
        "Činohra, pohádka pro děti a výstava ve foyer v jedné sezóně.",
        "Drama, a children's show and an exhibition in the foyer in one season.",
        "Schauspiel, ein Kinderstück und eine Ausstellung im Foyer in einer Saison.",
        "Činohra, rozprávka pre deti a výstava vo foyeri v jednej sezóne.",
      ),
    },
    {
      eventGroupId: GROUP.upcoming,
      eventGroupSlug: GROUP_SLUG.upcoming,
      organizerId: ORG.vltava,
      namePub: l("Připravované turné", "Upcoming tour", "Geplante Tournee", "Pripravované turné"),
      visible: false,
    },
  ];
}

const partnerId = (slug: string) => stableId("org-partner", slug);

/** Partners of the festival and of the tour. */
export function demoOrgPartners(): DemoPart<"orgPartners"> {
  const brewery = l("Pivovar Pálava", "Pálava Brewery", "Brauerei Pálava", "Pivovar Pálava");
  const radioSouth = l("Rádio Jih", "Radio South", "Radio Süd", "Rádio Juh");
  const radioNorth = l("Rádio Sever", "Radio North", "Radio Nord", "Rádio Sever");
  return [
    {
      orgPartnerId: partnerId("pivovar-palava"),
      organizerId: ORG.louka,
      name: brewery,
      description: l(
        "Oficiální pivo festivalu, vaříme ho deset kilometrů od louky.",
        "The festival's official beer, brewed ten kilometres from the meadow.",
        "Das offizielle Festivalbier, gebraut zehn Kilometer von der Wiese entfernt.",
        "Oficiálne pivo festivalu, varíme ho desať kilometrov od lúky.",
      ),
      logo: logo("pivovar-palava", 40, brewery),
      url: "https://pivovar-palava.example.com",
      eventIds: [EVENT.festival, EVENT.festivalCredit],
      eventGroupIds: [GROUP.festival],
      displayOrder: 0,
    },
    {
      orgPartnerId: partnerId("radio-jih"),
      organizerId: ORG.louka,
      name: radioSouth,
      logo: logo("radio-jih", 300, radioSouth),
      url: "https://radio-jih.example.com",
      eventIds: [EVENT.festival],
      displayOrder: 1,
    },
    {
      orgPartnerId: partnerId("radio-sever"),
      organizerId: ORG.vltava,
      name: radioNorth,
      description: l(
        "Mediální partner turné, hraje novou desku Polární záře každý den.",
        "Media partner of the tour, playing the new Polární záře album every day.",
        "Medienpartner der Tournee, spielt das neue Album von Polární záře jeden Tag.",
        "Mediálny partner turné, hrá novú platňu Polární záře každý deň.",
      ),
      logo: logo("radio-sever", 180, radioNorth),
      url: "https://radio-sever.example.com",
      eventIds: [EVENT.tourPraha, EVENT.tourBrno, EVENT.tourOstrava, EVENT.tourBratislava],
      eventGroupIds: [GROUP.tour],
    },
  ];
}
