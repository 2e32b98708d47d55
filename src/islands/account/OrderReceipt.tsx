/** A paid order's receipt in the account's order list: opened on demand, the same panel as the order page. */
import { useStore } from "@nanostores/react";
import { $receipts, loadReceipts } from "../../stores/account/receipts.store.ts";
import { browserPass } from "../../stores/pass.ts";
import ReceiptPanel from "../receipt/ReceiptPanel.tsx";
import { useAccountView } from "./view.tsx";

/** The receipt of one paid order, behind a disclosure that loads it when opened. */
export function OrderReceipt({ orderId }: { orderId: string }) {
  const { t, locale, receipt: messages } = useAccountView();
  const state = useStore($receipts)[orderId];
  return (
    <details
      className="w-full"
      onToggle={(event) => {
        if (event.currentTarget.open) void loadReceipts(browserPass(locale), orderId);
      }}
    >
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-800">
        {messages.heading}
      </summary>
      <div className="mt-3" aria-live="polite">
        {state?.status === "loading" && <p className="text-slate-700">{t("loading")}</p>}
        {state?.status === "error" && <p className="text-rose-800">{t("errors.failed")}</p>}
        {state?.status === "ready" &&
          state.receipts.map((receipt) => (
            <ReceiptPanel
              key={receipt.receiptNumber}
              receipt={receipt}
              locale={locale}
              messages={messages}
              pdfHref={receipt.downloadUrl}
              headingLevel={3}
            />
          ))}
      </div>
    </details>
  );
}
