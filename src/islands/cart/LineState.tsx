/** What a line of the cart says under its name: its badge (sold out, sale window, few left) and its refusal. */
import type { ReactNode } from "react";
import type { CartNotice, CountLimits } from "../../stores/cart/index.ts";
import { Badge } from "./Badge.tsx";
import { useCartView } from "./view.tsx";

/** Props of {@link LineState}. */
export interface LineStateProps {
  limits: CountLimits;
  /** A refusal of this line. */
  notice?: CartNotice | undefined;
  /** Id of the refusal's element, for `aria-describedby`. */
  noticeId: string;
}

/** The badge of a line's state and its refusal message. */
export function LineState({ limits, notice, noticeId }: LineStateProps) {
  const { t, dateTime } = useCartView();
  let badge: ReactNode = null;
  if (limits.state === "soldOut") badge = <Badge tone="soldOut">{t("state.soldOut")}</Badge>;
  else if (limits.state === "ended") badge = <Badge tone="ended">{t("state.ended")}</Badge>;
  else if (limits.state === "seated") badge = <Badge tone="seated">{t("state.seated")}</Badge>;
  else if (limits.state === "notYet") {
    badge = (
      <Badge tone="notYet">
        {limits.from ? t("state.notYet", { date: dateTime(limits.from) }) : t("state.notYetSoon")}
      </Badge>
    );
  } else if (limits.left !== null) {
    badge = <Badge tone="fewLeft">{t("left", { count: limits.left })}</Badge>;
  }
  return (
    <>
      {badge && <p className="mt-1.5">{badge}</p>}
      {notice && (
        <p id={noticeId} role="alert" className="mt-1.5 text-sm font-medium text-rose-800">
          {t(notice.key, notice.values)}
        </p>
      )}
    </>
  );
}
