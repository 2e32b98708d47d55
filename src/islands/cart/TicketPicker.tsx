/**
 * Ticket types grouped by ticket type group: name, description, per-order limits, price, live state and a
 * counter for the types on sale. Types sold by seat point to the seating plan instead.
 */

import { groupHeading } from "../../lib/text.ts";
import {
  type CartCatalog,
  type CartNotice,
  type CartState,
  salesClosed,
  setTicketCount,
  ticketLimits,
  ticketSections,
} from "../../stores/cart/index.ts";
import { Counter } from "./Counter.tsx";
import { LineState } from "./LineState.tsx";
import { List } from "./List.tsx";
import { useCartView } from "./view.tsx";

/** Props of {@link TicketPicker}. */
export interface TicketPickerProps {
  catalog: CartCatalog;
  state: CartState;
  lineNotices: Record<string, CartNotice>;
  /** Epoch milliseconds the sales windows are judged at. */
  now: number;
  /** The heading above the list: no group heading repeats it (`groupHeading`). */
  heading: string;
}

/** The ticket types of the event with their counters. */
export function TicketPicker({ catalog, state, lineNotices, now, heading }: TicketPickerProps) {
  const { t, locale, eventId, demo, money, dateTime } = useCartView();
  const sections = ticketSections(catalog);
  const seated = new Set(catalog.seatedTicketTypeIds);
  const closed = salesClosed(catalog, demo, now);
  const sectionWords = { heading, other: t("ungrouped") };
  return (
    <div className="flex flex-col gap-6">
      {sections.map((section, index) => {
        const groupId = section.group?.ticketTypeGroupId ?? "ungrouped";
        const groupTitle = groupHeading(
          { name: section.group?.namePub ?? t("ungrouped"), index },
          sectionWords,
          locale,
        );
        return (
          <div key={groupId}>
            {groupTitle && (
              <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-800">
                {groupTitle}
              </h3>
            )}
            {section.group?.description && (
              <p className="mb-2 text-sm text-slate-700">{section.group.description}</p>
            )}
            <List className="divide-y divide-slate-200 border-y border-slate-200">
              {section.ticketTypes.map((ticketType) => {
                const id = ticketType.ticketTypeId;
                const count = state.tickets[id] ?? 0;
                const limits = ticketLimits(ticketType, {
                  now,
                  held: state.hold?.items[id] ?? 0,
                  demo,
                  seated: seated.has(id),
                  closed,
                });
                const onSale = limits.state === "onSale";
                const perOrder =
                  ticketType.minPerOrder > 1
                    ? t("perOrder", { min: ticketType.minPerOrder, max: ticketType.maxPerOrder })
                    : t("perOrderMax", { max: ticketType.maxPerOrder });
                const until =
                  onSale && !demo && ticketType.salesTo
                    ? t("state.until", { date: dateTime(ticketType.salesTo) })
                    : null;
                const notice = lineNotices[id];
                return (
                  <li
                    key={id}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 py-4"
                    data-ticket-type-id={id}
                    data-state={limits.state}
                  >
                    <div className="min-w-0 flex-1 basis-56">
                      <p className={`font-medium ${onSale ? "text-slate-900" : "text-slate-600"}`}>
                        {ticketType.namePub}
                      </p>
                      {ticketType.description && (
                        <p className="mt-0.5 text-sm text-slate-700">{ticketType.description}</p>
                      )}
                      <p className="mt-0.5 text-sm text-slate-600">
                        {[perOrder, until].filter(Boolean).join(" · ")}
                      </p>
                      {/* A sale closed as a whole is stated once, above the list: no line repeats it. */}
                      {!closed && <LineState limits={limits} notice={notice} noticeId={`cart-line-${id}`} />}
                    </div>
                    <div className="flex w-full items-center justify-between gap-4 sm:w-auto sm:justify-end">
                      <p className="text-right font-semibold tabular-nums text-slate-900">
                        {money(ticketType.price)}
                      </p>
                      {limits.state !== "seated" && !closed && (
                        <Counter
                          name={ticketType.namePub}
                          count={count}
                          limits={limits}
                          onChange={(next) => setTicketCount(eventId, id, next)}
                        />
                      )}
                    </div>
                  </li>
                );
              })}
            </List>
          </div>
        );
      })}
    </div>
  );
}
