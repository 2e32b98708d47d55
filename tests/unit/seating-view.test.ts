import { describe, expect, it } from "vitest";
import { zoomAt } from "../../src/islands/seating/pan-zoom.ts";
import { createSeatingT, mapFrame } from "../../src/islands/seating/view.ts";

describe("the seat map's frame and zoom", () => {
  it("frames the seats with room for the stage in front and the row labels on the left", () => {
    const seats = [1, 2, 3].flatMap((n) => [
      { row: "A", x: n * 10, y: 0 },
      { row: "B", x: n * 10, y: 10 },
    ]);
    const frame = mapFrame(seats);
    expect(frame.radius).toBeCloseTo(4.2);
    expect(frame.x).toBeLessThan(10 - 2.6 * frame.radius);
    expect(frame.x + frame.width).toBeGreaterThan(30 + frame.radius);
    expect(frame.stage.y + frame.stage.height).toBeLessThan(0 - frame.radius);
    expect(frame.y + frame.height).toBeGreaterThan(10 + frame.radius);
  });

  it("zooms around a point, which stays where it was, within 1× and 8×", () => {
    const view = zoomAt({ scale: 1, x: 0, y: 0 }, 2, 50, 20);
    expect(view).toEqual({ scale: 2, x: -50, y: -20 });
    expect(50 * view.scale + view.x).toBe(50);
    expect(zoomAt(view, 100, 0, 0).scale).toBe(8);
    expect(zoomAt(view, 0.01, 0, 0).scale).toBe(1);
  });

  it("says a seat's row and number in the page's language", () => {
    const t = createSeatingT("cs", { seat: "Řada {{row}}, místo {{number}}" });
    expect(t("seat", { row: "C", number: 7 })).toBe("Řada C, místo 7");
    expect(t("seat", { row: "C", number: 8 })).toBe("Řada C, místo 8");
  });
});
