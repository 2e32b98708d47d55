/**
 * Pinch-zoom and pan of an SVG map with pointer events: one finger (or the mouse) drags the map, two fingers
 * pinch it; a drag is not a tap, so the seat under it is not picked. Zoom buttons do the same by steps.
 */
import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from "react";

/** Scale and offset of the map's content, in viewBox units. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN_SCALE = 1;
const MAX_SCALE = 8;
/** Pixels a pointer moves before a press becomes a drag. */
const DRAG_PX = 6;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/** The view zoomed by `factor` around a point (viewBox units), kept within the scale's limits. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = clampScale(view.scale * factor);
  const k = scale / view.scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

/** Pointer handlers and the view of a pannable, pinchable SVG; `wasDrag` tells a tap from a drag. */
export function usePanZoom(viewBox: { x: number; y: number; width: number; height: number }) {
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(false);
  const start = useRef<{ x: number; y: number } | null>(null);

  const toUnits = (svg: SVGSVGElement, dx: number, dy: number) => {
    const box = svg.getBoundingClientRect();
    return { dx: (dx * viewBox.width) / (box.width || 1), dy: (dy * viewBox.height) / (box.height || 1) };
  };
  const toPoint = (svg: SVGSVGElement, cx: number, cy: number) => {
    const box = svg.getBoundingClientRect();
    return {
      x: viewBox.x + ((cx - box.left) * viewBox.width) / (box.width || 1),
      y: viewBox.y + ((cy - box.top) * viewBox.height) / (box.height || 1),
    };
  };

  const onPointerDown = useCallback((e: ReactPointerEvent<SVGSVGElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) {
      moved.current = false;
      start.current = { x: e.clientX, y: e.clientY };
    }
  }, []);

  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    const svg = e.currentTarget;
    if (pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.entries()].map(([id, p]) =>
        id === e.pointerId ? { x: e.clientX, y: e.clientY } : p,
      );
      const [pa, pb] = [...pointers.current.values()];
      if (a && b && pa && pb) {
        const before = Math.hypot(pa.x - pb.x, pa.y - pb.y) || 1;
        const after = Math.hypot(a.x - b.x, a.y - b.y);
        const mid = toPoint(svg, (a.x + b.x) / 2, (a.y + b.y) / 2);
        setView((v) => zoomAt(v, after / before, mid.x, mid.y));
      }
      moved.current = true;
    } else if (start.current) {
      const far = Math.hypot(e.clientX - start.current.x, e.clientY - start.current.y) > DRAG_PX;
      if (far) moved.current = true;
      if (moved.current) {
        const { dx, dy } = toUnits(svg, e.clientX - last.x, e.clientY - last.y);
        setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
      }
    }
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
  };

  const onPointerUp = useCallback((e: ReactPointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) start.current = null;
  }, []);

  const zoomBy = (factor: number) =>
    setView((v) => zoomAt(v, factor, viewBox.x + viewBox.width / 2, viewBox.y + viewBox.height / 2));

  return {
    view,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onPointerLeave: onPointerUp,
    },
    wasDrag: () => moved.current,
    zoomIn: () => zoomBy(1.5),
    zoomOut: () => zoomBy(1 / 1.5),
    reset: () => setView({ scale: 1, x: 0, y: 0 }),
  };
}
