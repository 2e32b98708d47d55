/**
 * The text of a PDF written by the service (pdfkit, embedded subset fonts), read back the way a PDF reader
 * extracts it: each text object's glyph codes are mapped to Unicode through the ToUnicode map of the font
 * it is set in. Enough for pdfkit's output (FlateDecode streams, `Tf`, `Tj` and `TJ` with hex strings);
 * not a general PDF parser.
 */
import { inflateSync } from "node:zlib";

interface PdfObject {
  dict: string;
  stream: string | null;
}

/** The objects of a PDF by number, their streams inflated. */
function objects(pdf: Uint8Array): Map<string, PdfObject> {
  const buf = Buffer.from(pdf);
  const text = buf.toString("latin1");
  const out = new Map<string, PdfObject>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2] ?? "";
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      out.set(m[1] ?? "", { dict: body, stream: null });
      continue;
    }
    const start =
      (m.index ?? 0) + m[0].indexOf(body) + at + (/stream\r?\n/.exec(body.slice(at))?.[0].length ?? 0);
    const end = text.indexOf("endstream", start);
    const raw = buf.subarray(start, end);
    const dict = body.slice(0, at);
    const stream = dict.includes("/FlateDecode")
      ? inflateSync(raw).toString("latin1")
      : raw.toString("latin1");
    out.set(m[1] ?? "", { dict, stream });
  }
  return out;
}

/** A ToUnicode CMap as glyph code → text (bfchar, bfrange with a start code or with an array). */
function cmapOf(source: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (h: string) => Number.parseInt(h, 16);
  const str = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map(hex));
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of (block[1] ?? "").matchAll(/<(\w+)>\s*<(\w+)>\s*(\[[^\]]*\]|<\w+>)/g)) {
      const from = hex(r[1] ?? "");
      const to = hex(r[2] ?? "");
      const target = r[3] ?? "";
      if (target.startsWith("[")) {
        let code = from;
        for (const t of target.matchAll(/<(\w+)>/g)) map.set(code++, str(t[1] ?? ""));
      } else {
        const first = hex(target.slice(1, -1));
        for (let code = from; code <= to; code++) map.set(code, String.fromCodePoint(first + code - from));
      }
    }
  }
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const r of (block[1] ?? "").matchAll(/<(\w+)>\s*<(\w+)>/g))
      map.set(hex(r[1] ?? ""), str(r[2] ?? ""));
  }
  return map;
}

/** The dictionary text of an object named by an indirect reference `/Key n 0 R`, or the inline one. */
function refOf(dict: string, key: string): string | undefined {
  return new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1];
}

/** The text of every text object of a PDF, page by page, one string per text object (`BT … ET`). */
export function pdfTextLines(pdf: Uint8Array): string[] {
  const objs = objects(pdf);
  const lines: string[] = [];
  for (const page of objs.values()) {
    if (!/\/Type \/Page\b(?!s)/.test(page.dict)) continue;
    const resources = objs.get(refOf(page.dict, "Resources") ?? "")?.dict ?? page.dict;
    const fonts = new Map<string, Map<number, string>>();
    for (const f of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const cmap = objs.get(refOf(objs.get(f[2] ?? "")?.dict ?? "", "ToUnicode") ?? "")?.stream ?? "";
      fonts.set(f[1] ?? "", cmapOf(cmap));
    }
    const content = objs.get(refOf(page.dict, "Contents") ?? "")?.stream ?? "";
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      let cmap = new Map<number, string>();
      let line = "";
      for (const op of (block[1] ?? "").matchAll(/\/(F\d+) [\d.]+ Tf|(\[[^\]]*\]|<\w*>) T[jJ]/g)) {
        if (op[1]) cmap = fonts.get(op[1]) ?? new Map();
        for (const h of (op[2] ?? "").matchAll(/<(\w*)>/g)) {
          for (const code of (h[1] ?? "").match(/.{4}/g) ?? [])
            line += cmap.get(Number.parseInt(code, 16)) ?? "";
        }
      }
      lines.push(line);
    }
  }
  return lines;
}
