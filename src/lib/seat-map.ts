/**
 * The geometry of a seat map, free of any framework: seats grouped into rows, moving between seats with the
 * arrow keys (along a row, and across rows to the nearest seat by position), and the best available block
 * of adjacent free seats. Seats are plain `{ id, row, number, x, y }` records; y grows away from the stage.
 */

/** A seat as the map places it: its row label, its number in the row and its position in layout units. */
export interface MapSeat {
  id: string;
  row: string;
  number: number;
  x: number;
  y: number;
}

/** One row of seats, ordered by position from left to right. */
export interface SeatRow<S extends MapSeat = MapSeat> {
  row: string;
  /** Mean y of the row's seats (distance from the stage). */
  y: number;
  seats: S[];
}

/** Seats grouped by row: rows ordered from the stage back, seats from left to right. */
export function seatRows<S extends MapSeat>(seats: readonly S[]): SeatRow<S>[] {
  const byRow = new Map<string, S[]>();
  for (const seat of seats) {
    const list = byRow.get(seat.row);
    if (list) list.push(seat);
    else byRow.set(seat.row, [seat]);
  }
  return [...byRow.entries()]
    .map(([row, list]) => ({
      row,
      y: list.reduce((sum, s) => sum + s.y, 0) / list.length,
      seats: [...list].sort((a, b) => a.x - b.x || a.number - b.number),
    }))
    .sort((a, b) => a.y - b.y || a.row.localeCompare(b.row, undefined, { numeric: true }));
}

/** A direction of an arrow key on the map. */
export type SeatMove = "left" | "right" | "up" | "down" | "first" | "last";

/** The arrow keys (and Home/End) of the map and the moves they make. */
export const SEAT_KEYS: Readonly<Record<string, SeatMove>> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
  Home: "first",
  End: "last",
};

/**
 * The seat a move from `currentId` lands on: the neighbour along the row (left/right), the nearest seat by x
 * in the row before or after (up: towards the stage, down: away from it), the row's first or last seat.
 * Stays on the current seat at an edge; the first seat of the first row when `currentId` is unknown.
 */
export function moveSeat<S extends MapSeat>(
  rows: readonly SeatRow<S>[],
  currentId: string | null,
  move: SeatMove,
): S | null {
  let r = -1;
  let i = -1;
  for (const [ri, row] of rows.entries()) {
    const si = row.seats.findIndex((s) => s.id === currentId);
    if (si >= 0) {
      r = ri;
      i = si;
      break;
    }
  }
  if (r < 0) return rows[0]?.seats[0] ?? null;
  const row = rows[r] as SeatRow<S>;
  const current = row.seats[i] as S;
  switch (move) {
    case "left":
      return row.seats[Math.max(0, i - 1)] ?? current;
    case "right":
      return row.seats[Math.min(row.seats.length - 1, i + 1)] ?? current;
    case "first":
      return row.seats[0] ?? current;
    case "last":
      return row.seats.at(-1) ?? current;
    default: {
      const target = rows[move === "up" ? r - 1 : r + 1];
      if (!target || target.seats.length === 0) return current;
      return target.seats.reduce((best, s) =>
        Math.abs(s.x - current.x) < Math.abs(best.x - current.x) ? s : best,
      );
    }
  }
}

/**
 * The best block of `count` adjacent seats that `isFree` accepts: in one row, with consecutive numbers,
 * nearest the stage first, then nearest the row's centre. Null when no row has such a block.
 */
export function bestAvailable<S extends MapSeat>(
  seats: readonly S[],
  count: number,
  isFree: (seat: S) => boolean,
): S[] | null {
  if (count < 1) return null;
  const rows = seatRows(seats);
  const minX = Math.min(...seats.map((s) => s.x));
  const maxX = Math.max(...seats.map((s) => s.x));
  const centre = (minX + maxX) / 2;
  let best: { block: S[]; rowIndex: number; off: number } | null = null;
  for (const [rowIndex, row] of rows.entries()) {
    const byNumber = [...row.seats].sort((a, b) => a.number - b.number);
    for (let start = 0; start + count <= byNumber.length; start++) {
      const block = byNumber.slice(start, start + count);
      const adjacent = block.every((s, k) => k === 0 || s.number === (block[k - 1] as S).number + 1);
      if (!adjacent || !block.every(isFree)) continue;
      const mid = block.reduce((sum, s) => sum + s.x, 0) / block.length;
      const off = Math.abs(mid - centre);
      if (!best || rowIndex < best.rowIndex || (rowIndex === best.rowIndex && off < best.off)) {
        best = { block, rowIndex, off };
      }
    }
    if (best) return best.block;
  }
  return null;
}
