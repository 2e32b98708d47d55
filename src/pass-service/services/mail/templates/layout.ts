/**
 * The shared layout of every mail: a template describes its content once as blocks (headings, paragraphs,
 * a button, a code to type, tables, an inline image), and this file writes them twice — as plain text and as
 * HTML with inline styles, every value escaped, the language on `<html lang>`, real headings and alt texts.
 */
import type { Locale } from "../../../../lib/i18n/config.ts";
import { escapeXml } from "../../../../lib/qr.ts";
import { SERVICE_BRAND } from "../../../brand.ts";

/** One piece of a mail's content. */
export type MailBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "button"; href: string; label: string }
  | { kind: "code"; label: string; code: string }
  | { kind: "facts"; rows: [label: string, value: string][] }
  | { kind: "table"; head: string[]; rows: string[][]; foot: [label: string, value: string][] }
  | { kind: "image"; cid: string; alt: string; size: number };

/** A rendered mail without its attachments. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const FOOTER: Record<Locale, { sentBy: string; copyLink: string }> = {
  cs: {
    sentBy: `Tento e-mail vám poslal ${SERVICE_BRAND}.`,
    copyLink: "Pokud tlačítko nefunguje, zkopírujte tuto adresu do prohlížeče:",
  },
  en: {
    sentBy: `This e-mail was sent by ${SERVICE_BRAND}.`,
    copyLink: "If the button does not work, copy this address into your browser:",
  },
  de: {
    sentBy: `Diese E-Mail wurde von ${SERVICE_BRAND} gesendet.`,
    copyLink: "Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:",
  },
  sk: {
    sentBy: `Tento e-mail vám poslal ${SERVICE_BRAND}.`,
    copyLink: "Ak tlačidlo nefunguje, skopírujte túto adresu do prehliadača:",
  },
};

const esc = escapeXml;
const TEXT = "color:#18181b;font-size:16px;line-height:1.5;margin:0 0 16px;";
const CELL = "padding:6px 8px;border-bottom:1px solid #e4e4e7;text-align:left;";

/** The plain-text form of a block. */
function blockText(block: MailBlock): string {
  switch (block.kind) {
    case "heading":
      return `${block.text}\n${"=".repeat(block.text.length)}`;
    case "paragraph":
      return block.text;
    case "button":
      return `${block.label}:\n${block.href}`;
    case "code":
      return `${block.label}: ${block.code}`;
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "table":
      return [
        ...block.rows.map((row) => `- ${row.join(" | ")}`),
        ...block.foot.map(([label, value]) => `${label}: ${value}`),
      ].join("\n");
    case "image":
      return "";
  }
}

/** The HTML form of a block. */
function blockHtml(block: MailBlock, locale: Locale): string {
  switch (block.kind) {
    case "heading":
      return `<h1 style="font-size:22px;line-height:1.3;color:#18181b;margin:0 0 16px;">${esc(block.text)}</h1>`;
    case "paragraph":
      return `<p style="${TEXT}">${esc(block.text)}</p>`;
    case "button":
      return (
        `<p style="margin:24px 0;"><a href="${esc(block.href)}" style="display:inline-block;background:#1d4ed8;` +
        `color:#ffffff;font-weight:bold;font-size:16px;padding:12px 20px;border-radius:6px;text-decoration:none;">` +
        `${esc(block.label)}</a></p><p style="color:#52525b;font-size:13px;margin:0 0 16px;">` +
        `${esc(FOOTER[locale].copyLink)}<br><a href="${esc(block.href)}" style="color:#1d4ed8;word-break:break-all;">` +
        `${esc(block.href)}</a></p>`
      );
    case "code":
      return (
        `<p style="${TEXT}">${esc(block.label)}</p><p style="font-family:'Courier New',monospace;font-size:32px;` +
        `font-weight:bold;letter-spacing:6px;color:#18181b;background:#f4f4f5;padding:12px 16px;margin:0 0 16px;` +
        `display:inline-block;">${esc(block.code)}</p>`
      );
    case "facts":
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="${CELL}color:#52525b;font-weight:normal;">${esc(label)}</th>` +
            `<td style="${CELL}font-weight:bold;">${esc(value)}</td></tr>`,
        )
        .join("")}</table>`;
    case "table":
      return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px;"><thead><tr>${block.head
        .map((h) => `<th scope="col" style="${CELL}">${esc(h)}</th>`)
        .join("")}</tr></thead><tbody>${block.rows
        .map((row) => `<tr>${row.map((cell) => `<td style="${CELL}">${esc(cell)}</td>`).join("")}</tr>`)
        .join("")}</tbody><tfoot>${block.foot
        .map(
          ([label, value]) =>
            `<tr><th scope="row" colspan="${Math.max(1, block.head.length - 1)}" style="${CELL}">${esc(label)}</th>` +
            `<td style="${CELL}font-weight:bold;">${esc(value)}</td></tr>`,
        )
        .join("")}</tfoot></table>`;
    case "image":
      return (
        `<p style="margin:0 0 16px;"><img src="cid:${esc(block.cid)}" alt="${esc(block.alt)}" ` +
        `width="${block.size}" height="${block.size}" style="display:block;"></p>`
      );
  }
}

/** Writes a mail's blocks as plain text and as an HTML document in the recipient's language. */
export function renderLayout(locale: Locale, subject: string, blocks: MailBlock[]): MailContent {
  const footer = FOOTER[locale].sentBy;
  const text = `${[...blocks.map(blockText).filter(Boolean), "--", footer].join("\n\n")}\n`;
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f4f5;">` +
    `<div role="article" aria-label="${esc(subject)}" style="max-width:600px;margin:0 auto;padding:24px;` +
    `background:#ffffff;font-family:Arial,Helvetica,sans-serif;color:#18181b;">` +
    `<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 24px;">${esc(SERVICE_BRAND)}</p>` +
    blocks.map((b) => blockHtml(b, locale)).join("") +
    `<p style="color:#52525b;font-size:13px;border-top:1px solid #e4e4e7;padding-top:16px;margin:24px 0 0;">` +
    `${esc(footer)}</p></div></body></html>`;
  return { subject, text, html };
}
