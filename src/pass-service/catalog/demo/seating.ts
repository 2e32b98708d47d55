/**
 * The seated sectors of the demo venues: the Na Nábřeží Theatre's stalls (Přízemí) and balcony (Balkon),
 * curved around the stage with a centre block and two side blocks, and the Holešovice Arena's grandstand of
 * 2,000 seats (40 rows of 50 in four blocks) behind its standing floor. The stage is at the top of each plan.
 */
import { l } from "./common.ts";
import { type HallSpec, numberedRows, seatedSector } from "./halls.ts";
import { SECTOR } from "./keys.ts";

/** The theatre's stalls: 14 curved rows, wider towards the back, two aisles. */
export const THEATRE_STALLS: HallSpec = {
  sectorId: SECTOR.theatreStalls,
  rows: numberedRows(14),
  blocks: (r) => {
    const side = r < 2 ? 4 : 5;
    return [side, 10 + Math.min(4, Math.floor(r / 3)), side];
  },
  centreX: 150,
  frontY: 70,
  seatPitch: 8,
  rowPitch: 9,
  aisle: 1.5,
  radius: 180,
};

/** The theatre's balcony: 6 curved rows behind the stalls, two aisles. */
export const THEATRE_BALCONY: HallSpec = {
  sectorId: SECTOR.theatreBalcony,
  rows: numberedRows(6),
  blocks: (r) => {
    const side = r < 3 ? 6 : 7;
    return [side, 14 + r, side];
  },
  centreX: 150,
  frontY: 230,
  seatPitch: 8,
  rowPitch: 9,
  aisle: 1.5,
  radius: 260,
};

/** The arena's grandstand: 40 gently curved rows of 50 seats in four blocks of 12, 13, 13 and 12. */
export const ARENA_STAND: HallSpec = {
  sectorId: SECTOR.arenaStand,
  rows: numberedRows(40),
  blocks: () => [12, 13, 13, 12],
  centreX: 200,
  frontY: 345,
  seatPitch: 7,
  rowPitch: 8,
  aisle: 2,
  radius: 600,
};

/** The theatre's seated sectors. */
export function theatreSectors() {
  return [
    seatedSector(THEATRE_STALLS, {
      name: l("Přízemí", "Stalls", "Parkett", "Prízemie"),
      displayOrder: 0,
    }),
    seatedSector(THEATRE_BALCONY, {
      name: l("Balkon", "Balcony", "Balkon", "Balkón"),
      displayOrder: 1,
    }),
  ];
}

/** The arena's grandstand. */
export function arenaStand() {
  return seatedSector(ARENA_STAND, {
    name: l("Tribuna – sezení", "Grandstand – seated", "Tribüne – Sitzplätze", "Tribúna – sedenie"),
    displayOrder: 1,
  });
}
