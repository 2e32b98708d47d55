/**
 * The local mailbox: mail delivered without SMTP, kept in the `mailbox` table and shown by the /mailbox page
 * (routes/mailbox.ts) where MAILBOX=on. It shows every mail with its codes, so it is for development and
 * demos only: the production stage refuses it.
 */
import { desc, eq } from "drizzle-orm";
import type { Stage } from "../../../lib/config.ts";
import type { Db } from "../../db/index.ts";
import { mailbox } from "../../db/schema.ts";

/** A message of the local mailbox. */
export type MailboxMessage = typeof mailbox.$inferSelect;

/** Messages a page lists at most. */
const PAGE_SIZE = 100;

/** Refuses to serve the mailbox page (which shows everyone's mail) for the production stage. */
export function assertMailboxAllowed(stage: Stage, mailboxOn: boolean): void {
  if (stage !== "production" || !mailboxOn) return;
  throw new Error(
    "Refusing to start: MAILBOX=on serves every mail the service sends (with its sign-in codes) at /mailbox, " +
      "while STAGE=production. Set MAILBOX=off (and SMTP_URL to deliver mail), or set STAGE to development, " +
      "staging or beta.",
  );
}

/** The newest messages, to one recipient when given. */
export function mailboxMessages(db: Db, recipient?: string): Promise<MailboxMessage[]> {
  return db
    .select()
    .from(mailbox)
    .where(recipient ? eq(mailbox.recipient, recipient) : undefined)
    .orderBy(desc(mailbox.deliveredAt), desc(mailbox.messageId))
    .limit(PAGE_SIZE);
}

/** One message by id (a UUID), or undefined. */
export async function mailboxMessage(db: Db, messageId: string): Promise<MailboxMessage | undefined> {
  const [row] = await db.select().from(mailbox).where(eq(mailbox.messageId, messageId));
  return row;
}
