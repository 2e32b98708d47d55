/**
 * The outbox sender: claims due pending mails, renders and delivers each, and records the outcome.
 *
 * Claiming is a short transaction that locks due rows with `FOR UPDATE SKIP LOCKED` and pushes their next
 * attempt a lease ahead, so several service processes on one PostgreSQL never take the same mail, and a
 * process that dies while sending leaves its mails to be tried again after the lease. Delivery happens
 * outside any transaction. A delivered mail is marked sent and its secrets (the access code) are removed from
 * its data; a failed one counts the attempt and waits `RETRY_DELAYS_MS` before the next, and ends `failed`
 * with its last error after the last one. One mail's failure never stops the others.
 */
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/index.ts";
import { mailOutbox } from "../../db/schema.ts";
import type { ServiceLogger } from "../../logger.ts";
import { PermanentMailError, type RenderContext, renderOutboxMail } from "./render.ts";
import type { MailTransport } from "./transport.ts";

/** Waits between attempts: 1 minute, 5 minutes, 30 minutes, 2 hours, 12 hours; then the mail has failed. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000] as const;

/** How long a claimed mail is left to its process before another may try it. */
const CLAIM_LEASE_MS = 600_000;

/** Mails claimed per run. */
const BATCH_SIZE = 20;

/** Fields of a mail's data that are secrets, removed once it is sent. */
const SECRET_FIELDS = ["accessCode"];

/** What the sender uses. */
export interface MailSenderDeps {
  db: Db;
  clock: Clock;
  logger: ServiceLogger;
  transport: MailTransport;
  /** The storefront's and the service's public origins, for links in the mails. */
  links: Omit<RenderContext, "db">;
}

/** How a run went. */
export interface MailRun {
  sent: number;
  retrying: number;
  failed: number;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Claims the due pending mails (a batch), skipping those another process holds. */
async function claimDue(db: Db, now: Date): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
        .where(
          inArray(
            mailOutbox.mailId,
            rows.map((r) => r.mailId),
          ),
        );
    }
    return rows;
  });
}

/** A mail's data without its secrets. */
function withoutSecrets(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_FIELDS.includes(key)));
}

/** Delivers one claimed mail and records the outcome; answers it. */
async function sendOne(deps: MailSenderDeps, row: OutboxRow): Promise<OutboxRow["status"]> {
  const attempts = row.attempts + 1;
  try {
    const mail = await renderOutboxMail({ db: deps.db, ...deps.links }, row);
    await deps.transport.send(mail, row.mailId, deps.clock.now());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const delay = RETRY_DELAYS_MS[attempts - 1];
    const failed = error instanceof PermanentMailError || delay === undefined;
    deps.logger.warn(failed ? "mail failed" : "mail delivery failed; retrying later", {
      mailId: row.mailId,
      kind: row.kind,
      attempts,
      error: message,
    });
    await deps.db
      .update(mailOutbox)
      .set({
        attempts,
        lastError: message.slice(0, 2000),
        ...(failed
          ? { status: "failed" as const }
          : { nextAttemptAt: new Date(deps.clock.now().getTime() + delay) }),
      })
      .where(eq(mailOutbox.mailId, row.mailId));
    return failed ? "failed" : "pending";
  }
  await deps.db
    .update(mailOutbox)
    .set({
      status: "sent",
      attempts,
      sentAt: deps.clock.now(),
      lastError: null,
      data: withoutSecrets(row.data),
    })
    .where(eq(mailOutbox.mailId, row.mailId));
  return "sent";
}

/** Sends the mails that are due now; answers how many were sent, will be retried, and failed for good. */
export async function sendDueMail(deps: MailSenderDeps): Promise<MailRun> {
  const run: MailRun = { sent: 0, retrying: 0, failed: 0 };
  for (const row of await claimDue(deps.db, deps.clock.now())) {
    const status = await sendOne(deps, row);
    if (status === "sent") run.sent++;
    else if (status === "failed") run.failed++;
    else run.retrying++;
  }
  return run;
}

/** A running sender timer. */
export interface MailSender {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/** Runs `sendDueMail` every `intervalMs` (one run at a time) until stopped. */
export function startMailSender(deps: MailSenderDeps, intervalMs: number): MailSender {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sendDueMail(deps)
      .catch((error: unknown) => deps.logger.error("sending mail failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      deps.transport.close();
    },
  };
}
