/**
 * QR codes for tickets: the module matrix (for the PDF, which draws squares) and a small standalone SVG
 * (for pages). The SVG is built here rather than by the package's renderer so that it is synchronous,
 * filled (not stroked: no half-pixel seams when scaled), and accessible: one `<path>` of dark-module runs
 * row by row, a white quiet zone, `shape-rendering="crispEdges"`.
 *
 * Runs anywhere: `qrcode` resolves to its browser build in bundles; only `create` (pure JS) is used.
 */
import QRCode from "qrcode";

/** Error correction level of a QR code: L 7 %, M 15 %, Q 25 %, H 30 % of the code may be damaged. */
export type QrErrorCorrection = "L" | "M" | "Q" | "H";

/** Error correction of ticket QR codes (page and PDF): Q, 25 %, still scans a creased or smudged printout. */
export const TICKET_QR_ERROR_CORRECTION: QrErrorCorrection = "Q";

/** Quiet zone around the code, in modules; the QR standard asks for 4. */
export const QR_QUIET_ZONE = 4;

/** The modules of a QR code: `size` × `size`, dark or light. */
export interface QrMatrix {
  /** Modules per side (21 for version 1, +4 per version). */
  size: number;
  /** True when the module in column `x`, row `y` (from the top left, 0-based) is dark. */
  isDark(x: number, y: number): boolean;
}

/** Encodes `text` (byte mode for anything not numeric or alphanumeric) and returns its module matrix. */
export function qrMatrix(text: string, errorCorrection: QrErrorCorrection = "M"): QrMatrix {
  if (text === "") throw new RangeError("A QR code needs a non-empty text");
  const { modules } = QRCode.create(text, { errorCorrectionLevel: errorCorrection });
  const { size, data } = modules;
  return {
    size,
    isDark: (x, y) => x >= 0 && y >= 0 && x < size && y < size && data[y * size + x] === 1,
  };
}

/** Options of {@link qrSvg}. */
export interface QrSvgOptions {
  /** Accessible name (rendered as `<title>`); without one the image is marked decorative (aria-hidden). */
  label?: string | undefined;
  /** Quiet zone in modules (default 4). */
  margin?: number | undefined;
  /** Error correction level (default M). */
  errorCorrection?: QrErrorCorrection | undefined;
  /** Class attribute of the `<svg>` (e.g. sizing classes). */
  className?: string | undefined;
  /** Width and height in CSS pixels; without it the SVG scales to its container. */
  size?: number | undefined;
}

/** Escapes text for an XML attribute or element. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The SVG path of the dark modules: one closed rectangle per horizontal run, offset by the margin. */
export function qrPath(matrix: QrMatrix, margin = QR_QUIET_ZONE): string {
  let d = "";
  for (let y = 0; y < matrix.size; y++) {
    let x = 0;
    while (x < matrix.size) {
      if (!matrix.isDark(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < matrix.size && matrix.isDark(x, y)) x++;
      const run = x - start;
      d += `M${start + margin} ${y + margin}h${run}v1h-${run}z`;
    }
  }
  return d;
}

/** A standalone SVG image of the QR code of `text`: dark modules on white, with a quiet zone. */
export function qrSvg(text: string, opts: QrSvgOptions = {}): string {
  const margin = opts.margin ?? QR_QUIET_ZONE;
  if (!Number.isInteger(margin) || margin < 0) throw new RangeError("margin must be a whole number ≥ 0");
  const matrix = qrMatrix(text, opts.errorCorrection ?? "M");
  const side = matrix.size + 2 * margin;
  const attrs = [
    'xmlns="http://www.w3.org/2000/svg"',
    `viewBox="0 0 ${side} ${side}"`,
    opts.size === undefined ? "" : `width="${opts.size}" height="${opts.size}"`,
    opts.className ? `class="${escapeXml(opts.className)}"` : "",
    opts.label ? 'role="img"' : 'aria-hidden="true"',
    'shape-rendering="crispEdges"',
  ].filter(Boolean);
  const title = opts.label ? `<title>${escapeXml(opts.label)}</title>` : "";
  return (
    `<svg ${attrs.join(" ")}>${title}` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path fill="#000" d="${qrPath(matrix, margin)}"/></svg>`
  );
}
