import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { renderTicketsPdf, type TicketPdfInput } from "../../src/pass-service/services/ticket-pdf.ts";

const CREATED = new Date("2026-05-01T10:00:00Z");

const input: TicketPdfInput = {
  language: "cs",
  orderNumber: 1042,
  buyerName: "Jiří Řezníček",
  event: {
    name: "Letní festival Žluťoučký kůň",
    startsAt: "2026-07-17T16:00:00Z",
    endsAt: "2026-07-17T21:30:00Z",
    timezone: "Europe/Prague",
    venueName: "Výstaviště",
    venueCity: "České Budějovice",
    organizerName: "Pořadatelé s.r.o.",
  },
  tickets: [
    {
      code: "VST-8F3K-2Q9M",
      qrCode: "vstupio:t:8f3k2q9m0000",
      ticketTypeName: "Celý festival",
      groupName: "Vstupenky",
      price: 129000,
      currencyId: 1,
      seat: null,
      holderName: "Šárka Dvořáková",
    },
    {
      code: "VST-7H2L-1P0Z",
      qrCode: "vstupio:t:7h2l1p0z0000",
      ticketTypeName: "Sezení",
      groupName: null,
      price: 0,
      currencyId: 1,
      seat: { sectorName: "Tribuna A", row: "3", number: 12 },
      holderName: null,
    },
    {
      code: "VST-1111-2222",
      qrCode: "vstupio:t:11112222",
      ticketTypeName: "Dítě",
      groupName: null,
      price: 45050,
      currencyId: 2,
      seat: null,
      holderName: null,
    },
  ],
};

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

/** Reads a PDF literal string `(…)` starting at `start` (escapes resolved) as bytes. */
function pdfString(text: string, start: number): Buffer {
  const bytes: number[] = [];
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i] ?? "";
    if (c === "\\") {
      const next = text[++i] ?? "";
      const octal = /^[0-7]{1,3}/.exec(text.slice(i, i + 3))?.[0];
      if (octal) {
        bytes.push(Number.parseInt(octal, 8));
        i += octal.length - 1;
      } else {
        const named: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
        bytes.push(named[next] ?? next.charCodeAt(0));
      }
      continue;
    }
    if (c === "(" && depth++ === 0) continue;
    if (c === ")" && --depth === 0) break;
    bytes.push(c.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

/** A text entry of the document info dictionary, decoded (PDFDocEncoding or UTF-16BE with BOM). */
function infoText(pdf: Uint8Array, key: string): string {
  const text = latin1(pdf);
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(text)?.[1];
  const at = text.indexOf(`\n${ref} 0 obj\n`);
  if (ref === undefined || at < 0) return "";
  const bytes = pdfString(text, text.indexOf("(", at));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2)).swap16().toString("utf16le");
  return bytes.toString("latin1");
}

/** The decompressed contents of every FlateDecode stream of a PDF. */
function streams(pdf: Uint8Array): string[] {
  const buf = Buffer.from(pdf);
  const text = buf.toString("latin1");
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf("endstream", start);
    try {
      out.push(inflateSync(buf.subarray(start, end)).toString("latin1"));
    } catch {
      // Not a deflated stream.
    }
  }
  return out;
}

/** Unicode code points the ToUnicode maps of the embedded fonts name (what text extraction gives back). */
function mappedCodePoints(pdf: Uint8Array): Set<number> {
  const points = new Set<number>();
  for (const s of streams(pdf).filter((x) => x.includes("begincmap"))) {
    for (const [, hex] of s.matchAll(/<([0-9a-fA-F]{4})>/g)) points.add(Number.parseInt(hex ?? "", 16));
  }
  return points;
}

describe("renderTicketsPdf", () => {
  it("is a PDF with one page per ticket", async () => {
    const pdf = await renderTicketsPdf(input, { creationDate: CREATED });
    const text = latin1(pdf);
    expect(text.startsWith("%PDF-1.7")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(3);
    const one = await renderTicketsPdf({ ...input, tickets: input.tickets.slice(0, 1) });
    expect(latin1(one).match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
  });

  it("embeds DejaVu and maps the Czech letters it writes", async () => {
    const pdf = await renderTicketsPdf(input, { creationDate: CREATED });
    const text = latin1(pdf);
    expect(text).toContain("/FontFile2");
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansMono-Bold\b/);
    // No standard font (Helvetica) that could not write them.
    expect(text).not.toContain("/Helvetica");
    const points = mappedCodePoints(pdf);
    for (const ch of "Šárka DvořákováŽluťoučký kůňČeské BudějoviceŘezníček") {
      expect(points.has(ch.codePointAt(0) ?? 0), `glyph for ${ch}`).toBe(true);
    }
  });

  it("sets the document metadata", async () => {
    const pdf = await renderTicketsPdf(input, { creationDate: CREATED });
    const text = latin1(pdf);
    expect(infoText(pdf, "Author")).toBe("Vstupio");
    expect(infoText(pdf, "Title")).toBe("Vstupenky – Letní festival Žluťoučký kůň");
    expect(infoText(pdf, "CreationDate")).toBe("D:20260501100000Z");
    expect(text).toContain("/Lang (cs)");
    expect(text).toContain("/DisplayDocTitle true");
  });

  it("writes the same bytes for the same input and creation date", async () => {
    const a = await renderTicketsPdf(input, { creationDate: CREATED });
    const b = await renderTicketsPdf(input, { creationDate: CREATED });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("renders every language", async () => {
    for (const language of ["cs", "en", "de", "sk"] as const) {
      const pdf = await renderTicketsPdf({ ...input, language }, { creationDate: CREATED });
      expect(latin1(pdf)).toContain(`/Lang (${language})`);
    }
  });

  it("draws the QR code as vector squares at least 50 mm wide", async () => {
    const pdf = await renderTicketsPdf(
      { ...input, tickets: input.tickets.slice(0, 1) },
      { creationDate: CREATED },
    );
    const page = streams(pdf).find((s) => / re\b/.test(s) && /BT/.test(s)) ?? "";
    const rects = [...page.matchAll(/([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re/g)].map((m) =>
      m.slice(1, 5).map(Number),
    );
    // The white square of the code (with its quiet zone) is the first square on the page after the header.
    const squares = rects.filter(([, , w, h]) => w !== undefined && Math.abs(w - Math.abs(h ?? 0)) < 0.01);
    const quietZone = squares.find(([, , w]) => (w ?? 0) > 150);
    expect(quietZone).toBeDefined();
    const mm = ((quietZone?.[2] ?? 0) * 25.4) / 72;
    expect(mm).toBeGreaterThan(50 + 8);
    // Module runs: many small rectangles, all as high as one module.
    const modules = rects.filter(
      ([, , , h]) => Math.abs(Math.abs(h ?? 0) - Math.abs(squares[1]?.[3] ?? 0)) < 0.01,
    );
    expect(modules.length).toBeGreaterThan(50);
  });

  it("refuses an order without tickets", async () => {
    await expect(renderTicketsPdf({ ...input, tickets: [] })).rejects.toThrow(RangeError);
  });
});
