/**
 * The SVG map of one sector: the stage, row labels and every seat as plain SVG (a free seat is one circle, and
 * each seat is memoised, so a change re-renders only the seats it touches). A large sector is drawn a hundred
 * seats per task (./revealed.ts). Colours come from the price category, the state also from the
 * shape: a free seat is a full circle, the buyer's seat carries a check mark, a taken seat is small and
 * crossed out. One tab stop (roving tabindex): arrow keys move along a row and across rows,
 * Home/End to a row's ends, Enter or Space hold or release; a tap or click does the same, a drag pans and two
 * fingers zoom.
 */
import { type KeyboardEvent, type MouseEvent, memo, useMemo, useRef, useState } from "react";
import type { Seat } from "../../contract/reservation.ts";
import { moveSeat, SEAT_KEYS, seatRows } from "../../lib/seat-map.ts";
import { type SeatingT, type SeatView, seatLabel, seatView } from "../../stores/cart/index.ts";
import { usePanZoom } from "./pan-zoom.ts";
import { SEATS_PER_TASK, useRevealed } from "./revealed.ts";
import { mapFrame } from "./view.ts";

/** Props of {@link SeatMap}. */
export interface SeatMapProps {
  sectorName: string;
  seats: Seat[];
  picked: Readonly<Record<string, unknown>>;
  /** Colour of a seat's price category. */
  color: (seat: Seat) => string;
  /** Price of a seat as text, when known. */
  price: (seat: Seat) => string | null;
  t: SeatingT;
  onToggle: (seat: Seat) => void;
}

interface MarkProps {
  seat: Seat;
  view: SeatView;
  color: string;
  label: string;
  r: number;
  focusable: boolean;
}

/** What a seat looks like in a state: its circle and, for a taken or a picked seat, a mark drawn on it. */
interface SeatLook {
  circle: { r: number; fill: string; stroke: string; strokeWidth: number };
  mark?: { d: string; stroke: string; strokeWidth: number; strokeLinecap?: "round" };
}

/** The look of a seat by its state (the colour is its price category's). */
function seatLook(x: number, y: number, view: SeatView, color: string, r: number): SeatLook {
  const d = r * 0.5;
  if (view === "taken") {
    return {
      circle: { r: r * 0.8, fill: "#e2e8f0", stroke: "#94a3b8", strokeWidth: r * 0.12 },
      mark: {
        d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`,
        stroke: "#475569",
        strokeWidth: r * 0.18,
      },
    };
  }
  if (view === "mine") {
    return {
      circle: { r, fill: "#0f172a", stroke: color, strokeWidth: r * 0.3 },
      mark: {
        d: `M${x - d} ${y}L${x - d * 0.2} ${y + d * 0.75}L${x + d} ${y - d * 0.7}`,
        stroke: "#ffffff",
        strokeWidth: r * 0.28,
        strokeLinecap: "round",
      },
    };
  }
  return { circle: { r, fill: color, stroke: "#1e293b", strokeWidth: r * 0.1 } };
}

/** A seat's mark; it takes no pointer, so a tap on it reaches the seat's circle. */
function SeatMarkPath({ mark }: { mark: SeatLook["mark"] }) {
  if (!mark) return null;
  return <path {...mark} fill="none" pointerEvents="none" />;
}

/**
 * One seat, memoised on its props: its circle is the checkbox (role, state, label, tab stop), drawn with its
 * mark, if any; the seat that holds the map's tab stop is followed by the focus ring, shown while the seat has
 * keyboard focus. A free seat is one element, so a large hall stays light to render.
 */
const SeatMark = memo(function SeatMark({ seat, view, color, label, r, focusable }: MarkProps) {
  const look = seatLook(seat.x, seat.y, view, color, r);
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: SVG has no checkbox element; the seat is a shape with the role */}
      <circle
        data-seat-id={seat.seatId}
        data-seat-state={view}
        role="checkbox"
        aria-checked={view === "mine"}
        aria-disabled={view === "taken" ? true : undefined}
        aria-label={label}
        tabindex={focusable ? 0 : -1}
        className="cursor-pointer outline-none aria-disabled:cursor-not-allowed"
        cx={seat.x}
        cy={seat.y}
        {...look.circle}
      />
      {focusable && (
        <circle
          data-seat-focus
          className="invisible [:focus-visible+&]:visible"
          cx={seat.x}
          cy={seat.y}
          r={r * 1.35}
          fill="none"
          stroke="#0f172a"
          strokeWidth={r * 0.3}
          pointerEvents="none"
        />
      )}
      <SeatMarkPath mark={look.mark} />
    </>
  );
});

/** Props of {@link SeatStep}: the seats `from`–`to` of the sector's, and what their marks show. */
interface StepProps extends Pick<SeatMapProps, "seats" | "picked" | "color" | "price" | "t"> {
  from: number;
  to: number;
  r: number;
  focusId: string | null;
}

/** The seats of one step of the drawing, memoised: drawing the next step leaves the earlier ones alone. */
const SeatStep = memo(function SeatStep({ seats, from, to, picked, color, price, t, r, focusId }: StepProps) {
  return (
    <>
      {seats.slice(from, to).map((seat) => {
        const view = seatView(seat.state, seat.seatId, picked);
        return (
          <SeatMark
            key={seat.seatId}
            seat={seat}
            view={view}
            color={color(seat)}
            label={seatLabel(t, seat, price(seat), view)}
            r={r}
            focusable={seat.seatId === focusId}
          />
        );
      })}
    </>
  );
});

/** The map of one sector. */
export function SeatMap({ sectorName, seats, picked, color, price, t, onToggle }: SeatMapProps) {
  const frame = useMemo(() => mapFrame(seats), [seats]);
  const rows = useMemo(() => seatRows(seats.map((s) => ({ ...s, id: s.seatId }))), [seats]);
  const [active, setActive] = useState<string | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const zoom = usePanZoom(frame);
  const byId = useMemo(() => new Map(seats.map((s) => [s.seatId, s])), [seats]);
  const focusId = active && byId.has(active) ? active : (rows[0]?.seats[0]?.id ?? null);
  const shown = useRevealed(seats.length, seats[0]?.sectorId);

  const focusSeat = (id: string) => {
    setActive(id);
    const element = svgRef.current?.querySelector<SVGElement>(`[data-seat-id="${id}"]`);
    element?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const move = SEAT_KEYS[event.key];
    if (move) {
      event.preventDefault();
      const next = moveSeat(rows, focusId, move);
      if (next) focusSeat(next.id);
      return;
    }
    if ((event.key === "Enter" || event.key === " ") && focusId) {
      event.preventDefault();
      const seat = byId.get(focusId);
      if (seat) onToggle(seat);
    }
  };

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (zoom.wasDrag()) return;
    const target = (event.target as Element).closest("[data-seat-id]");
    const seat = target ? byId.get(target.getAttribute("data-seat-id") ?? "") : undefined;
    if (!seat) return;
    setActive(seat.seatId);
    onToggle(seat);
  };

  const { stage, radius } = frame;
  const hintId = `seat-map-hint-${seats[0]?.sectorId ?? "sector"}`;
  return (
    <div className="flex flex-col gap-2">
      <p id={hintId} className="text-sm text-slate-700">
        {t("keysHint")}
      </p>
      <div className="flex justify-end gap-1">
        {(
          [
            ["in", "+", zoom.zoomIn],
            ["out", "−", zoom.zoomOut],
            ["reset", "⤢", zoom.reset],
          ] as const
        ).map(([key, sign, action]) => (
          <button
            key={key}
            type="button"
            onClick={action}
            aria-label={t(`zoom.${key}`)}
            title={t(`zoom.${key}`)}
            className="inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-lg font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            <span aria-hidden="true">{sign}</span>
          </button>
        ))}
      </div>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        {/* biome-ignore lint/a11y/useSemanticElements: the seats are SVG shapes, which a fieldset cannot hold */}
        <svg
          ref={svgRef}
          role="group"
          aria-label={t("mapLabel", { sector: sectorName })}
          aria-describedby={hintId}
          aria-busy={shown < seats.length}
          viewBox={`${frame.x} ${frame.y} ${frame.width} ${frame.height}`}
          className="block max-h-[min(70vh,40rem)] w-full touch-none select-none"
          style={{ aspectRatio: `${frame.width} / ${frame.height}` }}
          data-seat-map
          onKeyDown={onKeyDown}
          onClick={onClick}
          {...zoom.handlers}
        >
          <g transform={`translate(${zoom.view.x} ${zoom.view.y}) scale(${zoom.view.scale})`}>
            <g>
              <rect {...stage} rx={radius} fill="#f1f5f9" stroke="#94a3b8" strokeWidth={radius * 0.1} />
              <text
                x={stage.x + stage.width / 2}
                y={stage.y + stage.height / 2}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={radius * 1.6}
                fill="#334155"
              >
                {t("stage")}
              </text>
              {rows.map((row) => (
                <text
                  key={row.row}
                  x={(row.seats[0]?.x ?? 0) - radius * 2.6}
                  y={row.seats[0]?.y ?? row.y}
                  textAnchor="middle"
                  dominantBaseline="central"
                  fontSize={radius * 1.2}
                  fill="#475569"
                >
                  {row.row}
                </text>
              ))}
            </g>
            {Array.from({ length: Math.ceil(shown / SEATS_PER_TASK) }, (_, step) => (
              <SeatStep
                key={step}
                seats={seats}
                from={step * SEATS_PER_TASK}
                to={Math.min(shown, (step + 1) * SEATS_PER_TASK)}
                picked={picked}
                color={color}
                price={price}
                t={t}
                r={radius}
                focusId={focusId}
              />
            ))}
          </g>
        </svg>
      </div>
      <Legend t={t} />
    </div>
  );
}

/** Props of {@link SeatMapPending}. */
export interface SeatMapPendingProps {
  /** The sector's plan (its seats' area in layout units), when the venue has one. */
  layout: { width: number; height: number } | null;
  t: SeatingT;
}

/** The proportions the pending map's box takes for a sector without a plan. */
const PLAN_UNKNOWN = { width: 3, height: 2 };

/**
 * The map's place while its seats load: the same hint, a row of the zoom buttons' height, a box of the
 * sector's plan proportions that says the seats are loading, and the legend, so what follows the map hardly
 * moves when the seats arrive (the map's frame adds the stage and margins to the plan).
 */
export function SeatMapPending({ layout, t }: SeatMapPendingProps) {
  const { width, height } = layout ?? PLAN_UNKNOWN;
  return (
    <div className="flex flex-col gap-2" data-seat-map-pending>
      <p className="text-sm text-slate-700">{t("keysHint")}</p>
      <div className="h-11" />
      <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-white">
        {/* An empty SVG of the plan's proportions sizes the box as the map's SVG will be (no inline style). */}
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="block max-h-[min(70vh,40rem)] w-full"
          aria-hidden="true"
        />
        <p className="absolute inset-0 flex items-center justify-center text-slate-700" role="status">
          {t("loading")}
        </p>
      </div>
      <Legend t={t} />
    </div>
  );
}

/** A seat's look in the legend. */
function LegendShape({ view, color }: { view: SeatView; color: string }) {
  const look = seatLook(0, 0, view, color, 9);
  return (
    <>
      <circle cx={0} cy={0} {...look.circle} />
      <SeatMarkPath mark={look.mark} />
    </>
  );
}

/** The states of a seat, each with its shape. */
function Legend({ t }: { t: SeatingT }) {
  const items: [SeatView, string][] = [
    ["free", "#94a3b8"],
    ["mine", "#94a3b8"],
    ["taken", "#94a3b8"],
  ];
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-800" aria-label={t("legend.title")}>
      {items.map(([view, color]) => (
        <li key={view} className="flex items-center gap-2">
          <svg viewBox="-12 -12 24 24" className="size-5" aria-hidden="true">
            <LegendShape view={view} color={color} />
          </svg>
          {t(`legend.${view}`)}
        </li>
      ))}
    </ul>
  );
}
