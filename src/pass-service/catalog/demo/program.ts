/** Stages and program of the festival: two stages over three days, one entry selling a workshop. */
import { stableId } from "../ids.ts";
import type { Localized } from "../schema.ts";
import { type DemoPart, l, same } from "./common.ts";
import { FESTIVAL_DAY } from "./events-music.ts";
import { BAND, type BandKey, EVENT, PERFORMER, type PerformerKey, productId, stageId } from "./keys.ts";
import type { DemoContext } from "./time.ts";

/** The festival's stages. */
export function demoStages(): DemoPart<"stages"> {
  return [
    {
      stageId: stageId("festival", "hlavni"),
      eventId: EVENT.festival,
      name: l("Hlavní scéna", "Main stage", "Hauptbühne", "Hlavná scéna"),
      description: l(
        "Velké pódium uprostřed louky.",
        "The big stage in the middle of the meadow.",
        "Die große Bühne mitten auf der Wiese.",
        "Veľké pódium uprostred lúky.",
      ),
      displayOrder: 0,
    },
    {
      stageId: stageId("festival", "lesni"),
      eventId: EVENT.festival,
      name: l("Lesní scéna", "Forest stage", "Waldbühne", "Lesná scéna"),
      description: l(
        "Malá scéna ve stínu lesa, workshopy a akustické koncerty.",
        "A small stage in the shade of the woods for workshops and acoustic sets.",
        "Eine kleine Bühne im Schatten des Waldes für Workshops und Akustikkonzerte.",
        "Malá scéna v tieni lesa, workshopy a akustické koncerty.",
      ),
      displayOrder: 1,
    },
  ];
}

/** One program entry: festival day (0–2), stage, start and end hour (UTC) and who performs. */
interface EntrySpec {
  key: string;
  day: number;
  stage: "hlavni" | "lesni";
  from: number;
  to: number;
  name: Localized;
  bands?: BandKey[];
  performers?: PerformerKey[];
  products?: string[];
  description?: Localized;
}

const ENTRIES: EntrySpec[] = [
  {
    key: "zahajeni",
    day: 0,
    stage: "lesni",
    from: 13,
    to: 13.5,
    name: l("Zahájení festivalu", "Festival opening", "Festivaleröffnung", "Otvorenie festivalu"),
    performers: ["petra"],
  },
  {
    key: "polana",
    day: 0,
    stage: "hlavni",
    from: 15,
    to: 16,
    name: l("Lidová muzika Poľana", "Poľana Folk Band", "Volksmusikgruppe Poľana", "Ľudová muzika Poľana"),
    bands: ["polana"],
    performers: ["zuzana"],
  },
  {
    key: "bubnovy-workshop",
    day: 0,
    stage: "lesni",
    from: 15,
    to: 16,
    name: l("Bubnový workshop", "Drumming workshop", "Trommelworkshop", "Bubnový workshop"),
    description: l(
      "Zahrajte si s Bubeníky z Pálavy, místa kupujte předem.",
      "Drum along with Bubeníci z Pálavy; book your place in advance.",
      "Trommeln Sie mit Bubeníci z Pálavy; Plätze vorab buchen.",
      "Zahrajte si s Bubeníkmi z Pálavy, miesta kupujte vopred.",
    ),
    bands: ["bubenici"],
    products: ["bubnovy-workshop"],
  },
  {
    key: "straz",
    day: 0,
    stage: "hlavni",
    from: 17,
    to: 18.25,
    name: same("Hradní stráž"),
    bands: ["straz"],
    performers: ["tomas"],
  },
  {
    key: "ovce",
    day: 0,
    stage: "hlavni",
    from: 19.5,
    to: 21,
    name: same("Elektrické ovce"),
    bands: ["ovce"],
    performers: ["martin"],
  },
  {
    key: "bubenici",
    day: 1,
    stage: "lesni",
    from: 14,
    to: 15,
    name: same("Bubeníci z Pálavy"),
    bands: ["bubenici"],
  },
  {
    key: "blechbande",
    day: 1,
    stage: "hlavni",
    from: 16,
    to: 17,
    name: same("Wiener Blechbande"),
    bands: ["blechbande"],
    performers: ["lukas"],
  },
  {
    key: "vlny",
    day: 1,
    stage: "hlavni",
    from: 18,
    to: 19.25,
    name: same("Dunajské vlny"),
    bands: ["vlny"],
    performers: ["zuzana"],
  },
  { key: "ocel", day: 1, stage: "hlavni", from: 20, to: 21.5, name: same("Ocelové srdce"), bands: ["ocel"] },
  {
    key: "ohnostroj",
    day: 2,
    stage: "hlavni",
    from: 20.5,
    to: 21,
    name: l("Závěrečný ohňostroj", "Closing fireworks", "Abschlussfeuerwerk", "Záverečný ohňostroj"),
    performers: ["petra"],
  },
];

/** The festival program, dated from its first day. */
export function demoProgramEntries(ctx: DemoContext): DemoPart<"programEntries"> {
  const at = (festivalDay: number, hour: number) =>
    ctx.day(FESTIVAL_DAY + festivalDay, Math.floor(hour), Math.round((hour % 1) * 60));
  return ENTRIES.map((e) => ({
    entryId: stableId("program-entry", "louka-open-air", e.key),
    eventId: EVENT.festival,
    stageId: stageId("festival", e.stage),
    name: e.name,
    ...(e.description ? { description: e.description } : {}),
    startsAt: at(e.day, e.from),
    endsAt: at(e.day, e.to),
    bandIds: (e.bands ?? []).map((b) => BAND[b]),
    performerIds: (e.performers ?? []).map((p) => PERFORMER[p]),
    ticketProductIds: (e.products ?? []).map((p) => productId("festival", p)),
  }));
}
