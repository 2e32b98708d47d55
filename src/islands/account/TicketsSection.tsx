/**
 * The account's tickets grouped by event: each ticket with its type, holder, code, QR code (the SVG the order
 * page draws, from lib/qr.ts) and its PDF; tickets in the order of their types.
 */
import type { Ticket } from "../../contract/ticket.ts";
import { formatDateTime } from "../../lib/i18n/format.ts";
import { qrSvg, TICKET_QR_ERROR_CORRECTION } from "../../lib/qr.ts";
import { ticketPdfUrl } from "../../stores/account/area.store.ts";
import type { AccountEvent } from "../../stores/account/area.ts";
import { browserPass } from "../../stores/pass.ts";
import { useAccountView } from "./view.tsx";

function TicketItem({ ticket }: { ticket: Ticket }) {
  const { t, locale } = useAccountView();
  const pdf = ticketPdfUrl(browserPass(locale), ticket);
  const qr = qrSvg(ticket.qrCode, {
    label: t("tickets.qrLabel", { code: ticket.code }),
    errorCorrection: TICKET_QR_ERROR_CORRECTION,
    className: "block h-auto w-full",
  });
  return (
    <li
      className="flex flex-col items-center gap-2 rounded-xl bg-white p-4 text-center ring-1 ring-slate-200"
      data-ticket-code={ticket.code}
    >
      <p className="font-semibold text-slate-900">{ticket.ticketType.namePub}</p>
      {ticket.holderName && (
        <p className="text-sm text-slate-700">{t("tickets.holder", { name: ticket.holderName })}</p>
      )}
      {/* The QR SVG is built from escaped text by lib/qr.ts. */}
      <div className="w-40" dangerouslySetInnerHTML={{ __html: qr }} />
      <p className="font-mono text-lg font-bold tracking-wider text-slate-900 select-all">{ticket.code}</p>
      <a
        href={pdf}
        className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t("tickets.pdf")}
        <span className="sr-only"> ({ticket.code})</span>
      </a>
    </li>
  );
}

/** The tickets section. */
export function TicketsSection({ events }: { events: readonly AccountEvent[] }) {
  const { t, locale } = useAccountView();
  const withTickets = events.filter((e) => e.tickets.length > 0);
  if (withTickets.length === 0) return <p className="text-slate-700">{t("tickets.empty")}</p>;
  return (
    <div className="flex flex-col gap-8">
      {withTickets.map(({ event, tickets }) => (
        <section
          key={event.eventId}
          aria-labelledby={`account-tickets-${event.eventId}`}
          data-account-event={event.eventId}
        >
          <h3 id={`account-tickets-${event.eventId}`} className="text-lg font-bold text-slate-900">
            {event.name}
          </h3>
          <p className="text-sm text-slate-700">
            <time dateTime={event.startsAt}>
              {formatDateTime(event.startsAt, locale, {
                dateStyle: "long",
                timeStyle: "short",
                timeZone: event.timezone,
              })}
            </time>
            {event.venueName && ` · ${event.venueName}`}
          </p>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {tickets.map((ticket) => (
              <TicketItem key={ticket.ticketId} ticket={ticket} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
