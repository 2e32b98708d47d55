import { describe, expect, it } from "vitest";
import { bestAvailable, type MapSeat, moveSeat, seatRows } from "../../src/lib/seat-map.ts";

// Row A (nearest the stage) has 4 seats, row B 5 seats shifted by half a seat, row C 2 seats on the right.
const seat = (row: string, number: number, x: number, y: number): MapSeat => ({
  id: `${row}${number}`,
  row,
  number,
  x,
  y,
});
const SEATS = [
  ...[1, 2, 3, 4].map((n) => seat("A", n, 10 + n * 10, 0)),
  ...[1, 2, 3, 4, 5].map((n) => seat("B", n, 5 + n * 10, 10)),
  ...[1, 2].map((n) => seat("C", n, 40 + n * 10, 20)),
];
const rows = seatRows([...SEATS].reverse());

describe("seat rows", () => {
  it("groups seats by row, rows from the stage back, seats from left to right", () => {
    expect(rows.map((r) => r.row)).toEqual(["A", "B", "C"]);
    expect(rows[1]?.seats.map((s) => s.id)).toEqual(["B1", "B2", "B3", "B4", "B5"]);
  });
});

describe("moving between seats", () => {
  it("moves along a row and stops at its ends", () => {
    expect(moveSeat(rows, "A2", "right")?.id).toBe("A3");
    expect(moveSeat(rows, "A2", "left")?.id).toBe("A1");
    expect(moveSeat(rows, "A1", "left")?.id).toBe("A1");
    expect(moveSeat(rows, "A4", "right")?.id).toBe("A4");
    expect(moveSeat(rows, "B3", "first")?.id).toBe("B1");
    expect(moveSeat(rows, "B3", "last")?.id).toBe("B5");
  });

  it("moves across rows to the nearest seat by position", () => {
    expect(moveSeat(rows, "A1", "down")?.id).toBe("B1");
    expect(moveSeat(rows, "B5", "up")?.id).toBe("A4");
    expect(moveSeat(rows, "B1", "down")?.id).toBe("C1");
    expect(moveSeat(rows, "A3", "up")?.id).toBe("A3");
    expect(moveSeat(rows, "C2", "down")?.id).toBe("C2");
  });

  it("starts at the first seat of the first row", () => {
    expect(moveSeat(rows, null, "right")?.id).toBe("A1");
    expect(moveSeat([], null, "right")).toBeNull();
  });
});

describe("best available", () => {
  const free = (taken: string[]) => (s: MapSeat) => !taken.includes(s.id);

  it("takes consecutive seats of one row nearest the stage, then nearest the centre", () => {
    expect(bestAvailable(SEATS, 2, free([]))?.map((s) => s.id)).toEqual(["A2", "A3"]);
    expect(bestAvailable(SEATS, 3, free(["A2"]))?.map((s) => s.id)).toEqual(["B2", "B3", "B4"]);
    expect(bestAvailable(SEATS, 1, free(["A1", "A2", "A3"]))?.map((s) => s.id)).toEqual(["A4"]);
  });

  it("never splits a block over a gap in the numbers or a taken seat", () => {
    const gap = [seat("A", 1, 10, 0), seat("A", 2, 20, 0), seat("A", 5, 50, 0), seat("A", 6, 60, 0)];
    expect(bestAvailable(gap, 3, free([]))).toBeNull();
    expect(bestAvailable(SEATS, 5, free(["B3"]))).toBeNull();
    expect(bestAvailable(SEATS, 0, free([]))).toBeNull();
  });
});
