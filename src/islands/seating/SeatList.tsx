/**
 * The list view of a sector: its free seats (and the buyer's own) grouped by row, one native checkbox per
 * seat labelled with its number and price, usable alone by keyboard and screen reader.
 */
import type { Seat } from "../../contract/reservation.ts";
import { seatRows } from "../../lib/seat-map.ts";
import type { SeatingT } from "../../stores/cart/index.ts";

/** Props of {@link SeatList}. */
export interface SeatListProps {
  seats: Seat[];
  picked: Readonly<Record<string, unknown>>;
  /** Price of a seat as text; null for a seat not on sale. */
  price: (seat: Seat) => string | null;
  t: SeatingT;
  onToggle: (seat: Seat) => void;
}

/** Free and picked seats of a sector by row. */
export function SeatList({ seats, picked, price, t, onToggle }: SeatListProps) {
  const rows = seatRows(
    seats
      .filter((s) => s.seatId in picked || (s.state === "free" && price(s) !== null))
      .map((s) => ({ ...s, id: s.seatId })),
  );
  if (rows.length === 0) return <p className="text-slate-700">{t("noneFree")}</p>;
  return (
    <div className="flex max-h-[36rem] flex-col gap-4 overflow-y-auto pr-1" data-seat-list>
      {rows.map((row) => (
        <fieldset key={row.row} className="rounded-xl border border-slate-200 bg-white p-3">
          <legend className="px-1 font-semibold text-slate-900">{t("row", { row: row.row })}</legend>
          <div className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-2">
            {row.seats.map((seat) => {
              const id = `seat-${seat.seatId}`;
              const cost = price(seat);
              return (
                <label
                  key={seat.seatId}
                  htmlFor={id}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-2 text-sm text-slate-900 has-checked:border-slate-900 has-checked:bg-slate-100"
                >
                  <input
                    id={id}
                    type="checkbox"
                    className="size-5 accent-slate-900"
                    checked={seat.seatId in picked}
                    onChange={() => onToggle(seat)}
                  />
                  <span>
                    {t("seatNumber", { number: seat.number })}
                    {cost && <span className="block text-xs text-slate-700">{cost}</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
