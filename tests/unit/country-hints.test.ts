import { describe, expect, it } from "vitest";
import { country, DIAL_CODES, dialCode } from "../../src/lib/enums/index.ts";
import { VAT_COUNTRY_CODES, VAT_PATTERNS, vatIdExample } from "../../src/lib/validation/index.ts";

describe("dialling codes of the countries", () => {
  it("has one for every country of the enumeration", () => {
    for (const entry of country.entries) {
      expect(dialCode(entry.id), entry.iso2).toMatch(/^[1-9]\d{0,2}$/);
    }
    expect(Object.keys(DIAL_CODES).sort()).toEqual([...VAT_COUNTRY_CODES].sort());
  });

  it("gives the code of a country id, none for an unknown id", () => {
    expect(dialCode(country.id.CZE)).toBe("420");
    expect(dialCode(country.id.SVK)).toBe("421");
    expect(dialCode(country.id.DEU)).toBe("49");
    expect(dialCode(9999)).toBeNull();
  });
});

describe("VAT id examples", () => {
  it("gives an example of the country's VAT id shape where one is known", () => {
    expect(vatIdExample("CZ")).toBe("CZ12345678");
    expect(vatIdExample("CH")).toBe("CHE123456789MWST");
    expect(vatIdExample("FR")).toBeNull();
    expect(vatIdExample(undefined)).toBeNull();
  });

  it("matches the country's own pattern", () => {
    for (const code of VAT_COUNTRY_CODES) {
      const example = vatIdExample(code);
      if (example !== null) expect(VAT_PATTERNS[code].test(example), code).toBe(true);
    }
  });
});
