/**
 * Seated halls of the demo venues: seats laid out in rows that curve around the stage (at the top of the
 * plan, smaller y), split into blocks by aisles. Seats are numbered 1… from the left across the aisles, so
 * an aisle is a gap in position, never in numbering. Positions are venue plan units, inside the sector's
 * layout, which is drawn around its seats.
 */
import { stableId } from "../ids.ts";
import type { CatalogInput } from "../schema.ts";

type Sector = NonNullable<NonNullable<CatalogInput["venues"]>[number]["sectors"]>[number];

/** A seat of a generated hall, with its id. */
export interface HallSeat {
  seatId: string;
  row: string;
  number: number;
  x: number;
  y: number;
}

/** How to lay out the seats of a seated sector. */
export interface HallSpec {
  sectorId: string;
  /** Row labels from the stage backwards (Czech halls number rows 1, 2, …). */
  rows: string[];
  /** Seats per block of a row, left to right, for the row's index (0 = nearest the stage). */
  blocks: (rowIndex: number) => number[];
  /** Centre of the rows (x) and the front row (y), in plan units. */
  centreX: number;
  frontY: number;
  /** Distance between neighbouring seats and between rows. */
  seatPitch: number;
  rowPitch: number;
  /** Width of an aisle, in seat pitches. */
  aisle: number;
  /** Radius of the front row's arc (centred above it, towards the stage); omitted: straight rows. */
  radius?: number;
}

/** Margin of a sector's layout around its outermost seats, in plan units. */
const LAYOUT_MARGIN = 5;

/** Rounds a plan coordinate to hundredths, so the catalog stays readable and exact. */
const round = (n: number) => Math.round(n * 100) / 100;

/** Offsets along a row (centred on 0) of its seats: one pitch apart, an aisle wide between blocks. */
export function rowOffsets(blocks: number[], pitch: number, aisle: number): number[] {
  const slots: number[] = [];
  let slot = 0;
  blocks.forEach((count, b) => {
    if (b > 0) slot += aisle;
    for (let i = 0; i < count; i++) slots.push(slot++);
  });
  const centre = ((slots[0] ?? 0) + (slots[slots.length - 1] ?? 0)) / 2;
  return slots.map((s) => (s - centre) * pitch);
}

/** The seats of a hall, row by row from the stage, left to right; ids are stable (sector, row, number). */
export function hallSeats(spec: HallSpec): HallSeat[] {
  return spec.rows.flatMap((row, r) => {
    const depth = r * spec.rowPitch;
    return rowOffsets(spec.blocks(r), spec.seatPitch, spec.aisle).map((u, i) => {
      let x = spec.centreX + u;
      let y = spec.frontY + depth;
      if (spec.radius !== undefined) {
        const radius = spec.radius + depth;
        const angle = u / radius;
        x = spec.centreX + radius * Math.sin(angle);
        y = spec.frontY - spec.radius + radius * Math.cos(angle);
      }
      const number = i + 1;
      return {
        seatId: stableId("seat", spec.sectorId, row, String(number)),
        row,
        number,
        x: round(x),
        y: round(y),
      };
    });
  });
}

/** The layout rectangle around seats, a margin wide on every side. */
export function layoutAround(seats: HallSeat[]): { x: number; y: number; width: number; height: number } {
  const xs = seats.map((s) => s.x);
  const ys = seats.map((s) => s.y);
  const x = Math.floor(Math.min(...xs) - LAYOUT_MARGIN);
  const y = Math.floor(Math.min(...ys) - LAYOUT_MARGIN);
  return {
    x,
    y,
    width: Math.ceil(Math.max(...xs) + LAYOUT_MARGIN) - x,
    height: Math.ceil(Math.max(...ys) + LAYOUT_MARGIN) - y,
  };
}

/** Row labels "1" … "n". */
export const numberedRows = (n: number): string[] => Array.from({ length: n }, (_, i) => String(i + 1));

/** The seats and layout of a seated sector of the demo, laid out by `spec`. */
export function seatedSector(
  spec: HallSpec,
  fields: Pick<Sector, "name" | "displayOrder">,
): Sector & { seats: HallSeat[] } {
  const seats = hallSeats(spec);
  return { sectorId: spec.sectorId, kind: "seated", ...fields, layout: layoutAround(seats), seats };
}

/** How many seats `spec` lays out (the capacity of the sector's ticket types). */
export function hallSeatCount(spec: HallSpec): number {
  return spec.rows.reduce((n, _, r) => n + spec.blocks(r).reduce((a, b) => a + b, 0), 0);
}
