/**
 * Mails of the order family: the confirmation of a paid order (its lines and total, the tickets PDF attached
 * or the credit vouchers listed) and the instructions of a bank transfer (account, amount, variable symbol,
 * due date and the QR payment code). Money and dates are formatted in the recipient's language.
 */
import type { Locale } from "../../../../lib/i18n/config.ts";
import { formatDate, formatDateTime } from "../../../../lib/i18n/format.ts";
import { type CurrencyId, formatMoney } from "../../../../lib/money.ts";
import { type CodeSource, discountName } from "../../code-kinds.ts";
import { type MailBlock, type MailContent, renderLayout } from "./layout.ts";

/** What every order mail shows: the order, its event, its lines and total, and the order page. */
export interface OrderMailModel {
  orderNumber: number;
  buyerName: string;
  event: { name: string; startsAt: string; venue: string | null };
  currencyId: CurrencyId;
  lines: { name: string; count: number; amount: number }[];
  feeAmount: number;
  discounts: { source: CodeSource; code: string; amount: number }[];
  total: number;
  /** The order page on the storefront (absolute URL). */
  orderUrl: string;
}

/** The confirmation of a paid order: whether its tickets PDF is attached, its credit and its extras' vouchers. */
export interface ConfirmationModel extends OrderMailModel {
  ticketsAttached: boolean;
  vouchers: { code: string; name: string; amount: number }[];
  /** Vouchers of extra products to collect or show: what (with its variant) and how many. */
  extras: { code: string; name: string; detail: string | null; count: number }[];
}

/** The instructions of a bank transfer, with the content id of the QR payment image (null: none). */
export interface TransferModel extends OrderMailModel {
  transfer: {
    accountNumber: string;
    iban: string;
    bic: string | null;
    variableSymbol: string;
    amount: number;
    /** YYYY-MM-DD. */
    dueDate: string;
    message: string;
  };
  qrCid: string | null;
}

interface OrderTexts {
  greeting: (name: string) => string;
  when: string;
  venue: string;
  orderNumber: string;
  item: string;
  count: string;
  price: string;
  fee: string;
  total: string;
  viewOrder: string;
  confirmation: {
    subject: (n: number, event: string) => string;
    heading: string;
    intro: (n: number, event: string) => string;
    ticketsAttached: string;
    vouchers: string;
    /** How a credit voucher is used: where to show it, and where its QR code is. */
    vouchersHow: string;
    extras: string;
    /** How an extras voucher is used. */
    extrasHow: string;
  };
  transfer: {
    subject: (n: number) => string;
    heading: string;
    intro: (n: number, event: string, due: string) => string;
    accountNumber: string;
    iban: string;
    bic: string;
    amount: string;
    variableSymbol: string;
    message: string;
    dueDate: string;
    qrHint: string;
    qrAlt: string;
  };
}

const TEXTS: Record<Locale, OrderTexts> = {
  cs: {
    greeting: (name) => `Dobrý den, ${name},`,
    when: "Kdy",
    venue: "Kde",
    orderNumber: "Číslo objednávky",
    item: "Položka",
    count: "Počet",
    price: "Cena",
    fee: "Poplatek za platbu",
    total: "Celkem",
    viewOrder: "Zobrazit objednávku",
    confirmation: {
      subject: (n, event) => `Objednávka ${n} je zaplacena – ${event}`,
      heading: "Děkujeme za objednávku",
      intro: (n, event) => `vaše objednávka ${n} na akci ${event} je zaplacena.`,
      ticketsAttached: "Vstupenky najdete v příloze jako PDF. U vstupu je ukažte v telefonu nebo vytištěné.",
      vouchers: "Vaše poukázky na kredit:",
      vouchersHow:
        "Poukázku ukažte u pokladny kreditu na akci a kredit vám nahrají na čip. QR kódy poukázek najdete na stránce objednávky.",
      extras: "Vaše doplňky:",
      extrasHow:
        "Poukázku ukažte tam, kde doplněk na akci dostanete (zboží u stánku, parkování u vjezdu, workshop u vstupu): stačí její kód nebo QR kód ze stránky objednávky.",
    },
    transfer: {
      subject: (n) => `Platební údaje k objednávce ${n}`,
      heading: "Zaplaťte převodem",
      intro: (n, event, due) =>
        `děkujeme za objednávku ${n} na akci ${event}. Zaplaťte ji prosím bankovním převodem do ${due}. Vstupenky vám pošleme, jakmile platba dorazí.`,
      accountNumber: "Číslo účtu",
      iban: "IBAN",
      bic: "BIC (SWIFT)",
      amount: "Částka",
      variableSymbol: "Variabilní symbol",
      message: "Zpráva pro příjemce",
      dueDate: "Splatnost",
      qrHint: "Nebo naskenujte QR kód v aplikaci své banky:",
      qrAlt: "QR platba objednávky",
    },
  },
  en: {
    greeting: (name) => `Hello ${name},`,
    when: "When",
    venue: "Where",
    orderNumber: "Order number",
    item: "Item",
    count: "Quantity",
    price: "Price",
    fee: "Payment fee",
    total: "Total",
    viewOrder: "View the order",
    confirmation: {
      subject: (n, event) => `Order ${n} is paid – ${event}`,
      heading: "Thank you for your order",
      intro: (n, event) => `your order ${n} for ${event} is paid.`,
      ticketsAttached:
        "Your tickets are attached as a PDF. Show them at the entrance on your phone or printed.",
      vouchers: "Your credit vouchers:",
      vouchersHow:
        "Show a voucher at the credit desk at the event and the credit is loaded onto your chip. The vouchers' QR codes are on the order page.",
      extras: "Your extras:",
      extrasHow:
        "Show a voucher where the event hands out the extra (goods at the stand, parking at the entrance, a workshop at its door): its code or its QR code from the order page is all you need.",
    },
    transfer: {
      subject: (n) => `Payment details of order ${n}`,
      heading: "Pay by bank transfer",
      intro: (n, event, due) =>
        `thank you for your order ${n} for ${event}. Please pay it by bank transfer by ${due}. We will send your tickets as soon as the payment arrives.`,
      accountNumber: "Account number",
      iban: "IBAN",
      bic: "BIC (SWIFT)",
      amount: "Amount",
      variableSymbol: "Variable symbol",
      message: "Message for the recipient",
      dueDate: "Due date",
      qrHint: "Or scan the QR code in your banking app:",
      qrAlt: "QR payment of the order",
    },
  },
  de: {
    greeting: (name) => `Guten Tag ${name},`,
    when: "Wann",
    venue: "Wo",
    orderNumber: "Bestellnummer",
    item: "Posten",
    count: "Anzahl",
    price: "Preis",
    fee: "Zahlungsgebühr",
    total: "Gesamt",
    viewOrder: "Bestellung ansehen",
    confirmation: {
      subject: (n, event) => `Bestellung ${n} ist bezahlt – ${event}`,
      heading: "Vielen Dank für Ihre Bestellung",
      intro: (n, event) => `Ihre Bestellung ${n} für ${event} ist bezahlt.`,
      ticketsAttached:
        "Ihre Tickets finden Sie im Anhang als PDF. Zeigen Sie sie am Eingang auf dem Handy oder ausgedruckt vor.",
      vouchers: "Ihre Guthabengutscheine:",
      vouchersHow:
        "Zeigen Sie den Gutschein bei der Veranstaltung an der Guthabenkasse vor, dann wird das Guthaben auf Ihren Chip geladen. Die QR-Codes der Gutscheine finden Sie auf der Bestellseite.",
      extras: "Ihre Extras:",
      extrasHow:
        "Zeigen Sie den Gutschein dort vor, wo die Veranstaltung das Extra ausgibt (Waren am Stand, Parken an der Einfahrt, einen Workshop an seinem Eingang): Es genügt sein Code oder sein QR-Code von der Bestellseite.",
    },
    transfer: {
      subject: (n) => `Zahlungsdaten der Bestellung ${n}`,
      heading: "Per Überweisung bezahlen",
      intro: (n, event, due) =>
        `vielen Dank für Ihre Bestellung ${n} für ${event}. Bitte bezahlen Sie sie per Banküberweisung bis ${due}. Ihre Tickets senden wir Ihnen, sobald die Zahlung eingegangen ist.`,
      accountNumber: "Kontonummer",
      iban: "IBAN",
      bic: "BIC (SWIFT)",
      amount: "Betrag",
      variableSymbol: "Variables Symbol",
      message: "Verwendungszweck",
      dueDate: "Fällig am",
      qrHint: "Oder scannen Sie den QR-Code in Ihrer Banking-App:",
      qrAlt: "QR-Zahlung der Bestellung",
    },
  },
  sk: {
    greeting: (name) => `Dobrý deň, ${name},`,
    when: "Kedy",
    venue: "Kde",
    orderNumber: "Číslo objednávky",
    item: "Položka",
    count: "Počet",
    price: "Cena",
    fee: "Poplatok za platbu",
    total: "Spolu",
    viewOrder: "Zobraziť objednávku",
    confirmation: {
      subject: (n, event) => `Objednávka ${n} je zaplatená – ${event}`,
      heading: "Ďakujeme za objednávku",
      intro: (n, event) => `vaša objednávka ${n} na podujatie ${event} je zaplatená.`,
      ticketsAttached:
        "Vstupenky nájdete v prílohe ako PDF. Pri vstupe ich ukážte v telefóne alebo vytlačené.",
      vouchers: "Vaše poukážky na kredit:",
      vouchersHow:
        "Poukážku ukážte pri pokladni kreditu na podujatí a kredit vám nahrajú na čip. QR kódy poukážok nájdete na stránke objednávky.",
      extras: "Vaše doplnky:",
      extrasHow:
        "Poukážku ukážte tam, kde doplnok na podujatí dostanete (tovar pri stánku, parkovanie pri vjazde, workshop pri vstupe): stačí jej kód alebo QR kód zo stránky objednávky.",
    },
    transfer: {
      subject: (n) => `Platobné údaje k objednávke ${n}`,
      heading: "Zaplaťte prevodom",
      intro: (n, event, due) =>
        `ďakujeme za objednávku ${n} na podujatie ${event}. Zaplaťte ju, prosím, bankovým prevodom do ${due}. Vstupenky vám pošleme hneď, ako platba príde.`,
      accountNumber: "Číslo účtu",
      iban: "IBAN",
      bic: "BIC (SWIFT)",
      amount: "Suma",
      variableSymbol: "Variabilný symbol",
      message: "Správa pre príjemcu",
      dueDate: "Splatnosť",
      qrHint: "Alebo naskenujte QR kód v aplikácii svojej banky:",
      qrAlt: "QR platba objednávky",
    },
  },
};

/** The event facts and the order's lines with fee, discounts and total. */
function orderBlocks(t: OrderTexts, locale: Locale, m: OrderMailModel): MailBlock[] {
  const money = (minor: number) => formatMoney(minor, m.currencyId, locale);
  const foot: [string, string][] = [
    ...(m.feeAmount > 0 ? [[t.fee, money(m.feeAmount)] as [string, string]] : []),
    ...m.discounts.map((d): [string, string] => [discountName(locale, d.source, d.code), money(-d.amount)]),
    [t.total, money(m.total)],
  ];
  return [
    {
      kind: "facts",
      rows: [
        [t.orderNumber, String(m.orderNumber)],
        [t.when, formatDateTime(m.event.startsAt, locale)],
        ...(m.event.venue ? [[t.venue, m.event.venue] as [string, string]] : []),
      ],
    },
    {
      kind: "table",
      head: [t.item, t.count, t.price],
      rows: m.lines.map((l) => [l.name, String(l.count), money(l.amount)]),
      foot,
    },
  ];
}

/** Renders the confirmation of a paid order in the buyer's language. */
export function renderConfirmationMail(locale: Locale, m: ConfirmationModel): MailContent {
  const t = TEXTS[locale];
  const c = t.confirmation;
  const blocks: MailBlock[] = [
    { kind: "heading", text: c.heading },
    { kind: "paragraph", text: `${t.greeting(m.buyerName)} ${c.intro(m.orderNumber, m.event.name)}` },
    ...orderBlocks(t, locale, m),
    ...(m.ticketsAttached ? [{ kind: "paragraph" as const, text: c.ticketsAttached }] : []),
    ...(m.vouchers.length > 0
      ? [
          { kind: "paragraph" as const, text: c.vouchers },
          {
            kind: "facts" as const,
            rows: m.vouchers.map((v): [string, string] => [
              `${v.name} (${formatMoney(v.amount, m.currencyId, locale)})`,
              v.code,
            ]),
          },
          { kind: "paragraph" as const, text: c.vouchersHow },
        ]
      : []),
    ...(m.extras.length > 0
      ? [
          { kind: "paragraph" as const, text: c.extras },
          {
            kind: "facts" as const,
            rows: m.extras.map((v): [string, string] => [
              `${v.count}× ${v.name}${v.detail ? ` (${v.detail})` : ""}`,
              v.code,
            ]),
          },
          { kind: "paragraph" as const, text: c.extrasHow },
        ]
      : []),
    { kind: "button", href: m.orderUrl, label: t.viewOrder },
  ];
  return renderLayout(locale, c.subject(m.orderNumber, m.event.name), blocks);
}

/** Renders the instructions of a bank transfer in the buyer's language. */
export function renderTransferMail(locale: Locale, m: TransferModel): MailContent {
  const t = TEXTS[locale];
  const c = t.transfer;
  const x = m.transfer;
  const due = formatDate(`${x.dueDate}T12:00:00Z`, locale);
  const blocks: MailBlock[] = [
    { kind: "heading", text: c.heading },
    { kind: "paragraph", text: `${t.greeting(m.buyerName)} ${c.intro(m.orderNumber, m.event.name, due)}` },
    {
      kind: "facts",
      rows: [
        [c.accountNumber, x.accountNumber],
        [c.iban, x.iban],
        ...(x.bic ? [[c.bic, x.bic] as [string, string]] : []),
        [c.amount, formatMoney(x.amount, m.currencyId, locale)],
        [c.variableSymbol, x.variableSymbol],
        [c.message, x.message],
        [c.dueDate, due],
      ],
    },
    ...(m.qrCid
      ? [
          { kind: "paragraph" as const, text: c.qrHint },
          { kind: "image" as const, cid: m.qrCid, alt: `${c.qrAlt} ${m.orderNumber}`, size: 200 },
        ]
      : []),
    ...orderBlocks(t, locale, m),
    { kind: "button", href: m.orderUrl, label: t.viewOrder },
  ];
  return renderLayout(locale, c.subject(m.orderNumber), blocks);
}
