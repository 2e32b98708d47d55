/**
 * Mail over a real SMTP server (`smtp-server`, what arrives parsed with `mailparser`): order confirmations
 * with the tickets PDF, bank-transfer instructions, account mails in the recipient's language, retries with
 * backoff while the server refuses, `failed` after the last attempt, and one mail per cause.
 */

import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storefrontPathOf } from "../../src/lib/deep-link-pages.ts";
import { EVENT, ticketTypeId } from "../../src/pass-service/catalog/demo/keys.ts";
import { mailOutbox } from "../../src/pass-service/db/schema.ts";
import { enqueueMail } from "../../src/pass-service/services/mail/outbox.ts";
import { RETRY_DELAYS_MS } from "../../src/pass-service/services/mail/sender.ts";
import {
  BANK,
  BUYER,
  callbackFor,
  cartOf,
  createOrder,
  notifyBank,
  openGateway,
  payByCard,
  sendCallback,
} from "./support/sales.ts";
import { startTestService, type TestService } from "./support/service.ts";

const FESTIVAL = EVENT.festival;
const ONE_DAY = ticketTypeId("festival", "jednodenni");

/** Mail the SMTP server accepted. */
const received: ParsedMail[] = [];
/** Recipients whose next deliveries the server refuses (451), and how many more times. */
const refusals = new Map<string, number>();
/** A recipient the server never accepts (550). */
const UNKNOWN_RECIPIENT = "nobody@refused.test";

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === UNKNOWN_RECIPIENT) {
      callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
    } else callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const refused = to.find((address) => (refusals.get(address) ?? 0) > 0);
        if (refused) {
          refusals.set(refused, (refusals.get(refused) ?? 0) - 1);
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        received.push(mail);
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});

let svc: TestService;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  svc = await startTestService({
    settings: {
      mail: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "Vstupio <shop@storefront.test>",
        mailbox: false,
        intervalMs: 0,
      },
    },
  });
});
afterAll(async () => {
  await svc?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
afterEach(() => {
  if (svc) svc.clock.offsetMs = 0;
});

/** A buyer with an address of their own, so that each test finds its own mail. */
const buyer = () => ({ ...BUYER, email: `buyer-${randomUUID().slice(0, 8)}@example.cz` });

/** The mail that arrived for a recipient. */
const mailTo = (email: string) => received.filter((m) => m.to && JSON.stringify(m.to).includes(email));

/** The outbox rows of a recipient. */
const outboxOf = (email: string) =>
  svc.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

describe("order mails over SMTP", () => {
  it("confirms a paid order once, in the buyer's language, with the tickets PDF", async () => {
    const who = buyer();
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: ONE_DAY, count: 2 }],
      buyer: who,
      language: "cs",
    });
    await openGateway(svc, order);
    const approval = callbackFor(order, "approved");
    expect((await sendCallback(svc, approval)).result).toBe("paid");
    // A repeated callback and a second approval of the same payment change nothing.
    await sendCallback(svc, approval);
    await sendCallback(svc, { ...approval, callbackId: `cb-${randomUUID()}` });
    const rows = await outboxOf(who.email);
    expect(rows.map((r) => r.kind)).toEqual(["orderConfirmation"]);

    await svc.sendDueMail();
    const [mail, ...more] = mailTo(who.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toContain(`Objednávka ${order.orderNumber} je zaplacena`);
    expect(mail?.text).toContain("Vstupenky najdete v příloze");
    expect(mail?.text).toContain(
      `http://storefront.test/event/louka-open-air/louka-open-air/order/${order.orderId}/`,
    );
    expect(String(mail?.html)).toContain('<html lang="cs">');
    const pdf = mail?.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.filename).toBe(`tickets-${order.orderNumber}.pdf`);
    expect(pdf?.content.subarray(0, 4).toString("latin1")).toBe("%PDF");
    const [sent] = await outboxOf(who.email);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("sends bank-transfer instructions with the QR payment, then the confirmation when the money arrives", async () => {
    const who = buyer();
    const order = await createOrder(svc, {
      eventId: FESTIVAL,
      items: [{ ticketTypeId: ONE_DAY, count: 1 }],
      buyer: who,
      language: "de",
      paymentMethodId: BANK,
    });
    expect((await outboxOf(who.email)).map((r) => r.kind)).toEqual(["bankTransfer"]);
    await svc.sendDueMail();
    const [mail] = mailTo(who.email);
    expect(mail?.subject).toBe(`Zahlungsdaten der Bestellung ${order.orderNumber}`);
    expect(mail?.text).toContain(`Variables Symbol: ${order.orderNumber}`);
    expect(mail?.text).toContain(order.payment.bankTransfer?.iban);
    const qr = mail?.attachments.find((a) => a.contentType === "image/png");
    // An inline image of the HTML part (mailparser writes its `cid:` reference as a data URL).
    expect(qr).toMatchObject({ related: true, contentId: `<spayd-${order.orderNumber}@qr>` });
    expect(String(mail?.html)).toMatch(
      new RegExp(
        `<img src="data:image/png;base64,[^"]+" alt="QR-Zahlung der Bestellung ${order.orderNumber}"`,
      ),
    );

    expect((await notifyBank(svc, order)).result).toBe("paid");
    await svc.sendDueMail();
    expect(mailTo(who.email).map((m) => m.subject)).toEqual([
      `Zahlungsdaten der Bestellung ${order.orderNumber}`,
      expect.stringContaining(`Bestellung ${order.orderNumber} ist bezahlt`),
    ]);
  });

  it("confirms an order of chip credit without a PDF, listing its voucher codes", async () => {
    const who = buyer();
    const credit = (await cartOf(svc, EVENT.festivalCredit)).chipProducts[0];
    if (!credit) throw new Error("The credit event sells no chip top-ups");
    const order = await createOrder(svc, {
      eventId: EVENT.festivalCredit,
      chips: [{ productItemId: credit.productItemId, amount: credit.amount }],
      buyer: who,
      language: "en",
    });
    await payByCard(svc, order);
    await svc.sendDueMail();
    const [mail] = mailTo(who.email);
    expect(mail?.subject).toContain(`Order ${order.orderNumber} is paid`);
    expect(mail?.attachments.filter((a) => a.contentType === "application/pdf")).toHaveLength(0);
    expect(mail?.text).toContain("Your credit vouchers:");
    expect(mail?.text).toContain("Show a voucher at the credit desk at the event");
    expect(mail?.text).toMatch(/CRD-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
  });

  it("confirms an order of extras listing each line's voucher with its variant and count", async () => {
    const who = buyer();
    const shirt = (await cartOf(svc, EVENT.festival)).extraProducts.find((p) => p.variants.length > 0);
    const size = shirt?.variants[0]?.values[0];
    if (!shirt || !size) throw new Error("The festival sells no sized shirt");
    const order = await createOrder(svc, {
      eventId: EVENT.festival,
      extraProducts: [
        { ticketProductId: shirt.ticketProductId, variantValueId: size.variantValueId, count: 2 },
      ],
      buyer: who,
      language: "en",
    });
    await payByCard(svc, order);
    await svc.sendDueMail();
    const [mail] = mailTo(who.email);
    expect(mail?.text).toContain("Your extras:");
    expect(mail?.text).toMatch(
      new RegExp(
        `2× ${shirt.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(${size.name}\\)[^\\n]*EXT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}`,
      ),
    );
    expect(mail?.text).toContain("Show a voucher where the event hands out the extra");
    expect(mail?.text).not.toContain("Your credit vouchers:");
  });
});

describe("delivery", () => {
  it("delivers an account mail with its deep link, then removes the access code from the outbox", async () => {
    const email = `reset-${randomUUID().slice(0, 8)}@example.sk`;
    await enqueueMail(
      svc.database.db,
      { kind: "resetPassword", data: { accessCode: "K7Q2M9", firstName: "Zuzana" }, to: email, locale: "sk" },
      svc.clock.now(),
    );
    await svc.sendDueMail();
    const [mail] = mailTo(email);
    expect(mail?.subject).toBe("Obnovenie hesla");
    const link = `http://storefront.test/sk/set-password/?email=${encodeURIComponent(email)}&accessCode=K7Q2M9`;
    // The mail links to the storefront page of the app's setPassword link.
    expect(link).toBe(
      `http://storefront.test${storefrontPathOf("sk", { link: "setPassword", email, accessCode: "K7Q2M9" })}`,
    );
    expect(mail?.text).toContain(link);
    expect(String(mail?.html)).toContain(link.replace("&", "&#38;"));
    const [row] = await outboxOf(email);
    expect(row?.status).toBe("sent");
    expect(row?.data).toEqual({ firstName: "Zuzana" });
  });

  it("retries with backoff while the server refuses, and delivers once the clock moves on", async () => {
    const email = `later-${randomUUID().slice(0, 8)}@example.cz`;
    refusals.set(email, 2);
    await enqueueMail(
      svc.database.db,
      { kind: "loginCode", data: { accessCode: "482913", firstName: "Petr" }, to: email, locale: "en" },
      svc.clock.now(),
    );
    const t0 = svc.clock.now().getTime();
    await svc.sendDueMail();
    let [row] = await outboxOf(email);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toContain("Try again later");
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(t0 + RETRY_DELAYS_MS[0]);

    // Not due yet: nothing is tried.
    await svc.sendDueMail();
    expect((await outboxOf(email))[0]?.attempts).toBe(1);

    svc.clock.offsetMs += RETRY_DELAYS_MS[0] + 1_000;
    await svc.sendDueMail();
    [row] = await outboxOf(email);
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
      svc.clock.now().getTime() + RETRY_DELAYS_MS[1] - 1_000,
    );

    svc.clock.offsetMs += RETRY_DELAYS_MS[1] + 1_000;
    await svc.sendDueMail();
    [row] = await outboxOf(email);
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    const [mail] = mailTo(email);
    expect(mail?.subject).toBe("Your sign-in code");
    expect(mail?.text).toContain("482913");
    expect(mail?.text).toContain(`http://storefront.test${storefrontPathOf("en", { link: "login", email })}`);
  });

  it("ends failed after the last attempt, and one refused mail does not stop the others", async () => {
    const other = `fine-${randomUUID().slice(0, 8)}@example.cz`;
    const now = svc.clock.now();
    await enqueueMail(
      svc.database.db,
      {
        kind: "verifyEmail",
        data: { accessCode: "X1", firstName: "Eva" },
        to: UNKNOWN_RECIPIENT,
        locale: "cs",
      },
      now,
    );
    await enqueueMail(
      svc.database.db,
      { kind: "verifyEmail", data: { accessCode: "X2", firstName: "Eva" }, to: other, locale: "cs" },
      now,
    );
    await svc.sendDueMail();
    expect(mailTo(other).map((m) => m.subject)).toEqual(["Potvrďte svou e-mailovou adresu"]);
    for (const delay of RETRY_DELAYS_MS) {
      svc.clock.offsetMs += delay + 1_000;
      await svc.sendDueMail();
    }
    const [row] = await outboxOf(UNKNOWN_RECIPIENT);
    expect(row).toMatchObject({ status: "failed", attempts: RETRY_DELAYS_MS.length + 1 });
    expect(row?.lastError).toContain("No such mailbox");
    // A failed mail is not tried again.
    svc.clock.offsetMs += 86_400_000;
    expect(await svc.sendDueMail()).toMatchObject({ failed: 0, retrying: 0 });
  });
});
