/**
 * What the order page's bank transfer details show: the rows (with the value a copy button puts on the
 * clipboard: the IBAN without spaces, the amount as a bare number), and which QR code to show: PAY by square
 * for a Slovak buyer or a payment in euros (drawn here), else the pass service's SPAYD image.
 */
import type { BankTransferDetails } from "../../contract/order.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { formatDate, type Translate } from "../../lib/i18n/index.ts";
import { currencyCode, MINOR_PER_MAJOR, toMajorUnits } from "../../lib/money.ts";
import { payBySquareString, usesPayBySquare } from "../../lib/pay-by-square.ts";
import { qrSvg } from "../../lib/qr.ts";
import { groupIban, normalizeIban } from "../../lib/spayd.ts";
import { money } from "../event/event-view.ts";
import { calendarDate } from "./order-view.ts";

/** The rows a buyer copies into a banking app. */
type CopyKey = "accountNumber" | "iban" | "amount" | "variableSymbol" | "message";

/** One row of the transfer details. */
export interface TransferRow {
  key: string;
  label: string;
  /** What the row shows. */
  value: string;
  mono: boolean;
  /** What its copy button copies, with the button's name and the status said after copying; none for rows not typed into a bank app. */
  copy: { value: string; label: string; status: string } | null;
}

/** The amount as a banking app's amount field takes it: no currency, no grouping, decimals only when there are some. */
export function copyableAmount(amountMinor: number, locale: Locale): string {
  const decimals = amountMinor % MINOR_PER_MAJOR === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(toMajorUnits(amountMinor));
}

/** The rows of the transfer details, in the order a banking app asks for them. */
export function transferRows(transfer: BankTransferDetails, locale: Locale, t: Translate): TransferRow[] {
  const copy = (key: CopyKey, value: string) => ({
    value,
    label: t(`bank.copyLabel.${key}`),
    status: t(`bank.copiedStatus.${key}`),
  });
  const amount = money(transfer.amount, transfer.currencyId, locale);
  return [
    {
      key: "accountNumber",
      label: t("order.transfer.accountNumber"),
      value: transfer.accountNumber,
      mono: true,
      copy: copy("accountNumber", transfer.accountNumber),
    },
    {
      key: "amount",
      label: t("order.transfer.amount"),
      value: amount,
      mono: false,
      copy: copy("amount", copyableAmount(transfer.amount, locale)),
    },
    {
      key: "variableSymbol",
      label: t("order.transfer.variableSymbol"),
      value: transfer.variableSymbol,
      mono: true,
      copy: copy("variableSymbol", transfer.variableSymbol),
    },
    {
      key: "iban",
      label: t("order.transfer.iban"),
      value: groupIban(transfer.iban),
      mono: true,
      copy: copy("iban", normalizeIban(transfer.iban)),
    },
    { key: "bic", label: t("order.transfer.bic"), value: transfer.bic, mono: true, copy: null },
    {
      key: "dueDate",
      label: t("order.transfer.dueDate"),
      value: formatDate(calendarDate(transfer.dueDate), locale, { dateStyle: "long", timeZone: "UTC" }),
      mono: false,
      copy: null,
    },
    {
      key: "message",
      label: t("order.transfer.message"),
      value: transfer.message,
      mono: false,
      copy: copy("message", transfer.message),
    },
  ];
}

/** The QR code of a transfer: PAY by square as an inline SVG, or the SPAYD image of the pass service. */
export type TransferQr =
  | { kind: "payBySquare"; svg: string; heading: string; hint: string }
  | { kind: "spayd"; src: string; alt: string; heading: string; hint: string };

/** Which QR code the transfer shows, with its texts; `recipientName` is the organizer, PAY by square requires it. */
export function transferQr(
  transfer: BankTransferDetails,
  context: { locale: Locale; t: Translate; spaydSrc: string; recipientName: string },
): TransferQr {
  const { locale, t } = context;
  const amount = money(transfer.amount, transfer.currencyId, locale);
  const currency = currencyCode(transfer.currencyId);
  if (usesPayBySquare(locale, currency)) {
    const text = payBySquareString({
      iban: transfer.iban,
      bic: transfer.bic,
      amountMinor: transfer.amount,
      currency,
      variableSymbol: transfer.variableSymbol,
      message: transfer.message,
      recipientName: context.recipientName,
      dueDate: new Date(calendarDate(transfer.dueDate)),
    });
    const label = t("bank.payBySquare.alt", { amount, symbol: transfer.variableSymbol });
    return {
      kind: "payBySquare",
      svg: qrSvg(text, { label, errorCorrection: "M", className: "size-44 bg-white" }),
      heading: t("bank.payBySquare.heading"),
      hint: t("bank.payBySquare.hint"),
    };
  }
  return {
    kind: "spayd",
    src: context.spaydSrc,
    alt: t("order.transfer.qrAlt", { amount, symbol: transfer.variableSymbol }),
    heading: t("order.transfer.qrHeading"),
    hint: t("order.transfer.qrHint"),
  };
}
