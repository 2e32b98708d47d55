/** The banner of a demo cart: a preview before sales start, in which nothing is reserved or ordered. */
import { useCartView } from "./view.tsx";

/** The demo cart's banner. */
export function DemoBanner() {
  const { t } = useCartView();
  return (
    <section
      aria-labelledby="cart-demo-heading"
      className="mt-6 flex flex-col gap-1 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 px-5 py-4 text-amber-950"
      data-demo-banner
    >
      <p>
        <span className="inline-flex items-center rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-950">
          {t("demo.badge")}
        </span>
      </p>
      <h2 id="cart-demo-heading" className="text-lg font-bold">
        {t("demo.heading")}
      </h2>
      <p>{t("demo.text")}</p>
    </section>
  );
}
