import { describe, expect, it } from "vitest";
import {
  cartDescription,
  cartHeading,
  cartTitle,
  eventTitle,
  eventWhen,
  FEW_LEFT_COUNT,
  ticketAvailability,
} from "../../src/components/event/event-view.ts";
import type { TicketType } from "../../src/contract/ticket.ts";
import { eventType } from "../../src/lib/enums/index.ts";

/** What the titles read of an event: a one-day concert in Brno. */
const concert = {
  name: "Jazz Night",
  startsAt: "2026-07-03T17:00:00.000Z",
  endsAt: "2026-07-03T20:00:00.000Z",
  doorsAt: null,
  timezone: "Europe/Prague",
  venue: null,
  city: "Brno",
  eventTypeId: eventType.id.TICKETS,
};

describe("event page title", () => {
  it("names the event, its city and date when that fits", () => {
    expect(eventTitle(concert, "en", "Vstupio")).toBe("Jazz Night – Brno, 3 July 2026 | Vstupio");
  });

  it("leaves the city out when the name already says it", () => {
    expect(eventTitle({ ...concert, name: "Jazz Night Brno" }, "en", "Vstupio")).toBe(
      "Jazz Night Brno, 3 July 2026 | Vstupio",
    );
  });

  it("drops the city, then cuts the name, as the name grows", () => {
    const name = "A Rather Long Festival Name With Many Words";
    expect(eventTitle({ ...concert, name }, "en", "Vstupio")).toBe(`${name}, 3 July 2026 | Vstupio`);
    const title = eventTitle({ ...concert, name: `${name} And Even More Of Them` }, "en", "Vstupio");
    expect(title).toBe("A Rather Long Festival Name With Many Words And Even More… | Vstupio");
    expect(title.length).toBeLessThanOrEqual(70);
  });
});

describe("an event's dates and times", () => {
  it("is one day, one night or several days, in the event's time zone", () => {
    expect(eventWhen(concert, "en")).toEqual({
      date: "3 July 2026",
      time: "19:00–22:00",
      multiDay: false,
      doors: null,
    });
    const night = { ...concert, endsAt: "2026-07-04T01:00:00.000Z" };
    expect(eventWhen(night, "cs")).toEqual({
      date: "3. července 2026",
      time: "19:00–3:00",
      multiDay: false,
      doors: null,
    });
    const festival = { ...concert, endsAt: "2026-07-05T20:00:00.000Z" };
    expect(eventWhen(festival, "de")).toEqual({
      date: "3.–5. Juli 2026",
      time: "19:00",
      multiDay: true,
      doors: null,
    });
  });

  it("is worked out once per locale and moments, and again when any of them differs", () => {
    const first = eventWhen(concert, "en");
    expect(eventWhen({ ...concert }, "en")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const withDoors = eventWhen({ ...concert, doorsAt: "2026-07-03T16:00:00.000Z" }, "en");
    expect(withDoors.doors).toBe("18:00");
    expect(eventWhen(concert, "de")).not.toBe(first);
    expect(eventWhen({ ...concert, timezone: "Europe/London" }, "en").time).toBe("18:00–21:00");
  });
});

describe("cart page title", () => {
  it("names the event with its date, a shorter date, or no date, whichever fits", () => {
    expect(cartTitle(concert, "en", "Vstupio")).toBe("Tickets – Jazz Night, 3 July 2026 | Vstupio");
    const name = "A Rather Long Festival Name With Many Many Words";
    expect(cartTitle({ ...concert, name }, "en", "Vstupio")).toBe(`Tickets – ${name} | Vstupio`);
  });
});

describe("cart page of a credit event", () => {
  const credit = { ...concert, name: "Louka Open Air", eventTypeId: eventType.id.CREDIT_RECHARGE };

  it("speaks of chip credit, not tickets, in its title, heading and description, in every language", () => {
    expect(cartTitle(credit, "en", "Vstupio")).toBe("Chip credit – Louka Open Air, 3 July 2026 | Vstupio");
    expect(cartTitle(credit, "cs", "Vstupio")).toBe(
      "Kredit na čip – Louka Open Air, 3. července 2026 | Vstupio",
    );
    expect(cartHeading(credit, "de")).toBe("Chip-Guthaben – Louka Open Air");
    expect(cartHeading(credit, "sk")).toBe("Kredit na čip – Louka Open Air");
    expect(cartHeading(concert, "en")).toBe("Tickets – Jazz Night");
    expect(cartDescription(credit, "en")).toMatch(/^Credit for your chip – Louka Open Air/);
  });
});

describe("a ticket type's badge", () => {
  const NOW = new Date("2026-06-01T12:00:00Z");
  /** What the badge reads of a ticket type: 100 of 500 left, on sale with no window. */
  const type = { soldOut: false, available: 100, capacity: 500, salesFrom: null, salesTo: null } as const;
  const badge = (fields: Partial<Record<keyof typeof type, unknown>>) =>
    ticketAvailability({ ...type, ...fields } as unknown as TicketType, NOW).kind;

  it("is sold out with nothing left, or when the service says so", () => {
    expect(badge({ available: 0 })).toBe("soldOut");
    expect(badge({ soldOut: true })).toBe("soldOut");
  });

  it("says last tickets at ten left or a tenth of the capacity, and nothing above", () => {
    expect(badge({ available: FEW_LEFT_COUNT })).toBe("fewLeft");
    expect(badge({ available: 50, capacity: 500 })).toBe("fewLeft");
    expect(badge({ available: 51, capacity: 500 })).toBe("available");
    expect(badge({})).toBe("available");
  });

  it("follows the sales window: not yet before it, ended from its end on, even when sold out", () => {
    expect(badge({ salesFrom: "2026-06-01T12:00:01Z" })).toBe("notYet");
    expect(badge({ salesFrom: "2026-06-01T12:00:00Z" })).toBe("available");
    expect(badge({ salesTo: "2026-06-01T12:00:00Z", available: 0 })).toBe("saleEnded");
  });
});
