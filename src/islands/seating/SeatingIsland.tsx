/**
 * The seating island of a seated event's cart page: one map per seated sector (a choice of sector when there
 * are several), a list view of free seats beside it, and "best available" for a count of adjacent seats.
 * Picking a seat puts it in the cart (the same stores as the cart island: one hold, one countdown, the seats
 * in the summary). Changes are announced in the page's language.
 *
 * The island hydrates when the buyer reaches it (the cart page renders it `client:reached`,
 * ../reached-directive.ts): on the screen, within {@link SEATS_AHEAD} of it after a scroll, or by a pointer or
 * focus inside it. Its sector's seats are loaded (and the map drawn) as it hydrates, then every ~10 s while the
 * tab is visible: a map below a phone's first screen costs its first seconds nothing (no code, no request, no
 * answer to check, no hall to draw).
 */
import { useStore } from "@nanostores/react";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import type { ReservationCategory, Seat, Sector } from "../../contract/reservation.ts";
import type { Dictionary, Locale } from "../../lib/i18n/config.ts";
import { type CurrencyId, formatMoney } from "../../lib/money.ts";
import { sectorSeats, watchSector } from "../../stores/cart/checkout-api.ts";
import {
  type CartCatalog,
  type CartMode,
  MAX_SEATS,
  openCart,
  pickBestSeats,
  salesClosed,
  seatTicketType,
  toggleSeat,
} from "../../stores/cart/index.ts";
import { useHydratedClock } from "../hydration.ts";
import { formatsOnStart } from "../island-start.ts";
import { SeatList } from "./SeatList.tsx";
import { SeatMap, SeatMapPending } from "./SeatMap.tsx";
import { createSeatingT } from "./view.ts";

/** Props of the seating island. */
export interface SeatingIslandProps {
  locale: Locale;
  mode?: CartMode;
  /** The cart's catalog (the island opens the same cart as the cart island). */
  catalog: CartCatalog;
  slugs: { organizerSlug: string; eventSlug: string };
  /** Seated sectors of the event's venue. */
  sectors: Sector[];
  categories: ReservationCategory[];
  /** The `seating` texts of the page's language. */
  messages: Dictionary;
  /** When the page was rendered (ISO): the sale's window is judged at this moment until hydration. */
  renderedAt: string;
}

const TAB =
  "min-h-11 rounded-lg px-4 font-semibold aria-pressed:bg-slate-900 aria-pressed:text-white bg-white text-slate-800 ring-1 ring-slate-300";

/** How far below the screen the island counts as reached once the page is scrolled (a screen's height). */
export const SEATS_AHEAD = "0px 0px 100% 0px";

/** The colour of a seat without a price category. */
const NO_CATEGORY = "#94a3b8";

/** The seat maps of an event. */
export default function SeatingIsland(props: SeatingIslandProps) {
  const { locale, mode = "live", catalog, slugs, sectors, categories, messages, renderedAt } = props;
  const eventId = catalog.eventId;
  const [cart] = useState(() => openCart({ catalog, locale, mode, slugs }));
  const state = useStore(cart.$cart);
  const status = useStore(cart.$status);
  const liveCatalog = useStore(cart.$catalog);
  const { hydrated, now } = useHydratedClock(renderedAt);
  const t = useMemo(() => createSeatingT(locale, messages), [locale, messages]);
  const [sectorId, setSectorId] = useState(sectors[0]?.sectorId ?? "");
  const sector = sectors.find((s) => s.sectorId === sectorId) ?? sectors[0];
  const seats = useStore(sectorSeats(eventId, sectorId));
  const [view, setView] = useState<"map" | "list">("map");
  const [announcement, setAnnouncement] = useState("");
  const [bestCount, setBestCount] = useState("2");
  const [bestError, setBestError] = useState<string | null>(null);

  useEffect(() => {
    if (!hydrated || !sectorId) return;
    return watchSector(eventId, sectorId);
  }, [hydrated, eventId, sectorId]);

  const types = useMemo(
    () => new Map(liveCatalog.ticketTypes.map((tt) => [tt.ticketTypeId, tt])),
    [liveCatalog.ticketTypes],
  );
  const colors = useMemo(
    () => new Map(categories.map((c) => [c.reservationCategoryId, c.color])),
    [categories],
  );
  // The ticket type a seat is sold as decides its price and, when the seat names none, its colour; both are
  // worked out once per kind of seat (sector, category, named type) and kept while the seats stay the same.
  const looks = useMemo(() => {
    const byKind = new Map<string, { price: string | null; color: string }>();
    const out = new Map<string, { price: string | null; color: string }>();
    for (const seat of seats ?? []) {
      const kind = `${seat.sectorId}|${seat.reservationCategoryId ?? ""}|${seat.ticketTypeId ?? ""}`;
      let look = byKind.get(kind);
      if (!look) {
        const type = types.get(seatTicketType(seat, liveCatalog.ticketTypes) ?? "");
        const category = seat.reservationCategoryId ?? type?.reservationCategoryId ?? "";
        look = {
          price: type ? formatMoney(type.price, catalog.currencyId as CurrencyId, locale) : null,
          color: colors.get(category) ?? NO_CATEGORY,
        };
        byKind.set(kind, look);
      }
      out.set(seat.seatId, look);
    }
    return out;
  }, [seats, types, colors, liveCatalog.ticketTypes, catalog.currencyId, locale]);
  const price = (seat: Seat) => looks.get(seat.seatId)?.price ?? null;
  const color = (seat: Seat) => looks.get(seat.seatId)?.color ?? NO_CATEGORY;
  const picked = hydrated ? state.seats : {};

  const onToggle = (seat: Seat) => {
    if (!sector) return;
    const place = t("seat", { row: seat.row, number: seat.number });
    const wasPicked = seat.seatId in state.seats;
    if (!wasPicked && Object.keys(state.seats).length >= MAX_SEATS) {
      setAnnouncement(t("full", { max: MAX_SEATS }));
      return;
    }
    toggleSeat(eventId, seat, sector.name);
    const now = seat.seatId in cart.$cart.get().seats;
    if (now !== wasPicked) setAnnouncement(t(now ? "picked" : "released", { seat: place }));
  };

  const onBest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const count = Number(bestCount);
    if (!seats) {
      // Reaching the form (a tap on its button) has just started loading the seats: the buyer asks once they are in.
      setBestError(t("loading"));
      return;
    }
    if (!sector || !Number.isInteger(count) || count < 1) {
      setBestError(t("best.none", { count: bestCount }));
      return;
    }
    const before = new Set(Object.keys(cart.$cart.get().seats));
    if (!pickBestSeats(eventId, seats, sector.name, count)) {
      setBestError(t("best.none", { count }));
      document.getElementById("seat-best-count")?.focus();
      return;
    }
    setBestError(null);
    const added = Object.values(cart.$cart.get().seats).filter((p) => !before.has(p.seatId));
    setAnnouncement(
      t("picked", { seat: added.map((p) => t("seat", { row: p.row, number: p.number })).join("; ") }),
    );
  };

  const taken = status.seatsTaken.map((p) => t("seat", { row: p.row, number: p.number })).join("; ");
  // Before or after the sale there is nothing to choose: the plan's prices stay in the section above.
  const closed = salesClosed(liveCatalog, mode === "demo", now);
  if (closed) {
    return (
      <p className="mt-6 text-slate-700" data-seating-island data-seating-closed={closed.state}>
        {t(closed.state === "notYet" ? "closed.notYet" : "closed.ended")}
      </p>
    );
  }
  return (
    <div
      className="mt-6 flex flex-col gap-4"
      data-seating-island
      data-hydrated={hydrated ? "true" : "false"}
      inert={!hydrated}
    >
      {sectors.length > 1 && (
        <div className="flex flex-wrap gap-2">
          {sectors.map((s) => (
            <button
              key={s.sectorId}
              type="button"
              className={TAB}
              aria-pressed={s.sectorId === sectorId}
              onClick={() => setSectorId(s.sectorId)}
            >
              {s.name}
            </button>
          ))}
        </div>
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{t("view.label")}</legend>
          <button type="button" className={TAB} aria-pressed={view === "map"} onClick={() => setView("map")}>
            {t("view.map")}
          </button>
          <button
            type="button"
            className={TAB}
            aria-pressed={view === "list"}
            onClick={() => setView("list")}
          >
            {t("view.list")}
          </button>
        </fieldset>
        <form className="flex flex-wrap items-end gap-2" onSubmit={onBest} noValidate>
          <div className="flex flex-col gap-1">
            <label htmlFor="seat-best-count" className="text-sm font-medium text-slate-800">
              {t("best.label")}
            </label>
            <input
              id="seat-best-count"
              type="number"
              inputMode="numeric"
              min={1}
              max={10}
              value={bestCount}
              onChange={(e) => setBestCount(e.target.value)}
              aria-invalid={bestError ? true : undefined}
              aria-describedby={bestError ? "seat-best-error" : undefined}
              className="min-h-11 w-24 rounded-lg border border-slate-400 px-3 text-slate-900"
            />
          </div>
          <button
            type="submit"
            className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            {t("best.submit")}
          </button>
          {bestError && (
            <p id="seat-best-error" className="basis-full text-sm font-medium text-red-800">
              {bestError}
            </p>
          )}
        </form>
      </div>
      {taken && (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-seats-taken
        >
          {t("taken", { seats: taken })}
        </p>
      )}
      <p aria-live="polite" className="sr-only" data-seating-announcement>
        {announcement}
      </p>
      {!sector || !seats || !hydrated ? (
        <SeatMapPending layout={sector?.layout ?? null} t={t} />
      ) : view === "map" ? (
        <SeatMap
          sectorName={sector.name}
          seats={seats}
          picked={picked}
          color={color}
          price={price}
          t={t}
          onToggle={onToggle}
        />
      ) : (
        <SeatList seats={seats} picked={picked} price={price} t={t} onToggle={onToggle} />
      )}
    </div>
  );
}

// Its first render shows the seats' prices.
formatsOnStart(SeatingIsland);
