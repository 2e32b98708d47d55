import { describe, expect, it } from "vitest";
import {
  PRINT_LABEL_MAX_DEVICE,
  PRINT_LABEL_MAX_NAME,
  PRINT_LABEL_MAX_NUMBER,
  PRINT_LABEL_TYPES,
  type PrintLabelInput,
  printLabel,
  printLabelName,
} from "../../src/lib/print-label.ts";
import { withoutDiacritics } from "../../src/lib/text.ts";

const ID = "3f2b8c1e-5a7d-4e21-9c3b-0d6f1a2b3c4d";
const TICKET: PrintLabelInput = { type: "ticket", inventoryId: ID, number: 12, name: "Vstupenka" };

/** The label of an input that must be accepted. */
function label(input: PrintLabelInput): string {
  const result = printLabel(input);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result.label;
}

/** The refused fields of an input that must be refused. */
function refused(input: PrintLabelInput): Record<string, string> {
  const result = printLabel(input);
  if (result.ok) throw new Error(`accepted: ${result.label}`);
  return result.errors;
}

describe("printLabel: fields", () => {
  it("writes type, inventory id, number and name separated by |", () => {
    expect(label(TICKET)).toBe(`TICKET|${ID}|12|Vstupenka`);
  });

  it("writes every label type in upper case, whatever case it was given in", () => {
    for (const type of PRINT_LABEL_TYPES.filter((t) => t !== "device")) {
      expect(label({ ...TICKET, type: type.toUpperCase() }).split("|")[0]).toBe(type.toUpperCase());
    }
  });

  it("writes the inventory id in lower case", () => {
    expect(label({ ...TICKET, inventoryId: ID.toUpperCase() })).toBe(`TICKET|${ID}|12|Vstupenka`);
  });

  it("accepts numbers from 1 to the maximum", () => {
    expect(label({ ...TICKET, number: 1 }).split("|")[2]).toBe("1");
    expect(label({ ...TICKET, number: PRINT_LABEL_MAX_NUMBER }).split("|")[2]).toBe(
      String(PRINT_LABEL_MAX_NUMBER),
    );
  });

  it("adds the device number after the name on device labels", () => {
    expect(label({ type: "device", inventoryId: ID, number: 3, name: "Pokladna", deviceNumber: 7 })).toBe(
      `DEVICE|${ID}|3|Pokladna|7`,
    );
  });

  it("adds DEBUG as the last field when asked, and nothing when not", () => {
    expect(label({ ...TICKET, debug: true })).toBe(`TICKET|${ID}|12|Vstupenka|DEBUG`);
    expect(label({ ...TICKET, debug: false })).toBe(`TICKET|${ID}|12|Vstupenka`);
    expect(
      label({ type: "device", inventoryId: ID, number: 3, name: "Kasa", deviceNumber: 7, debug: true }),
    ).toBe(`DEVICE|${ID}|3|Kasa|7|DEBUG`);
  });

  it("escapes the separator and the backslash in names", () => {
    expect(label({ ...TICKET, name: "Rock | Pop \\ Jazz" })).toBe(`TICKET|${ID}|12|Rock \\| Pop \\\\ Jazz`);
  });

  it("collapses white space, replaces other characters outside ASCII with ? and cuts long names", () => {
    expect(label({ ...TICKET, name: "  Open\n\tAir  " }).split("|")[3]).toBe("Open Air");
    expect(printLabelName("Koncert 🎸 €")).toBe("Koncert ? ?");
    expect(printLabelName("x".repeat(100))).toHaveLength(PRINT_LABEL_MAX_NAME);
  });
});

describe("printLabel: errors", () => {
  it("refuses an unknown or missing label type", () => {
    expect(refused({ ...TICKET, type: "poster" })).toEqual({ type: "invalid" });
    expect(refused({ ...TICKET, type: " " })).toEqual({ type: "missing" });
  });

  it("refuses an inventory id that is not a UUID, or none", () => {
    expect(refused({ ...TICKET, inventoryId: "12345" })).toEqual({ inventoryId: "invalid" });
    expect(refused({ ...TICKET, inventoryId: "" })).toEqual({ inventoryId: "missing" });
  });

  it("refuses a number that is not a whole number from 1 to the maximum", () => {
    for (const number of [0, -1, 1.5, Number.NaN, PRINT_LABEL_MAX_NUMBER + 1]) {
      expect(refused({ ...TICKET, number })).toEqual({ number: "invalid" });
    }
  });

  it("refuses an empty name, also one that is empty after folding", () => {
    expect(refused({ ...TICKET, name: "" })).toEqual({ name: "missing" });
    expect(refused({ ...TICKET, name: " \u0301 \n" })).toEqual({ name: "missing" });
  });

  it("refuses a device label without a device number, or with one out of range", () => {
    const device = { type: "device", inventoryId: ID, number: 3, name: "Kasa" };
    expect(refused(device)).toEqual({ deviceNumber: "missing" });
    expect(refused({ ...device, deviceNumber: 0 })).toEqual({ deviceNumber: "invalid" });
    expect(refused({ ...device, deviceNumber: PRINT_LABEL_MAX_DEVICE + 1 })).toEqual({
      deviceNumber: "invalid",
    });
  });

  it("refuses a device number on a label that is not a device's", () => {
    expect(refused({ ...TICKET, deviceNumber: 7 })).toEqual({ deviceNumber: "notAllowed" });
    expect(refused({ ...TICKET, type: "chip", deviceNumber: 7 })).toEqual({ deviceNumber: "notAllowed" });
  });

  it("names every refused field at once", () => {
    expect(refused({ type: "x", inventoryId: "y", number: 0, name: "" })).toEqual({
      type: "invalid",
      inventoryId: "invalid",
      number: "invalid",
      name: "missing",
    });
  });
});

describe("names without diacritics in the four languages", () => {
  it.each([
    ["cs", "Příliš žluťoučký kůň úpěl ďábelské ódy", "Prilis zlutoucky kun upel dabelske ody"],
    ["cs", "ŘÍJEN Ů", "RIJEN U"],
    ["sk", "Ľúbostná pieseň, Kôň, Päť ďatľov", "Lubostna piesen, Kon, Pat datlov"],
    ["sk", "ĽUDOVÍT ŠTÚR, Ĺ Ŕ Ô Ä", "LUDOVIT STUR, L R O A"],
    ["de", "Größe, Straße, Übermäßig, Müller", "Grosse, Strasse, Ubermassig, Muller"],
    ["de", "GROẞE ÖL", "GROSSE OL"],
    ["en", "Rock & Roll Night", "Rock & Roll Night"],
  ])("%s: %s", (_locale, name, printed) => {
    expect(label({ ...TICKET, name }).split("|")[3]).toBe(printed);
  });

  it("spells the letters NFD does not split with plain letters", () => {
    expect(withoutDiacritics("Łódź, Đakovo, Ørsted, Æbleskiver, Œuvre, Þór")).toBe(
      "Lodz, Dakovo, Orsted, AEbleskiver, OEuvre, Thor",
    );
  });
});
