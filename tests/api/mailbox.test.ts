/**
 * The local mailbox: without SMTP_URL mail is delivered into the `mailbox` table, and where MAILBOX=on the
 * service shows it at /mailbox (off by default, refused on the production stage). Several senders running
 * together deliver each mail once.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/pass-service/app.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { mailbox, mailOutbox } from "../../src/pass-service/db/schema.ts";
import type { ServiceSettings } from "../../src/pass-service/deps.ts";
import { DEFAULT_LIMITS } from "../../src/pass-service/limits.ts";
import { createServiceLogger } from "../../src/pass-service/logger.ts";
import { enqueueMail } from "../../src/pass-service/services/mail/outbox.ts";
import { startMailSender } from "../../src/pass-service/services/mail/sender.ts";
import { mailboxTransport } from "../../src/pass-service/services/mail/transport.ts";
import { BUYER, createOrder, payByCard } from "./support/sales.ts";
import { startTestService, TEST_PAYMENT_SECRET, type TestService } from "./support/service.ts";

const MAIL = { smtpUrl: null, from: "Vstupio <shop@storefront.test>", mailbox: true, intervalMs: 0 };

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ settings: { mail: MAIL } });
});
afterAll(() => svc?.close());

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.cz`;

/** Enqueues a sign-in code mail (what the passwordless sign-in writes). */
const enqueueCode = (to: string, accessCode = "314159") =>
  enqueueMail(
    svc.database.db,
    { kind: "loginCode", data: { accessCode, firstName: "Jan <b>" }, to, locale: "en" },
    svc.clock.now(),
  );

describe("the local mailbox", () => {
  it("receives the mail, lists it on its page and shows it safely; the outbox forgets the code", async () => {
    const to = address("code");
    const mailId = await enqueueCode(to);
    expect((await svc.sendDueMail()).sent).toBeGreaterThanOrEqual(1);

    const list = await svc.request(`/mailbox?to=${encodeURIComponent(to)}`);
    expect(list.status).toBe(200);
    expect(list.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(String(list.body)).toContain("Your sign-in code");

    const json = await svc.request(`/mailbox/messages.json?to=${encodeURIComponent(to)}`);
    expect(json.body).toHaveLength(1);
    const [message] = json.body as { messageId: string; text: string }[];
    expect(message?.text).toContain("314159");
    expect(message?.text).toContain(`http://storefront.test/en/login/?email=${encodeURIComponent(to)}`);

    const page = await svc.request(`/mailbox/${message?.messageId}`);
    expect(page.status).toBe(200);
    const html = String(page.body);
    // The mail's HTML is shown in a sandboxed frame, escaped into its srcdoc; the name stays escaped twice.
    expect(html).toMatch(/<iframe [^>]*sandbox srcdoc="&#60;!doctype html&#62;/);
    expect(html).not.toContain("Jan <b>");
    expect(html).toContain("Jan &#60;b&#62;");

    const [row] = await svc.database.db.select().from(mailOutbox).where(eq(mailOutbox.mailId, mailId));
    expect(row).toMatchObject({ status: "sent", data: { firstName: "Jan <b>" } });
    expect(row?.data).not.toHaveProperty("accessCode");
  });

  it("offers an order confirmation's tickets PDF to download", async () => {
    const who = { ...BUYER, email: address("pdf") };
    const order = await createOrder(svc, {
      eventId: EVENT.festival,
      items: [{ ticketTypeId: ticketTypeId("festival", "jednodenni"), count: 1 }],
      buyer: who,
    });
    await payByCard(svc, order);
    await svc.sendDueMail();
    const [message] = (await svc.request(`/mailbox/messages.json?to=${encodeURIComponent(who.email)}`)).body;
    expect(message.attachments).toEqual([
      { filename: `tickets-${order.orderNumber}.pdf`, contentType: "application/pdf" },
    ]);
    const res = await fetch(new URL(`/mailbox/${message.messageId}/attachments/0`, svc.url));
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 4)
        .toString("latin1"),
    ).toBe("%PDF");
  });

  it("answers 404 for unknown messages and attachments, and for ids that are not UUIDs", async () => {
    expect((await svc.request(`/mailbox/${randomUUID()}`)).status).toBe(404);
    expect((await svc.request("/mailbox/not-a-uuid")).status).toBe(404);
    expect((await svc.request(`/mailbox/${randomUUID()}/attachments/0`)).status).toBe(404);
  });

  it("delivers each mail once when several senders run together", async () => {
    const to = address("many");
    for (let i = 0; i < 6; i++) await enqueueCode(to, String(100000 + i));
    await Promise.all([svc.sendDueMail(), svc.sendDueMail(), svc.sendDueMail()]);
    const rows = await svc.database.db.select().from(mailbox).where(eq(mailbox.recipient, to));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.mailId)).size).toBe(6);
  });

  it("is filled by the sender's timer without anyone asking, until it is stopped", async () => {
    const to = address("timer");
    const db = svc.database.db;
    const sender = startMailSender(
      {
        db,
        clock: svc.clock,
        logger: createServiceLogger("silent"),
        transport: mailboxTransport(db),
        links: { storefrontUrl: "http://storefront.test", publicUrl: svc.url },
      },
      20,
    );
    try {
      await enqueueCode(to);
      await vi.waitFor(
        async () => {
          const rows = await db.select().from(mailbox).where(eq(mailbox.recipient, to));
          expect(rows).toHaveLength(1);
        },
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      await sender.stop();
    }
    await enqueueCode(to);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [pending] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.status, "pending")));
    expect(pending).toBeDefined();
  });
});

describe("the mailbox page's configuration", () => {
  /** An app on the test service's database with the mail settings given. */
  const appWith = (settings: Pick<ServiceSettings, "stage" | "mail">) =>
    createApp({
      database: svc.database,
      clock: svc.clock,
      logger: createServiceLogger("silent"),
      settings: {
        corsOrigins: ["http://storefront.test"],
        publicUrl: svc.url,
        holdMs: 15 * 60_000,
        orderPaymentMs: 20 * 60_000,
        bankTransferDays: 3,
        paymentSecret: TEST_PAYMENT_SECRET,
        checkResponses: true,
        bodyLimitBytes: 64 * 1024,
        limits: { ...DEFAULT_LIMITS, enabled: false },
        paymentProviders: [],
        storefrontUrl: "http://storefront.test",
        ...settings,
      },
    });

  it("is off by default: /mailbox is not served", async () => {
    const app = appWith({ stage: "development", mail: { ...MAIL, mailbox: false } });
    const res = await app.request("/mailbox");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { errorText: string }).errorText).toBe("ERROR_NO_SUCH_CALL");
  });

  it("is refused on the production stage", () => {
    expect(() => appWith({ stage: "production", mail: MAIL })).toThrow(/MAILBOX=on .* STAGE=production/s);
    expect(() => appWith({ stage: "production", mail: { ...MAIL, mailbox: false } })).not.toThrow();
  });
});
