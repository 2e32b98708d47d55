/**
 * The receipt of a paid order: number, date and payment method, seller and buyer (with the billing data of a
 * company invoice), the lines, the VAT table per rate, the total and a link to the receipt as a PDF. The
 * text comes from the shared receipt view (src/lib/receipt-view.ts), so the page and the PDF say the same.
 * It needs no JavaScript: the order page renders it on the server; an island (the account's orders) can
 * render it too.
 */
import { useId } from "react";
import type { Receipt } from "../../contract/receipt.ts";
import type { Locale } from "../../lib/i18n/config.ts";
import { type ReceiptPartyView, receiptView } from "../../lib/receipt-view.ts";
import type { ReceiptMessages } from "./messages.ts";

/** Props of the receipt panel. */
export interface ReceiptPanelProps {
  /** A receipt as the service answers it (`order.receipts`, `order.receiptsV2`). */
  receipt: Receipt;
  locale: Locale;
  /** Texts in the page's language (`receiptMessages(t)`). */
  messages: ReceiptMessages;
  /** Where the receipt's PDF is (`order.receiptPdf`); no link when null. */
  pdfHref: string | null;
  /** Level of the panel's heading (default 2). */
  headingLevel?: 2 | 3;
}

const TH = "px-2 py-2 font-semibold sm:px-3";
const TD = "px-2 py-2 tabular-nums sm:px-3";

interface PartyProps {
  label: string;
  party: ReceiptPartyView;
  messages: ReceiptMessages;
  /** Marks the buyer's billing data of a company invoice. */
  billing?: boolean;
}

function Party({ label, party, messages, billing = false }: PartyProps) {
  return (
    <div className="min-w-0" data-billing={billing ? "" : undefined}>
      <dt className="text-sm font-semibold uppercase tracking-wide text-slate-700">{label}</dt>
      <dd className="mt-1 text-slate-900">
        <p className="font-semibold break-words">{party.name}</p>
        {party.address.map((line) => (
          <p key={line} className="break-words text-slate-800">
            {line}
          </p>
        ))}
        {party.companyId && (
          <p className="text-slate-800">
            {messages.companyId}: <span className="font-mono">{party.companyId}</span>
          </p>
        )}
        {party.vatId && (
          <p className="text-slate-800">
            {messages.vatId}: <span className="font-mono">{party.vatId}</span>
          </p>
        )}
      </dd>
    </div>
  );
}

/** The receipt panel. */
export default function ReceiptPanel({
  receipt,
  locale,
  messages,
  pdfHref,
  headingLevel = 2,
}: ReceiptPanelProps) {
  const v = receiptView(receipt, locale);
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const SubHeading = headingLevel === 2 ? "h3" : "h4";
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl bg-white p-5 ring-1 ring-slate-200 sm:p-6"
      data-receipt={receipt.receiptNumber}
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Heading
            id={`${id}-heading`}
            className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl"
          >
            {messages.heading}
          </Heading>
          <p className="mt-1 text-slate-700">
            {messages.number}: <span className="font-mono font-semibold text-slate-900">{v.number}</span>
          </p>
        </div>
        {pdfHref && (
          <a
            href={pdfHref}
            className="inline-flex min-h-12 items-center gap-2 rounded-lg border border-brand-700 px-5 font-semibold text-brand-800 transition hover:bg-brand-50"
            data-receipt-pdf
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
              <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
            </svg>
            {messages.pdf}
          </a>
        )}
      </div>

      <dl className="mt-5 grid gap-5 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            {messages.issuedOn}
          </dt>
          <dd className="mt-1 text-slate-900">{v.issuedOn}</dd>
        </div>
        {v.paymentMethod && (
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-700">
              {messages.paymentMethod}
            </dt>
            <dd className="mt-1 text-slate-900">{v.paymentMethod}</dd>
          </div>
        )}
        <Party label={messages.seller} party={v.seller} messages={messages} />
        <Party
          label={v.companyInvoice ? `${messages.buyer} · ${messages.companyInvoice}` : messages.buyer}
          party={v.buyer}
          messages={messages}
          billing={v.companyInvoice}
        />
      </dl>

      <div className="mt-6 overflow-x-auto">
        <table className="w-full min-w-[18rem] border-collapse text-left text-sm sm:text-base">
          <caption className="sr-only">{messages.linesCaption}</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className={`${TH} pl-0 sm:pl-0`}>
                {messages.item}
              </th>
              <th scope="col" className={`${TH} text-right`}>
                {messages.count}
              </th>
              <th scope="col" className={`${TH} hidden text-right sm:table-cell`}>
                {messages.unitPrice}
              </th>
              <th scope="col" className={`${TH} text-right`}>
                {messages.vatRate}
              </th>
              <th scope="col" className={`${TH} pr-0 sm:pr-0 text-right`}>
                {messages.amount}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-900">
            {v.lines.map((line, index) => (
              // Lines may repeat a name (a discount spread over two rates): the index keeps them apart.
              <tr key={index}>
                {/* A long word (a German compound) is hyphenated or wraps, not pushing the amounts off a phone. */}
                <td className="py-2 pr-2 wrap-anywhere hyphens-auto sm:pr-3">{line.name}</td>
                <td className={`${TD} text-right`}>{line.count}</td>
                <td className={`${TD} hidden text-right whitespace-nowrap sm:table-cell`}>
                  {line.unitPrice}
                </td>
                <td className={`${TD} text-right whitespace-nowrap`}>{line.vatRate}</td>
                <td className={`${TD} pr-0 sm:pr-0 text-right whitespace-nowrap`}>{line.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-400 font-bold text-slate-900">
            <tr>
              {/* A cell for each column, so the table has five in every row; the unit price's is not shown on a
                  phone, as in the lines. */}
              <th scope="row" colSpan={2} className="py-2 pr-3 text-left">
                {messages.total}
              </th>
              <td className="hidden sm:table-cell" />
              <td />
              <td className={`${TD} pr-0 sm:pr-0 text-right whitespace-nowrap`} data-receipt-total>
                {v.total}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>

      <SubHeading id={`${id}-vat`} className="mt-6 text-lg font-bold text-slate-900">
        {messages.vatTable}
      </SubHeading>
      {/* Narrow screens: one block per rate, as four money columns do not fit. */}
      <ul aria-labelledby={`${id}-vat`} className="mt-2 divide-y divide-slate-200 sm:hidden">
        {[...v.vatRows, { ...v.vatSums, rate: messages.sum }].map((row, index) => (
          <li key={row.rate} className={`py-2 ${index === v.vatRows.length ? "font-bold" : ""}`}>
            <p className="font-semibold text-slate-900">{row.rate}</p>
            <dl className="mt-1 grid grid-cols-3 gap-2 text-sm">
              {(
                [
                  [messages.base, row.base],
                  [messages.vat, row.vat],
                  [messages.rateTotal, row.total],
                ] as const
              ).map(([label, amount]) => (
                <div key={label}>
                  <dt className="text-slate-700">{label}</dt>
                  <dd className="tabular-nums text-slate-900">{amount}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-2 hidden sm:block">
        <table aria-labelledby={`${id}-vat`} className="w-full border-collapse" data-vat-table>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className={`${TH} pl-0 sm:pl-0 text-left`}>
                {messages.rate}
              </th>
              <th scope="col" className={`${TH} text-right`}>
                {messages.base}
              </th>
              <th scope="col" className={`${TH} text-right`}>
                {messages.vat}
              </th>
              <th scope="col" className={`${TH} pr-0 sm:pr-0 text-right`}>
                {messages.rateTotal}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-900">
            {v.vatRows.map((row) => (
              <tr key={row.rate} data-vat-rate={row.rate}>
                <th scope="row" className="py-2 pr-3 text-left font-normal whitespace-nowrap">
                  {row.rate}
                </th>
                <td className={`${TD} text-right whitespace-nowrap`}>{row.base}</td>
                <td className={`${TD} text-right whitespace-nowrap`}>{row.vat}</td>
                <td className={`${TD} pr-0 sm:pr-0 text-right whitespace-nowrap`}>{row.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-400 font-bold text-slate-900">
            <tr>
              <th scope="row" className="py-2 pr-3 text-left">
                {messages.sum}
              </th>
              <td className={`${TD} text-right whitespace-nowrap`}>{v.vatSums.base}</td>
              <td className={`${TD} text-right whitespace-nowrap`}>{v.vatSums.vat}</td>
              <td className={`${TD} pr-0 sm:pr-0 text-right whitespace-nowrap`}>{v.vatSums.total}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
