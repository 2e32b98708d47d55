import { describe, expect, it } from "vitest";
import {
  assertCookie,
  assertUuid,
  type CountryAlpha2,
  isUuid,
  isValidCookieName,
  isValidCookieValue,
  isValidSkTaxId,
  isValidVatId,
  isVatCountry,
  normalizeVatId,
  parseTimeString,
  TIME_UNITS,
  TimeStringError,
  type TimeUnit,
  toMs,
  VAT_COUNTRY_CODES,
  VAT_PATTERNS,
  vatPatternFor,
} from "../../src/lib/validation/index.ts";

/** Valid and invalid VAT ids per country (format only; check digits are not verified). */
const VAT_EXAMPLES: Record<CountryAlpha2, { valid: string[]; invalid: string[] }> = {
  CZ: {
    valid: ["CZ12345678", "CZ123456789", "CZ1234567890"],
    invalid: ["CZ1234567", "CZ12345678901", "12345678"],
  },
  SK: { valid: ["SK2020273893"], invalid: ["SK202027389", "SK20202738931", "CZ2020273893"] },
  AT: { valid: ["ATU12345678"], invalid: ["AT12345678", "ATU1234567", "ATU123456789"] },
  GB: {
    valid: ["GB123456789", "GB123456789012", "GBGD001", "GBHA599"],
    invalid: ["GB12345678", "GB1234567890", "GBGD500", "GBHA499", "XI123456789"],
  },
  RS: { valid: ["RS100000024"], invalid: ["RS10000002", "RS1000000245", "100000024"] },
  BE: { valid: ["BE0123456789", "BE1234567890"], invalid: ["BE2123456789", "BE012345678", "BE123456789"] },
  BG: { valid: ["BG123456789", "BG1234567890"], invalid: ["BG12345678", "BG12345678901"] },
  HR: { valid: ["HR12345678901"], invalid: ["HR1234567890", "HR123456789012"] },
  CY: { valid: ["CY12345678L"], invalid: ["CY123456789", "CY1234567L", "CY12345678"] },
  DK: { valid: ["DK12345678"], invalid: ["DK1234567", "DK123456789"] },
  EE: { valid: ["EE123456789"], invalid: ["EE12345678", "EE1234567890"] },
  FI: { valid: ["FI12345678"], invalid: ["FI1234567", "FI123456789"] },
  FR: {
    valid: ["FR12345678901", "FRAB123456789", "FR1A123456789"],
    invalid: ["FRIO123456789", "FR1234567890", "FR123456789012"],
  },
  DE: { valid: ["DE123456789"], invalid: ["DE12345678", "DE1234567890", "DEU12345678"] },
  GR: { valid: ["EL123456789"], invalid: ["GR123456789", "EL12345678", "EL1234567890"] },
  HU: { valid: ["HU12345678"], invalid: ["HU1234567", "HU123456789"] },
  IE: {
    valid: ["IE1234567T", "IE1234567WA", "IE1234567TW", "IE1S23456L", "IE1+23456L", "IE1*23456L"],
    invalid: ["IE123456T", "IE12345678", "IE1234567TZ", "IE1234567X"],
  },
  IT: { valid: ["IT12345678901"], invalid: ["IT1234567890", "IT123456789012"] },
  LV: { valid: ["LV12345678901"], invalid: ["LV1234567890", "LV123456789012"] },
  LT: { valid: ["LT123456789", "LT123456789012"], invalid: ["LT1234567890", "LT12345678"] },
  LU: { valid: ["LU12345678"], invalid: ["LU1234567", "LU123456789"] },
  MT: { valid: ["MT12345678"], invalid: ["MT1234567", "MT123456789"] },
  PL: { valid: ["PL1234567890"], invalid: ["PL123456789", "PL12345678901"] },
  PT: { valid: ["PT123456789"], invalid: ["PT12345678", "PT1234567890"] },
  RO: { valid: ["RO12", "RO1234567890"], invalid: ["RO1", "RO12345678901"] },
  SI: { valid: ["SI12345678"], invalid: ["SI1234567", "SI123456789"] },
  ES: {
    valid: ["ESX1234567A", "ESA12345678", "ES12345678Z", "ESA1234567B"],
    invalid: ["ES123456789", "ESA123456", "ES1234567890"],
  },
  SE: { valid: ["SE123456789001"], invalid: ["SE123456789002", "SE1234567801"] },
  NL: { valid: ["NL123456789B01"], invalid: ["NL123456789A01", "NL123456789B1", "NL12345678B01"] },
  IS: { valid: ["IS12345", "IS123456"], invalid: ["IS1234", "IS1234567"] },
  LI: { valid: ["LI12345"], invalid: ["LI1234", "LI123456"] },
  NO: { valid: ["NO123456789MVA"], invalid: ["NO123456789", "NO12345678MVA"] },
  CH: {
    valid: ["CHE123456789MWST", "CHE123456789TVA", "CHE123456789IVA"],
    invalid: ["CHE123456789", "CH123456789MWST", "CHE12345678MWST", "CHE123456789VAT"],
  },
};

describe("VAT ids", () => {
  it("has a pattern for each of the 33 countries of spec §3", () => {
    expect(VAT_COUNTRY_CODES).toHaveLength(33);
    expect(Object.keys(VAT_PATTERNS).sort()).toEqual([...VAT_COUNTRY_CODES].sort());
    expect(Object.keys(VAT_EXAMPLES).sort()).toEqual([...VAT_COUNTRY_CODES].sort());
  });

  it("anchors every pattern and keeps it case-sensitive", () => {
    for (const code of VAT_COUNTRY_CODES) {
      const pattern = VAT_PATTERNS[code];
      expect(pattern.source.startsWith("^"), code).toBe(true);
      expect(pattern.source.endsWith("$"), code).toBe(true);
      expect(pattern.flags, code).toBe("");
    }
  });

  describe.each(VAT_COUNTRY_CODES)("%s", (code) => {
    const examples = VAT_EXAMPLES[code];
    it.each(examples.valid)("accepts %s", (value) => {
      expect(isValidVatId(code, value)).toBe(true);
      expect(VAT_PATTERNS[code].test(value)).toBe(true);
    });
    it.each(examples.invalid)("rejects %s", (value) => {
      expect(isValidVatId(code, value)).toBe(false);
    });
    it("rejects an empty value", () => {
      expect(isValidVatId(code, "")).toBe(false);
    });
  });

  it("uses the spec §5 patterns exactly", () => {
    expect(VAT_PATTERNS.CZ.source).toBe("^CZ\\d{8,10}$");
    expect(VAT_PATTERNS.SK.source).toBe("^SK\\d{10}$");
    expect(VAT_PATTERNS.AT.source).toBe("^ATU\\d{8}$");
    expect(VAT_PATTERNS.DE.source).toBe("^DE\\d{9}$");
    expect(VAT_PATTERNS.PL.source).toBe("^PL\\d{10}$");
    expect(VAT_PATTERNS.CH.source).toBe("^CHE\\d{9}(?:MWST|TVA|IVA)$");
  });

  it("normalises spaces, dots, hyphens and case before testing", () => {
    expect(normalizeVatId("  cz 123.456-78 ")).toBe("CZ12345678");
    expect(isValidVatId("CZ", " cz 123 456 78 ")).toBe(true);
    expect(isValidVatId("CH", "CHE-123.456.789 MWST")).toBe(true);
    expect(isValidVatId("NO", "no 123 456 789 mva")).toBe(true);
    expect(isValidVatId("GR", "el 123456789")).toBe(true);
    expect(isValidVatId("NL", "nl123456789b01")).toBe(true);
  });

  it("does not let other characters through the normalisation", () => {
    expect(isValidVatId("CZ", "CZ1234/5678")).toBe(false);
    expect(isValidVatId("CZ", "CZ12345678\n9x")).toBe(false);
    expect(isValidVatId("DE", "DE12345678_9")).toBe(false);
  });

  it("accepts a lower-case or padded country code", () => {
    expect(isValidVatId(" de ", "DE123456789")).toBe(true);
    expect(vatPatternFor("sk")).toBe(VAT_PATTERNS.SK);
  });

  it("throws for an unknown country code, naming it", () => {
    expect(() => isValidVatId("XX", "XX123")).toThrow(/"XX"/);
    expect(() => vatPatternFor("EL")).toThrow(/Unknown country code.*"EL"/);
    expect(() => vatPatternFor("")).toThrow(Error);
    expect(() => vatPatternFor("constructor")).toThrow(/constructor/);
  });

  it("tells VAT countries from other codes", () => {
    expect(isVatCountry("CZ")).toBe(true);
    expect(isVatCountry("US")).toBe(false);
    expect(isVatCountry("toString")).toBe(false);
  });
});

describe("Slovak tax id (DIČ)", () => {
  it.each(["123456789", "1234567890", " 2020 273 893 "])("accepts %j", (value) => {
    expect(isValidSkTaxId(value)).toBe(true);
  });
  it.each(["12345678", "12345678901", "SK1234567890", "12345678a", ""])("rejects %j", (value) => {
    expect(isValidSkTaxId(value)).toBe(false);
  });
});

describe("UUIDs", () => {
  const versions = [1, 2, 3, 4, 5, 6, 7, 8].map((v) => `123e4567-e89b-${v}2d3-a456-426614174000`);

  it.each(versions)("accepts %s", (value) => {
    expect(isUuid(value)).toBe(true);
  });

  it("accepts the nil UUID, upper case and every RFC variant nibble", () => {
    expect(isUuid("00000000-0000-0000-0000-000000000000")).toBe(true);
    expect(isUuid("123E4567-E89B-42D3-A456-426614174000")).toBe(true);
    for (const variant of ["8", "9", "a", "b"]) {
      expect(isUuid(`123e4567-e89b-42d3-${variant}456-426614174000`)).toBe(true);
    }
  });

  it.each([
    "123e4567-e89b-02d3-a456-426614174000", // version 0
    "123e4567-e89b-92d3-a456-426614174000", // version 9
    "123e4567-e89b-42d3-c456-426614174000", // Microsoft variant
    "123e4567e89b42d3a456426614174000", // no hyphens
    "{123e4567-e89b-42d3-a456-426614174000}",
    " 123e4567-e89b-42d3-a456-426614174000",
    "123e4567-e89b-42d3-a456-42661417400g",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "",
  ])("rejects %j", (value) => {
    expect(isUuid(value)).toBe(false);
  });

  it("rejects non-strings", () => {
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it("assertUuid passes a UUID and names the parameter otherwise", () => {
    expect(() => assertUuid("eventId", "123e4567-e89b-42d3-a456-426614174000")).not.toThrow();
    expect(() => assertUuid("eventId", "abc")).toThrow(/"eventId".*"abc"/);
    expect(() => assertUuid("orderId", undefined)).toThrow(/"orderId"/);
  });
});

describe("time strings", () => {
  const cases: [string, number][] = [
    ["250ms", 250],
    ["250 ms", 250],
    ["1 millisecond", 1],
    ["3 milliseconds", 3],
    ["1s", 1_000],
    ["1 second", 1_000],
    ["2 seconds", 2_000],
    ["1m", 60_000],
    ["1 minute", 60_000],
    ["10 minutes", 600_000],
    ["1h", 3_600_000],
    ["1 hour", 3_600_000],
    ["2 hours", 7_200_000],
    ["1d", 86_400_000],
    ["1 day", 86_400_000],
    ["365 days", 31_536_000_000],
    ["1.5 seconds", 1_500],
    ["1.1s", 1_100],
    [".5h", 1_800_000],
    ["0 ms", 0],
    ["2 Hours", 7_200_000],
    ["  5 MINUTES ", 300_000],
  ];

  it.each(cases)("parses %j as %d ms", (input, expected) => {
    expect(parseTimeString(input)).toBe(expected);
  });

  it("knows every documented unit", () => {
    for (const unit of Object.keys(TIME_UNITS) as TimeUnit[]) {
      expect(parseTimeString(`2${unit}`)).toBe(2 * TIME_UNITS[unit]);
      expect(parseTimeString(`2 ${unit}`)).toBe(2 * TIME_UNITS[unit]);
    }
  });

  it.each([
    ["", /empty/],
    ["   ", /empty/],
    ["-5 minutes", /negative/],
    ["-1ms", /negative/],
    ["5 weeks", /unknown unit "weeks"/],
    ["5 fortnight", /unknown unit/],
    ["NaN ms", /expected a number and a unit/],
    ["NaN", /expected a number and a unit/],
    ["10", /missing unit/],
    ["1.5", /missing unit/],
    ["ms", /expected a number and a unit/],
    ["5  ms", /expected a number and a unit/],
    ["1.2.3s", /expected a number and a unit/],
    ["1e3ms", /expected a number and a unit/],
    ["Infinity ms", /expected a number and a unit/],
    ["1,5 s", /expected a number and a unit/],
    ["5 constructor", /unknown unit/],
    [`${"9".repeat(400)} days`, /too large/],
  ])("rejects %j", (input, reason) => {
    expect(() => parseTimeString(input)).toThrow(TimeStringError);
    expect(() => parseTimeString(input)).toThrow(reason);
  });

  it("puts the input in the error message and on the error", () => {
    try {
      parseTimeString("5 weeks");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TimeStringError);
      expect(error).toBeInstanceOf(Error);
      const e = error as TimeStringError;
      expect(e.name).toBe("TimeStringError");
      expect(e.input).toBe("5 weeks");
      expect(e.message).toContain('"5 weeks"');
    }
  });

  it("rejects a non-string input at run time", () => {
    expect(() => parseTimeString(undefined as unknown as string)).toThrow(TimeStringError);
  });

  it("toMs converts a value in a unit", () => {
    expect(toMs(10, "minutes")).toBe(600_000);
    expect(toMs(1.1, "s")).toBe(1_100);
    expect(toMs(0.5, "d")).toBe(43_200_000);
    expect(toMs(2048, "ms")).toBe(2048);
  });

  it("toMs rejects bad values and units", () => {
    expect(() => toMs(-1, "s")).toThrow(/negative/);
    expect(() => toMs(Number.NaN, "s")).toThrow(/not a number/);
    expect(() => toMs(Number.POSITIVE_INFINITY, "s")).toThrow(/not finite/);
    expect(() => toMs(1, "weeks" as TimeUnit)).toThrow(TimeStringError);
  });
});

describe("cookies", () => {
  it.each(["cc_cookie_v4", "_hocid", "_hocid_marker", "a", "name-with.dots!#$%&'*+^`|~"])(
    "accepts the name %j",
    (name) => {
      expect(isValidCookieName(name)).toBe(true);
    },
  );

  it.each(["", "a b", "a=b", "a;b", "a\tb", "čeština", "a\nb"])("rejects the name %j", (name) => {
    expect(isValidCookieName(name)).toBe(false);
  });

  it.each(["", "abc", "%7B%22necessary%22%3Atrue%7D", "a=b", "eyJhbGciOi.x_y-z"])(
    "accepts the value %j",
    (value) => {
      expect(isValidCookieValue(value)).toBe(true);
    },
  );

  it.each(["a b", "a;b", "ž", "line\nbreak", '{"necessary": true}'])("rejects the value %j", (value) => {
    expect(isValidCookieValue(value)).toBe(false);
  });

  it("assertCookie passes a valid pair and names the failing part", () => {
    expect(() => assertCookie("cc_cookie_v4", "abc")).not.toThrow();
    expect(() => assertCookie("bad name", "abc")).toThrow(/Invalid cookie name: "bad name"/);
    expect(() => assertCookie("_hocid", "a;b")).toThrow(/Invalid value for cookie "_hocid"/);
  });

  it("rejects non-strings at run time", () => {
    expect(isValidCookieName(1 as unknown as string)).toBe(false);
    expect(isValidCookieValue(undefined as unknown as string)).toBe(false);
  });
});
