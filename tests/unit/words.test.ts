import { describe, expect, it } from "vitest";
import { groupKind } from "../../src/components/catalog/tour-view.ts";
import { calendarDays } from "../../src/components/event/event-view.ts";
import { getT } from "../../src/lib/i18n/index.ts";
import { groupHeading, sameWords, ticketGroupLabel } from "../../src/lib/text.ts";
import { dayTicketName } from "../../src/pass-service/catalog/demo/tickets.ts";

describe("calendarDays", () => {
  it("counts the calendar days a span touches in the event's time zone", () => {
    expect(calendarDays("2027-06-12T10:00:00Z", "2027-06-14T20:00:00Z", "Europe/Prague")).toBe(3);
    expect(calendarDays("2027-06-12T10:00:00Z", "2027-06-12T20:00:00Z", "Europe/Prague")).toBe(1);
  });

  it("reads the days where the event takes place, not in UTC", () => {
    // 23:30Z on the 11th is already the 12th in Prague (summer time, UTC+2).
    expect(calendarDays("2027-06-11T23:30:00Z", "2027-06-13T20:00:00Z", "Europe/Prague")).toBe(2);
    expect(calendarDays("2027-06-11T23:30:00Z", "2027-06-13T20:00:00Z", "UTC")).toBe(3);
  });

  it("is not thrown off by a change of daylight saving time", () => {
    expect(calendarDays("2027-03-27T10:00:00Z", "2027-03-29T10:00:00Z", "Europe/Prague")).toBe(3);
  });
});

describe("the days of an event in words", () => {
  it("takes each language's plural forms", () => {
    expect(getT("cs")("words.days", { count: 3 })).toBe("3 dny");
    expect(getT("cs")("words.days", { count: 5 })).toBe("5 dní");
    expect(getT("sk")("words.days", { count: 3 })).toBe("3 dni");
    expect(getT("en")("words.days", { count: 1 })).toBe("1 day");
    expect(getT("de")("words.days", { count: 3 })).toBe("3 Tage");
  });
});

describe("groupKind", () => {
  it("calls a group in two or more cities a tour", () => {
    expect(groupKind([{ city: "Praha" }, { city: "Brno" }, { city: "Praha" }])).toBe("tour");
  });

  it("calls a group in one city a series (a theatre season, a festival's events)", () => {
    expect(groupKind([{ city: "Praha" }, { city: "Praha" }, { city: null }])).toBe("series");
    expect(groupKind([])).toBe("series");
  });

  it("has a word for each kind in every language, and a series is never called a tour", () => {
    for (const locale of ["cs", "en", "de", "sk"] as const) {
      const t = getT(locale);
      expect(t("words.group.series")).not.toBe(t("words.group.tour"));
    }
    expect(getT("cs")("words.group.series")).toBe("Série akcí");
  });
});

describe("dayTicketName", () => {
  it("names a one-day ticket by its day in every language, in Prague's calendar", () => {
    // 23:30Z on Friday 11 June 2027 is Saturday 12 June in Prague.
    const name = dayTicketName("2027-06-11T23:30:00Z");
    expect(name.cs).toBe("Jednodenní vstupenka – sobota 12. června");
    expect(name.en).toBe("One-day ticket – Saturday 12 June");
    expect(name.de).toBe("Tagesticket – Samstag, 12. Juni");
    expect(name.sk).toBe("Jednodňová vstupenka – sobota 12. júna");
  });
});

describe("sameWords", () => {
  it("compares texts regardless of case and surrounding space", () => {
    expect(sameWords("Vstupenky", " VSTUPENKY", "cs")).toBe(true);
    expect(sameWords("Vstupenky", "Balíčky", "cs")).toBe(false);
  });

  it("counts a no-break space as a space (money formatting writes one)", () => {
    expect(sameWords("Kredit 500\u00a0Kč", "Kredit 500 Kč", "cs")).toBe(true);
    expect(sameWords("Kredit 500 Kč", "Kredit 1 000 Kč", "cs")).toBe(false);
  });
});

describe("groupHeading", () => {
  const section = { heading: "Vstupenky", other: "Další vstupenky" };

  it("leaves out a first group named as its section, and calls a later one 'other'", () => {
    expect(groupHeading({ name: "VSTUPENKY", index: 0 }, section, "cs")).toBeNull();
    expect(groupHeading({ name: "Vstupenky", index: 1 }, section, "cs")).toBe("Další vstupenky");
  });

  it("shows any other group's name", () => {
    expect(groupHeading({ name: "Balíčky", index: 0 }, section, "cs")).toBe("Balíčky");
  });
});

describe("ticketGroupLabel", () => {
  it("leaves out a group called just 'Tickets' and keeps any other", () => {
    expect(ticketGroupLabel("VSTUPENKY", "Vstupenky", "cs")).toBeNull();
    expect(ticketGroupLabel("VIP", "Vstupenky", "cs")).toBe("VIP");
    expect(ticketGroupLabel(null, "Vstupenky", "cs")).toBeNull();
  });
});
