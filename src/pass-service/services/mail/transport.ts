/**
 * Where rendered mails go: an SMTP server through nodemailer when `SMTP_URL` is set, otherwise the local
 * mailbox (the `mailbox` table, shown by the /mailbox page where MAILBOX=on).
 */
import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Db } from "../../db/index.ts";
import { mailbox } from "../../db/schema.ts";
import type { RenderedMail } from "./render.ts";

/** Delivers one mail; throws when it could not be delivered (the sender retries later). */
export interface MailTransport {
  send(mail: RenderedMail, mailId: string, now: Date): Promise<void>;
  /** Releases connections. */
  close(): void;
}

/** Delivers through an SMTP server (`smtp://user:pass@host:587`, `smtps://…` for TLS from the start). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

/** The HTML with its inline images (`cid:` references) written as data URLs, as the mailbox page shows it. */
function inlineImages(mail: RenderedMail): string {
  let html = mail.html;
  for (const a of mail.attachments) {
    if (!a.cid) continue;
    html = html.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.content.toString("base64")}`);
  }
  return html;
}

/** Delivers into the local mailbox table. */
export function mailboxTransport(db: Db): MailTransport {
  return {
    async send(mail, mailId, now) {
      await db.insert(mailbox).values({
        messageId: randomUUID(),
        mailId,
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: inlineImages(mail),
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          contentBase64: a.content.toString("base64"),
        })),
        deliveredAt: now,
      });
    },
    close: () => {},
  };
}
