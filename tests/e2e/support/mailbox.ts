/**
 * The reference service's local mailbox (`MAILBOX=on`, as `npm start` runs it), read by end-to-end tests:
 * the mails sent to an address, waited for while the service's sender delivers them every few seconds.
 */
import { expect } from "@playwright/test";
import { passUrlFor } from "./site.ts";

/** A delivered mail as `/mailbox/messages.json` lists it. */
export interface MailboxMail {
  messageId: string;
  recipient: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string }[];
}

/** The mailbox page of one recipient, as a buyer's browser opens it. */
export function mailboxUrl(baseURL: string, email: string): string {
  return `${passUrlFor(baseURL)}/mailbox?to=${encodeURIComponent(email)}`;
}

/** Waits for the newest mail to `email` whose text matches `pattern`, and answers it. */
export async function waitForMail(baseURL: string, email: string, pattern: RegExp): Promise<MailboxMail> {
  let found: MailboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `${passUrlFor(baseURL)}/mailbox/messages.json?to=${encodeURIComponent(email)}`,
        );
        const mails = (await res.json()) as MailboxMail[];
        found = mails.find((m) => pattern.test(m.text));
        return found !== undefined;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found as MailboxMail;
}

/** The one-time access code of a mail: the `accessCode` of its link, else the code of digits it shows. */
export function accessCodeOf(mail: MailboxMail): string {
  const link = mail.text.match(/[?&]accessCode=([^&\s]+)/);
  if (link?.[1]) return decodeURIComponent(link[1]);
  const digits = mail.text.match(/\b(\d{8})\b/);
  if (!digits?.[1]) throw new Error(`No access code in the mail "${mail.subject}"`);
  return digits[1];
}
