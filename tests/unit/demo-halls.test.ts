/** The demo's seated halls: seat counts, unique places, rows from the stage back, aisles, curves, layouts. */
import { describe, expect, it } from "vitest";
import {
  type HallSeat,
  type HallSpec,
  hallSeatCount,
  hallSeats,
  rowOffsets,
} from "../../src/pass-service/catalog/demo/halls.ts";
import { ARENA_STAND, THEATRE_BALCONY, THEATRE_STALLS } from "../../src/pass-service/catalog/demo/seating.ts";
import { demoVenues } from "../../src/pass-service/catalog/demo/venues.ts";
import { CatalogSector } from "../../src/pass-service/catalog/schema.ts";

const HALLS: [string, HallSpec][] = [
  ["stalls", THEATRE_STALLS],
  ["balcony", THEATRE_BALCONY],
  ["arena grandstand", ARENA_STAND],
];

/** Seats of a hall grouped by row, in the order the rows come. */
function rowsOf(seats: HallSeat[]): Map<string, HallSeat[]> {
  const rows = new Map<string, HallSeat[]>();
  for (const s of seats) rows.set(s.row, [...(rows.get(s.row) ?? []), s]);
  return rows;
}

const mean = (ns: number[]) => ns.reduce((a, b) => a + b, 0) / ns.length;

describe("demo halls", () => {
  it("seat a few hundred in the theatre and 40 rows of 50 in the arena's grandstand", () => {
    const stalls = hallSeats(THEATRE_STALLS);
    const balcony = hallSeats(THEATRE_BALCONY);
    expect(stalls.length + balcony.length).toBeGreaterThanOrEqual(300);
    expect(stalls.length + balcony.length).toBeLessThanOrEqual(700);
    const arena = rowsOf(hallSeats(ARENA_STAND));
    expect(arena.size).toBe(40);
    expect([...arena.values()].every((row) => row.length === 50)).toBe(true);
    for (const [, spec] of HALLS) expect(hallSeatCount(spec)).toBe(hallSeats(spec).length);
  });

  for (const [name, spec] of HALLS) {
    describe(name, () => {
      const seats = hallSeats(spec);
      const rows = rowsOf(seats);

      it("gives every seat a unique place, id and position", () => {
        expect(new Set(seats.map((s) => `${s.row}-${s.number}`)).size).toBe(seats.length);
        expect(new Set(seats.map((s) => s.seatId)).size).toBe(seats.length);
        expect(new Set(seats.map((s) => `${s.x},${s.y}`)).size).toBe(seats.length);
        expect(seats.every((s) => Number.isFinite(s.x) && Number.isFinite(s.y))).toBe(true);
      });

      it("numbers rows 1… from the stage back and seats 1… from the left", () => {
        expect([...rows.keys()]).toEqual(spec.rows);
        expect(spec.rows).toEqual(spec.rows.map((_, i) => String(i + 1)));
        const depths = [...rows.values()].map((row) => mean(row.map((s) => s.y)));
        expect(depths).toEqual([...depths].sort((a, b) => a - b));
        for (const row of rows.values()) {
          expect(row.map((s) => s.number)).toEqual(row.map((_, i) => i + 1));
          const xs = row.map((s) => s.x);
          expect(xs).toEqual([...xs].sort((a, b) => a - b));
        }
      });

      it("leaves an aisle between blocks: a wider gap in position, none in numbering", () => {
        [...rows.values()].forEach((row, r) => {
          const blocks = spec.blocks(r);
          const gaps = row.slice(1).map((s, i) => Math.hypot(s.x - (row[i]?.x ?? 0), s.y - (row[i]?.y ?? 0)));
          const wide = gaps.flatMap((g, i) => (g > spec.seatPitch * 1.5 ? [i + 1] : []));
          const ends = blocks.slice(0, -1).map((_, b) => blocks.slice(0, b + 1).reduce((a, n) => a + n, 0));
          expect(wide).toEqual(ends);
        });
      });

      it("curves each row towards the stage: its ends nearer the stage than its middle", () => {
        for (const row of rows.values()) {
          const middle = row[Math.floor(row.length / 2)];
          expect(row[0]?.y).toBeLessThan(middle?.y ?? 0);
          expect(row[row.length - 1]?.y).toBeLessThan(middle?.y ?? 0);
        }
      });
    });
  }

  it("centres a row's offsets with an aisle between blocks", () => {
    expect(rowOffsets([2, 2], 10, 1.5)).toEqual([-22.5, -12.5, 12.5, 22.5]);
  });

  it("places each venue's sector layouts around their seats without overlapping", () => {
    for (const venue of demoVenues()) {
      const sectors = (venue.sectors ?? []).map((s) => CatalogSector.parse(s));
      const boxes = sectors.flatMap((s) => (s.layout ? [s.layout] : []));
      boxes.forEach((a, i) => {
        for (const b of boxes.slice(i + 1)) {
          const apart =
            a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          expect(apart, venue.name.en).toBe(true);
        }
      });
    }
  });
});

describe("catalog seated sectors", () => {
  const seat = (row: string, number: number, x: number, y: number) => ({
    seatId: `00000000-0000-4000-8000-${String(number).padStart(12, "0")}`,
    row,
    number,
    x,
    y,
  });
  const sector = (seats: unknown[], layout = { x: 0, y: 0, width: 100, height: 100 }) => ({
    sectorId: "00000000-0000-4000-8000-000000000100",
    name: { cs: "Přízemí", en: "Stalls", de: "Parkett", sk: "Prízemie" },
    kind: "seated",
    layout,
    seats,
  });
  const messages = (input: unknown) =>
    CatalogSector.safeParse(input).error?.issues.map((i) => i.message) ?? [];

  it("accepts seats inside the layout", () => {
    expect(messages(sector([seat("1", 1, 10, 10), seat("1", 2, 20, 10)]))).toEqual([]);
  });

  it("refuses a seated sector without seats", () => {
    expect(messages(sector([]))).not.toEqual([]);
    expect(messages({ ...sector([]), seats: undefined })).toContain(
      "A seated sector needs either seats or a seatGrid",
    );
  });

  it("refuses positions that are not finite numbers", () => {
    expect(messages(sector([seat("1", 1, Number.POSITIVE_INFINITY, 10)]))).not.toEqual([]);
    expect(messages(sector([seat("1", 1, 10, Number.NaN)]))).not.toEqual([]);
  });

  it("refuses a seat outside the sector's layout and two seats at one position", () => {
    expect(messages(sector([seat("1", 1, 10, 150)]))).toEqual(["Seat 1-1 lies outside the sector's layout"]);
    expect(messages(sector([seat("1", 1, 10, 10), seat("1", 2, 10, 10)]))).toEqual(["Two seats at 10,10"]);
  });
});
