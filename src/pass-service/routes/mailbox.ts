/**
 * The local mailbox page, served only where MAILBOX=on (never on the production stage): `/mailbox` lists
 * the newest messages (`?to=` one recipient's), `/mailbox/<id>` shows one — its text with the links
 * clickable, its HTML in a sandboxed frame (no scripts, no same-origin access) under a strict
 * Content-Security-Policy, and its attachments to download. `/mailbox/messages.json?to=` answers the same
 * list as JSON, with the text parts, for end-to-end tests.
 */
import type { Context, Hono } from "hono";
import { Uuid } from "../../contract/common.ts";
import { escapeXml } from "../../lib/qr.ts";
import type { ServiceDeps } from "../deps.ts";
import { type MailboxMessage, mailboxMessage, mailboxMessages } from "../services/mail/mailbox.ts";

const esc = escapeXml;

/** Page styles and scripts: none but inline styles and data: images (the mails' inline QR codes). */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

function page(c: Context, title: string, body: string, status: 200 | 404 = 200) {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `</head><body style="font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px;">` +
    `<main>${body}</main></body></html>`;
  return c.html(html, status, {
    "content-security-policy": CSP,
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
  });
}

/** Plain text with its http(s) addresses as links. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${esc(part)}">${esc(part)}</a>` : esc(part)))
    .join("");
}

function listHtml(messages: MailboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${esc(m.deliveredAt.toISOString())}</td><td>${esc(m.recipient)}</td>` +
        `<td><a href="/mailbox/${m.messageId}">${esc(m.subject)}</a></td><td>${m.attachments.length}</td></tr>`,
    )
    .join("");
  return (
    `<h1>Mailbox${to ? ` of ${esc(to)}` : ""}</h1>` +
    `<p>Mail the service delivered locally (no SMTP_URL is set).</p>` +
    (messages.length === 0
      ? "<p>No messages yet.</p>"
      : `<table><thead><tr><th scope="col">Delivered (UTC)</th><th scope="col">To</th>` +
        `<th scope="col">Subject</th><th scope="col">Attachments</th></tr></thead><tbody>${rows}</tbody></table>`)
  );
}

function messageHtml(m: MailboxMessage): string {
  const attachments = m.attachments
    .map(
      (a, i) =>
        `<li><a href="/mailbox/${m.messageId}/attachments/${i}" download="${esc(a.filename)}">` +
        `${esc(a.filename)}</a> (${esc(a.contentType)})</li>`,
    )
    .join("");
  return (
    `<p><a href="/mailbox">All messages</a></p><h1>${esc(m.subject)}</h1>` +
    `<dl><dt>To</dt><dd>${esc(m.recipient)}</dd><dt>Delivered (UTC)</dt>` +
    `<dd>${esc(m.deliveredAt.toISOString())}</dd></dl>` +
    (attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : "") +
    `<h2>HTML</h2><iframe title="${esc(`HTML of “${m.subject}”`)}" sandbox srcdoc="${esc(m.html)}" ` +
    `style="width:100%;height:640px;border:1px solid #ccc;"></iframe>` +
    `<h2>Text</h2><pre style="white-space:pre-wrap;">${linkify(m.text)}</pre>`
  );
}

/** Serves the mailbox page on the app (call only where MAILBOX=on). */
export function registerMailbox(app: Hono, deps: ServiceDeps): void {
  const db = deps.database.db;
  const recipientOf = (c: Context) => c.req.query("to")?.trim() || undefined;
  const notFound = (c: Context) => page(c, "Not found", "<h1>No such message</h1>", 404);
  const find = async (c: Context) => {
    const id = c.req.param("messageId") ?? "";
    return Uuid.safeParse(id).success ? mailboxMessage(db, id) : undefined;
  };

  app.get("/mailbox", async (c) => {
    const to = recipientOf(c);
    return page(c, "Mailbox", listHtml(await mailboxMessages(db, to), to));
  });
  app.get("/mailbox/messages.json", async (c) => {
    const messages = await mailboxMessages(db, recipientOf(c));
    return c.json(
      messages.map((m) => ({
        messageId: m.messageId,
        recipient: m.recipient,
        subject: m.subject,
        text: m.text,
        deliveredAt: m.deliveredAt.toISOString(),
        attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
      })),
      200,
      { "cache-control": "no-store" },
    );
  });
  app.get("/mailbox/:messageId", async (c) => {
    const message = await find(c);
    return message ? page(c, message.subject, messageHtml(message)) : notFound(c);
  });
  app.get("/mailbox/:messageId/attachments/:index", async (c) => {
    const message = await find(c);
    const attachment = message?.attachments[Number(c.req.param("index"))];
    if (!attachment) return notFound(c);
    return c.body(Buffer.from(attachment.contentBase64, "base64"), 200, {
      "content-type": attachment.contentType,
      "content-disposition": `attachment; filename="${attachment.filename.replace(/[^\w.-]/g, "_")}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "no-store",
    });
  });
}
