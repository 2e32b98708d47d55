/**
 * The set-up every PDF of the service shares: an A4 page, the brand's colours and DejaVu Sans, embedded as a
 * subset, because the standard PDF fonts (WinAnsi encoding) cannot write Czech and Slovak letters such as
 * ř, ě, ů, ľ or ŕ. `renderPdf` opens a document with its metadata, registers the fonts (`regular`, `bold`,
 * `mono`), lets the caller draw and answers the bytes.
 *
 * The output is deterministic for the same drawing and `creationDate` (the file id is derived from the
 * document info, font subset tags from the font ids).
 */
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { Locale } from "../../lib/i18n/config.ts";
import { SERVICE_BRAND } from "../brand.ts";

/** A PDF document being drawn. */
export type Doc = InstanceType<typeof PDFDocument>;

/** Points in a millimetre. */
export const MM = 72 / 25.4;
/** A4 in points. */
export const PAGE = { width: 595.28, height: 841.89 };
/** Left and right margin in points. */
export const MARGIN = 48;
/** Width between the margins. */
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Colours of the documents. */
export const COLORS = {
  brand: "#6a2bcf",
  brandLight: "#efe8ff",
  text: "#0f172a",
  muted: "#475569",
  line: "#cbd5e1",
};

const require = createRequire(import.meta.url);

interface Fonts {
  regular: string;
  bold: string;
  mono: string;
}

let fonts: Fonts | undefined;

/** Paths of the DejaVu font files (resolved once per process). */
function fontFiles(): Fonts {
  fonts ??= {
    regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
    bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
    mono: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf"),
  };
  return fonts;
}

/** What the document info of a PDF says. */
export interface PdfMeta {
  language: Locale;
  title: string;
  subject: string;
  /** CreationDate of the document info (default: now). Fix it for byte-identical output. */
  creationDate?: Date | undefined;
}

/** Draws the brand band across the top of a page, with a word (e.g. "TICKET") on its right. */
export function drawBrandHeader(doc: Doc, word: string): void {
  doc.rect(0, 0, PAGE.width, 64).fill(COLORS.brand);
  doc.font("bold").fontSize(22).fillColor("#ffffff");
  doc.text(SERVICE_BRAND, MARGIN, 20, { width: CONTENT_WIDTH / 2, lineBreak: false });
  doc.font("regular").fontSize(11);
  doc.text(word.toUpperCase(), MARGIN + CONTENT_WIDTH / 2, 27, {
    width: CONTENT_WIDTH / 2,
    align: "right",
    characterSpacing: 1.5,
    lineBreak: false,
  });
}

/** Draws the footer line with a text on the left and one on the right. */
export function drawFooter(doc: Doc, left: string, right: string): void {
  doc
    .moveTo(MARGIN, PAGE.height - 56)
    .lineTo(PAGE.width - MARGIN, PAGE.height - 56)
    .lineWidth(0.5);
  doc.stroke(COLORS.line);
  doc.font("regular").fontSize(9).fillColor(COLORS.muted);
  doc.text(left, MARGIN, PAGE.height - 44, { width: CONTENT_WIDTH / 2, lineBreak: false });
  doc.text(right, MARGIN + CONTENT_WIDTH / 2, PAGE.height - 44, {
    width: CONTENT_WIDTH / 2,
    align: "right",
    lineBreak: false,
  });
}

/** Renders a PDF: opens an A4 document with `meta` and the fonts, lets `draw` add its pages, answers the bytes. */
export async function renderPdf(meta: PdfMeta, draw: (doc: Doc) => void): Promise<Uint8Array> {
  const { regular, bold, mono } = fontFiles();
  const creationDate = meta.creationDate ?? new Date();
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    autoFirstPage: false,
    font: regular,
    pdfVersion: "1.7",
    lang: meta.language,
    displayTitle: true,
    info: {
      Title: meta.title,
      Author: SERVICE_BRAND,
      Subject: meta.subject,
      Creator: SERVICE_BRAND,
      CreationDate: creationDate,
      ModDate: creationDate,
    },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  doc.registerFont("mono", mono);
  draw(doc);
  doc.end();
  await done;
  const length = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
