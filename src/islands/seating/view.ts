/**
 * What the parts of the seating island share: the `seating` texts of the page's language and the geometry
 * of a sector's map (its bounds in layout units, the seat size and where the stage is drawn).
 */
import type { Seat } from "../../contract/reservation.ts";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { dictionaryT } from "../../lib/i18n/dictionary-t.ts";
import type { SeatingT } from "../../stores/cart/index.ts";

/**
 * A translate function over the `seating` texts of one language. Its answers are remembered: a map labels
 * thousands of seats with the same few texts on every render.
 */
export function createSeatingT(locale: Locale, messages: Dictionary): SeatingT {
  const t = dictionaryT(locale, messages);
  const known = new Map<string, string>();
  return (key, values) => {
    const id = values ? `${key}\u0000${JSON.stringify(values)}` : key;
    let text = known.get(id);
    if (text === undefined) {
      text = t(key, values);
      known.set(id, text);
    }
    return text;
  };
}

/** The frame of a sector's map in layout units: its viewBox, the seat radius and the stage's band. */
export interface MapFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  radius: number;
  stage: { x: number; y: number; width: number; height: number };
}

/** The frame of a sector's seats: the smallest distance between neighbours sets the seat size. */
export function mapFrame(seats: readonly Pick<Seat, "x" | "y" | "row">[]): MapFrame {
  const xs = seats.map((s) => s.x);
  const ys = seats.map((s) => s.y);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  let step = Number.POSITIVE_INFINITY;
  const sorted = [...seats].sort((a, b) => (a.row < b.row ? -1 : a.row > b.row ? 1 : a.x - b.x));
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1] as Pick<Seat, "x" | "y" | "row">;
    const b = sorted[i] as Pick<Seat, "x" | "y" | "row">;
    if (a.row === b.row && b.x > a.x) step = Math.min(step, b.x - a.x);
  }
  if (!Number.isFinite(step)) step = Math.max(1, (maxX - minX) / 10 || 1);
  const radius = step * 0.42;
  const pad = step;
  const stageHeight = step * 2;
  // Room on the left for the row labels.
  const x = minX - 3 * pad;
  const width = maxX - minX + 4 * pad;
  const top = minY - pad - stageHeight - step;
  return {
    x,
    y: top,
    width,
    height: maxY + pad - top,
    radius,
    stage: { x: x + width * 0.2, y: top, width: width * 0.6, height: stageHeight },
  };
}
