import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/lib/i18n/config.ts";
import {
  type AccountMailKind,
  renderAccountMail,
} from "../../src/pass-service/services/mail/templates/account.ts";
import type { MailContent } from "../../src/pass-service/services/mail/templates/layout.ts";
import {
  type OrderMailModel,
  renderConfirmationMail,
  renderTransferMail,
} from "../../src/pass-service/services/mail/templates/order.ts";

const HOSTILE = `<script>alert("x")</script>`;

const ORDER: OrderMailModel = {
  orderNumber: 260042,
  buyerName: `Jana ${HOSTILE}`,
  event: { name: `Louka ${HOSTILE}`, startsAt: "2027-07-16T16:00:00Z", venue: "Pálava, Pavlov" },
  currencyId: 1,
  lines: [
    { name: `Třídenní ${HOSTILE}`, count: 2, amount: 398_000 },
    { name: "Parkování", count: 1, amount: 25_000 },
  ],
  feeAmount: 2_500,
  discounts: [{ source: "coupon", code: "LETO", amount: 10_000 }],
  total: 415_500,
  orderUrl: "http://shop.test/event/o/e/order/1/?a=1&b=2",
};

const ACCOUNT_KINDS: AccountMailKind[] = ["verifyEmail", "setPassword", "resetPassword", "loginCode"];

/** Every mail of every kind in a language. */
function allMails(locale: (typeof LOCALES)[number]): [string, MailContent][] {
  return [
    ...ACCOUNT_KINDS.map((kind): [string, MailContent] => [
      kind,
      renderAccountMail(kind, locale, {
        firstName: `Eva ${HOSTILE}`,
        accessCode: "482913",
        link: "http://shop.test/login/?email=eva%40example.cz&accessCode=482913",
      }),
    ]),
    [
      "orderConfirmation",
      renderConfirmationMail(locale, {
        ...ORDER,
        ticketsAttached: true,
        vouchers: [{ code: "CRD-AAAA-BBBB-CCCC", name: "Kredit", amount: 50_000 }],
        extras: [{ code: "EXT-DDDD-EEEE-FFFF", name: `Tričko ${HOSTILE}`, detail: "M", count: 2 }],
      }),
    ],
    [
      "bankTransfer",
      renderTransferMail(locale, {
        ...ORDER,
        transfer: {
          accountNumber: "2900123451/2010",
          iban: "CZ2720100000002900123451",
          bic: "FIOBCZPPXXX",
          variableSymbol: "260042",
          amount: 415_500,
          dueDate: "2027-07-01",
          message: "Vstupio 260042",
        },
        qrCid: "spayd-260042@qr",
      }),
    ],
  ];
}

describe("mail templates", () => {
  for (const locale of LOCALES) {
    it(`render every kind in ${locale}: subject, text and an HTML document in that language`, () => {
      for (const [kind, mail] of allMails(locale)) {
        expect(mail.subject, kind).not.toBe("");
        expect(mail.html, kind).toMatch(new RegExp(`^<!doctype html><html lang="${locale}">`));
        expect(mail.html, kind).toContain("<h1 ");
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part, kind).not.toMatch(/undefined|NaN|\[object /);
        }
      }
    });

    it(`escapes every value in the HTML of ${locale}, and keeps the text part plain`, () => {
      for (const [kind, mail] of allMails(locale)) {
        expect(mail.html, kind).not.toContain("<script>");
        if (kind !== "bankTransfer" && kind !== "orderConfirmation") continue;
        expect(mail.html, kind).toContain("&#60;script&#62;");
        expect(mail.text, kind).toContain(HOSTILE);
        expect(mail.html, kind).toContain("?a=1&#38;b=2");
        expect(mail.text, kind).toContain("?a=1&b=2");
      }
    });
  }

  it("writes different text in each language", () => {
    for (const index of allMails("cs").keys()) {
      const texts = LOCALES.map((locale) => allMails(locale)[index]?.[1].text);
      expect(new Set(texts).size).toBe(LOCALES.length);
    }
  });

  it("formats money and dates in the recipient's language", () => {
    const [, cs] = allMails("cs").find(([kind]) => kind === "bankTransfer") ?? [];
    const [, en] = allMails("en").find(([kind]) => kind === "bankTransfer") ?? [];
    expect(cs?.text).toMatch(/Částka: 4\s155\sKč/);
    expect(cs?.text).toContain("do 1. července 2027");
    expect(cs?.text).toMatch(/Kupon LETO: -100\sKč/);
    expect(en?.text).toMatch(/Amount: CZK\s4,155/);
    expect(en?.text).toContain("by 1 July 2027");
  });

  it("shows the sign-in code in big digits, and the QR payment with an alt text", () => {
    const [, code] = allMails("en").find(([kind]) => kind === "loginCode") ?? [];
    expect(code?.html).toMatch(/font-size:32px[^>]*>482913</);
    expect(code?.text).toContain("Your sign-in code: 482913");
    const [, transfer] = allMails("sk").find(([kind]) => kind === "bankTransfer") ?? [];
    expect(transfer?.html).toContain('<img src="cid:spayd-260042@qr" alt="QR platba objednávky 260042"');
  });
});
