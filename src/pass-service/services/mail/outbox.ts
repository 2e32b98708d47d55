/**
 * The mail outbox: a mail is written in the same transaction as what causes it (a registration, a paid
 * order), so it is sent exactly when that commits. The sender (`./sender.ts`) renders each mail from its
 * kind and data in its language and delivers it with retries.
 */
import type { Locale } from "../../../lib/i18n/config.ts";
import { randomUuid } from "../../../lib/ids.ts";
import type { Db } from "../../db/index.ts";
import { mailOutbox } from "../../db/schema.ts";

/** Every mail the service sends, with the data its template needs. */
export type MailMessage =
  | { kind: "verifyEmail"; data: { accessCode: string; firstName: string } }
  | { kind: "setPassword"; data: { accessCode: string; firstName: string } }
  | { kind: "resetPassword"; data: { accessCode: string; firstName: string } }
  | { kind: "loginCode"; data: { accessCode: string; firstName: string } }
  | { kind: "orderConfirmation"; data: { orderId: string } }
  | { kind: "bankTransfer"; data: { orderId: string } };

/** The kinds of mail. */
export type MailKind = MailMessage["kind"];

/** A mail to put in the outbox: its kind and data, recipient and language. */
export type OutgoingMail = MailMessage & { to: string; locale: Locale };

/** Writes a mail to the outbox (pass the transaction of what causes it); answers its id. */
export async function enqueueMail(db: Db, mail: OutgoingMail, now: Date): Promise<string> {
  const mailId = randomUuid();
  await db.insert(mailOutbox).values({
    mailId,
    kind: mail.kind,
    recipient: mail.to,
    locale: mail.locale,
    data: mail.data,
    status: "pending",
    nextAttemptAt: now,
    createdAt: now,
  });
  return mailId;
}
