/** Music events of the demo catalog: the Polární záře tour and concerts, the festival and its satellites. */
import { currency, eventCategory, eventSize, eventType } from "../../../lib/enums/index.ts";
import { type DemoPart, demoEvent, l, lineupOf, PAY, payments, performersOf } from "./common.ts";
import { GALLERY, GROUP, VENUE } from "./keys.ts";
import type { DemoContext } from "./time.ts";

const C = eventCategory.id;
const ALL_PAYMENTS = [PAY.card, PAY.bank, PAY.googlePay, PAY.applePay, PAY.clickToPay];

/** Days from today to the first of the three festival days. */
export const FESTIVAL_DAY = 60;

/** Days from today to the anniversary concert, whose sale starts in two weeks. */
export const ANNIVERSARY_DAY = 100;

/** Events of the agency Vltava: four tour stops, a club night this weekend, an anniversary, a hidden show. */
export function demoVltavaEvents(ctx: DemoContext): DemoPart<"events"> {
  const { day } = ctx;
  const stop = (cs: string, en: string, de: string, sk: string) =>
    l(
      `Polární záře představí ${cs} nové album Na sever. Předskokana ohlásíme brzy.`,
      `Polární záře present their new album Na sever ${en}. The support act will be announced soon.`,
      `Polární záře stellen ${de} ihr neues Album „Na sever“ vor. Die Vorband wird bald bekannt gegeben.`,
      `Polární záře predstavia ${sk} nový album Na sever. Predskokana čoskoro ohlásime.`,
    );
  const tour = { eventGroupIds: [GROUP.tour], eventCategoryIds: [C.MUSIC, C.CONCERT, C.SERIAL_EVENT] };
  return [
    demoEvent(
      "tourPraha",
      "vltava",
      220,
      l(
        "Polární záře: turné Na sever – Praha",
        "Polární záře: Heading North Tour – Prague",
        "Polární záře: Tournee „Nach Norden“ – Prag",
        "Polární záře: turné Na sever – Praha",
      ),
      {
        ...tour,
        venueId: VENUE.arena,
        description: stop(
          "v pražské Aréně Holešovice",
          "at Prague's Holešovice Arena",
          "in der Prager Arena Holešovice",
          "v pražskej Aréne Holešovice",
        ),
        startsAt: day(21, 18),
        endsAt: day(21, 21, 30),
        doorsAt: day(21, 17),
        eventTypeId: eventType.id.TICKETS,
        eventSizeId: eventSize.id.LARGE,
        saleStartsAt: day(-30, 8),
        saleEndsAt: day(21, 18),
        flags: { popular: true, ourSelection: true, special: false },
        galleryIds: [GALLERY.polarni],
        paymentMethods: payments(ALL_PAYMENTS),
        lineup: lineupOf(["polarni"], ["straz"]),
        performers: performersOf(["klara", "tomas"]),
      },
    ),
    demoEvent(
      "tourBrno",
      "vltava",
      240,
      l(
        "Polární záře: turné Na sever – Brno",
        "Polární záře: Heading North Tour – Brno",
        "Polární záře: Tournee „Nach Norden“ – Brünn",
        "Polární záře: turné Na sever – Brno",
      ),
      {
        ...tour,
        venueId: VENUE.sklep,
        description: stop(
          "v brněnském Klubu Sklep",
          "at the Sklep Club in Brno",
          "im Klub Sklep in Brünn",
          "v brnianskom Klube Sklep",
        ),
        startsAt: day(28, 18),
        endsAt: day(28, 21),
        doorsAt: day(28, 17),
        eventTypeId: eventType.id.TICKETS,
        eventSizeId: eventSize.id.MEDIUM,
        paymentMethods: payments([PAY.card, PAY.bank]),
        lineup: lineupOf(["polarni"]),
        performers: performersOf(["klara", "tomas"]),
      },
    ),
    demoEvent(
      "tourOstrava",
      "vltava",
      260,
      l(
        "Polární záře: turné Na sever – Ostrava",
        "Polární záře: Heading North Tour – Ostrava",
        "Polární záře: Tournee „Nach Norden“ – Ostrau",
        "Polární záře: turné Na sever – Ostrava",
      ),
      {
        ...tour,
        venueId: VENUE.trojhali,
        description: stop(
          "v ostravském Klubu Trojhalí",
          "at the Trojhalí Club in Ostrava",
          "im Klub Trojhalí in Ostrau",
          "v ostravskom Klube Trojhalí",
        ),
        startsAt: day(35, 18),
        endsAt: day(35, 21),
        doorsAt: day(35, 17),
        eventTypeId: eventType.id.TICKETS,
        eventSizeId: eventSize.id.MEDIUM,
        paymentMethods: payments([PAY.card, PAY.bank, PAY.googlePay, PAY.applePay]),
        lineup: lineupOf(["polarni"], ["ocel"]),
      },
    ),
    demoEvent(
      "tourBratislava",
      "vltava",
      200,
      l(
        "Polární záře: turné Na sever – Bratislava",
        "Polární záře: Heading North Tour – Bratislava",
        "Polární záře: Tournee „Nach Norden“ – Bratislava",
        "Polární záře: turné Na sever – Bratislava",
      ),
      {
        ...tour,
        venueId: VENUE.dunaj,
        description: stop(
          "v bratislavském Klubu Dunaj",
          "at the Dunaj Club in Bratislava",
          "im Klub Dunaj in Bratislava",
          "v bratislavskom Klube Dunaj",
        ),
        startsAt: day(42, 18),
        endsAt: day(42, 21),
        doorsAt: day(42, 17),
        eventTypeId: eventType.id.TICKETS,
        eventSizeId: eventSize.id.MEDIUM,
        currencyId: currency.id.EUR,
        flags: { popular: false, ourSelection: true, special: false },
        paymentMethods: payments([PAY.card, PAY.googlePay, PAY.applePay]),
        lineup: lineupOf(["polarni"], ["vlny"]),
        performers: performersOf([], ["zuzana"]),
      },
    ),
    demoEvent(
      "jazzNight",
      "vltava",
      45,
      l("Víkendová jazzová noc", "Weekend Jazz Night", "Jazznacht am Wochenende", "Víkendová jazzová noc"),
      {
        venueId: VENUE.jazz,
        description: l(
          "Kvartet Vinohrady hraje do jedné do rána, po půlnoci jam session pro všechny.",
          "Kvartet Vinohrady plays until one in the morning, with an open jam session after midnight.",
          "Das Kvartet Vinohrady spielt bis ein Uhr früh, nach Mitternacht offene Jamsession.",
          "Kvartet Vinohrady hrá do jednej do rána, po polnoci jam session pre všetkých.",
        ),
        startsAt: day(ctx.weekendOffset, 19),
        endsAt: day(ctx.weekendOffset + 1, 1),
        doorsAt: day(ctx.weekendOffset, 18, 30),
        eventTypeId: eventType.id.TICKETS,
        eventCategoryIds: [C.MUSIC, C.PARTY],
        eventSizeId: eventSize.id.SMALL,
        flags: { popular: true, ourSelection: false, special: false },
        paymentMethods: payments([PAY.card, PAY.googlePay, PAY.applePay]),
        lineup: lineupOf(["kvartet"]),
        performers: performersOf(["jana"]),
      },
    ),
    demoEvent(
      "anniversary",
      "vltava",
      320,
      l("Polární záře: 20 let", "Polární záře: 20 Years", "Polární záře: 20 Jahre", "Polární záře: 20 rokov"),
      {
        venueId: VENUE.arena,
        description: l(
          "Výroční koncert se všemi hity a hosty z minulých let. Prodej začíná za dva týdny.",
          "An anniversary concert with all the hits and guests from past years. Sales open in two weeks.",
          "Ein Jubiläumskonzert mit allen Hits und Gästen vergangener Jahre. Der Vorverkauf beginnt in zwei Wochen.",
          "Výročný koncert so všetkými hitmi a hosťami z minulých rokov. Predaj sa začína o dva týždne.",
        ),
        startsAt: day(ANNIVERSARY_DAY, 17),
        endsAt: day(ANNIVERSARY_DAY, 21),
        doorsAt: day(ANNIVERSARY_DAY, 16),
        eventTypeId: eventType.id.TICKETS,
        eventCategoryIds: [C.MUSIC, C.CONCERT],
        eventSizeId: eventSize.id.LARGE,
        saleStartsAt: day(14, 8),
        flags: { popular: true, ourSelection: false, special: true },
        paymentMethods: payments([PAY.card, PAY.bank, PAY.clickToPay]),
        lineup: lineupOf(["polarni"], ["straz", "ovce"]),
        performers: performersOf(["klara", "tomas"]),
      },
    ),
    demoEvent(
      "privateShow",
      "vltava",
      10,
      l("Koncert pro partnery", "Concert for partners", "Konzert für Partner", "Koncert pre partnerov"),
      {
        venueId: VENUE.jazz,
        description: l(
          "Neveřejný akustický koncert pro partnery agentury, vstup jen na pozvánku.",
          "A private acoustic concert for the agency's partners, by invitation only.",
          "Ein privates Akustikkonzert für die Partner der Agentur, nur mit Einladung.",
          "Neverejný akustický koncert pre partnerov agentúry, vstup len na pozvánku.",
        ),
        startsAt: day(70, 18),
        endsAt: day(70, 20),
        eventTypeId: eventType.id.TICKETS,
        eventCategoryIds: [C.CONCERT],
        eventSizeId: eventSize.id.SMALL,
        visible: false,
        eventGroupIds: [GROUP.upcoming],
        paymentMethods: payments([PAY.card]),
        lineup: lineupOf(["polarni"]),
      },
    ),
  ];
}

/** Events of Louka Open Air: the festival (packages), its chip top-ups, a past warm-up party and a beer fest. */
export function demoLoukaEvents(ctx: DemoContext): DemoPart<"events"> {
  const { day } = ctx;
  return [
    demoEvent(
      "festival",
      "louka",
      95,
      l("Louka Open Air", "Louka Open Air", "Louka Open Air", "Louka Open Air"),
      {
        venueId: VENUE.louka,
        description: l(
          "Tři dny hudby na louce pod Pálavou. Balíček zahrnuje vstup, místo ve stanovém městečku a parkování.",
          "Three days of music on a meadow below Pálava. The package includes entry, a tent pitch and parking.",
          "Drei Tage Musik auf einer Wiese unter den Pollauer Bergen. Das Paket umfasst Eintritt, Zeltplatz und Parken.",
          "Tri dni hudby na lúke pod Pálavou. Balíček zahŕňa vstup, miesto v stanovom mestečku a parkovanie.",
        ),
        startsAt: day(FESTIVAL_DAY, 12),
        endsAt: day(FESTIVAL_DAY + 2, 22),
        doorsAt: day(FESTIVAL_DAY, 10),
        eventTypeId: eventType.id.PACKAGES,
        eventCategoryIds: [C.FESTIVAL, C.MUSIC, C.BEER],
        eventSizeId: eventSize.id.LARGE,
        saleStartsAt: day(-60, 8),
        flags: { popular: true, ourSelection: true, special: true },
        eventGroupIds: [GROUP.festival],
        galleryIds: [GALLERY.festival],
        paymentMethods: payments(ALL_PAYMENTS, { [PAY.bank]: 2500 }),
        lineup: lineupOf(["ovce", "straz"], ["ocel", "vlny", "bubenici", "blechbande", "polana"]),
        performers: performersOf(["petra"], ["martin"]),
      },
    ),
    demoEvent(
      "festivalCredit",
      "louka",
      120,
      l(
        "Louka Open Air – dobití kreditu",
        "Louka Open Air – credit top-up",
        "Louka Open Air – Guthaben aufladen",
        "Louka Open Air – dobitie kreditu",
      ),
      {
        description: l(
          "Nabijte si kredit na festivalový čip předem a na baru neplaťte hotově.",
          "Top up your festival chip in advance and skip cash at the bar.",
          "Laden Sie Ihren Festival-Chip im Voraus auf und zahlen Sie an der Bar ohne Bargeld.",
          "Nabite si kredit na festivalový čip vopred a na bare neplaťte v hotovosti.",
        ),
        startsAt: day(FESTIVAL_DAY, 10),
        endsAt: day(FESTIVAL_DAY + 2, 23),
        eventTypeId: eventType.id.CREDIT_RECHARGE,
        eventCategoryIds: [C.FESTIVAL],
        eventSizeId: eventSize.id.LARGE,
        saleStartsAt: day(-60, 8),
        saleEndsAt: day(FESTIVAL_DAY + 2, 20),
        eventGroupIds: [GROUP.festival],
        paymentMethods: payments([PAY.card, PAY.googlePay, PAY.applePay]),
        chipCreditLimit: { minAmount: 10000, maxAmount: 1000000, step: 10000 },
      },
    ),
    demoEvent(
      "warmUp",
      "louka",
      280,
      l("Louka Warm-up Party", "Louka Warm-up Party", "Louka Warm-up-Party", "Louka Warm-up Party"),
      {
        venueId: VENUE.sklep,
        description: l(
          "Předfestivalová noc s Elektrickými ovcemi a losováním vstupenek na festival.",
          "A pre-festival night with Elektrické ovce and a raffle of festival tickets.",
          "Eine Nacht vor dem Festival mit Elektrické ovce und einer Verlosung von Festivaltickets.",
          "Predfestivalová noc s Elektrickými ovcami a žrebovaním vstupeniek na festival.",
        ),
        startsAt: day(-12, 19),
        endsAt: day(-11, 3),
        doorsAt: day(-12, 18),
        eventTypeId: eventType.id.TICKETS,
        eventCategoryIds: [C.PARTY, C.MUSIC],
        eventSizeId: eventSize.id.SMALL,
        eventGroupIds: [GROUP.festival],
        galleryIds: [GALLERY.warmUp],
        paymentMethods: payments([PAY.card, PAY.bank]),
        lineup: lineupOf(["ovce"]),
        performers: performersOf(["martin"]),
      },
    ),
    demoEvent(
      "beer",
      "louka",
      40,
      l(
        "Pivní slavnosti Pod Hradem",
        "Pod Hradem Beer Festival",
        "Bierfest Pod Hradem",
        "Pivné slávnosti Pod Hradem",
      ),
      {
        venueId: VENUE.kemp,
        description: l(
          "Dva dny s dvaceti malými pivovary, grilem a folkrockem u rybníka.",
          "Two days with twenty small breweries, a barbecue and folk rock by the lake.",
          "Zwei Tage mit zwanzig kleinen Brauereien, Grill und Folk-Rock am Teich.",
          "Dva dni s dvadsiatimi malými pivovarmi, grilom a folkrockom pri rybníku.",
        ),
        startsAt: day(75, 9),
        endsAt: day(76, 21),
        eventTypeId: eventType.id.TICKETS,
        eventCategoryIds: [C.BEER, C.GASTRO, C.MUSIC],
        eventSizeId: eventSize.id.MEDIUM,
        flags: { popular: false, ourSelection: false, special: true },
        paymentMethods: payments([PAY.card, PAY.bank, PAY.googlePay]),
        lineup: lineupOf(["straz"]),
      },
    ),
  ];
}
