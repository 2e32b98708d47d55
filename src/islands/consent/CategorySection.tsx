/**
 * One consent category in the cookie settings: an accordion section whose header has the category's
 * name and its switch (necessary: on and locked), and whose content has a short text and the table of
 * the category's cookies (name, provider, expiration, description).
 */
import { Accordion, Switch } from "radix-ui";
import { cookiesOf } from "../../lib/consent/cookies.ts";
import type { ConsentCategory } from "../../lib/consent/model.ts";
import { type ConsentT, cookieProviderName, expirationText } from "../../lib/consent/settings-texts.ts";
import { consentStore } from "../../stores/consent.ts";

interface Props {
  category: ConsentCategory;
  /** Whether the category is allowed now. */
  on: boolean;
  t: ConsentT;
  siteName: string;
}

const COLUMNS = ["name", "provider", "expiration", "description"] as const;
/** Room for the long words of each column, so no heading runs into its neighbour on a phone. */
const COLUMN_WIDTHS: Record<(typeof COLUMNS)[number], string> = {
  name: "w-[21%]",
  provider: "w-[25%]",
  expiration: "w-[18%]",
  description: "",
};

/** One accordion section of the settings. */
export function CategorySection({ category, on, t, siteName }: Props) {
  const locked = category === "necessary";
  return (
    <Accordion.Item value={category}>
      <div className="flex items-center gap-3">
        <Accordion.Header className="flex-1">
          <Accordion.Trigger className="group flex w-full items-center gap-2 py-3 text-left font-semibold text-slate-900">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-4 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-90"
            >
              <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            {t(`sections.${category}.title`)}
          </Accordion.Trigger>
        </Accordion.Header>
        {locked && <span className="text-xs font-medium text-slate-600">{t("settings.alwaysOn")}</span>}
        <Switch.Root
          checked={on}
          disabled={locked}
          aria-label={t(`sections.${category}.switch`)}
          onCheckedChange={(next) => {
            if (category !== "necessary") consentStore.setSwitch(category, next);
          }}
          className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-500 transition-colors data-[state=checked]:bg-brand-700 data-[disabled]:opacity-70"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </Switch.Root>
      </div>
      <Accordion.Content className="pb-4 text-sm text-slate-700">
        <p>{t(`sections.${category}.text`)}</p>
        <table className="mt-3 w-full table-fixed border-collapse text-left text-xs">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              {COLUMNS.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className={`py-1.5 pr-2 font-semibold [overflow-wrap:anywhere] ${COLUMN_WIDTHS[column]}`}
                >
                  {t(`settings.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cookiesOf(category).map((cookie) => (
              <tr key={cookie.name} className="border-b border-slate-100 align-top last:border-0">
                <th scope="row" className="break-all py-1.5 pr-2 font-mono font-medium text-slate-900">
                  {cookie.name}
                </th>
                <td className="py-1.5 pr-2 break-words">{cookieProviderName(cookie, siteName)}</td>
                <td className="py-1.5 pr-2">{expirationText(t, cookie)}</td>
                <td className="py-1.5">{t(`cookie.${cookie.name}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Accordion.Content>
    </Accordion.Item>
  );
}
