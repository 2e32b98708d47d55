/**
 * A quantity control: a remove button, the count in an `<output>` (announced when it changes) and an add
 * button. The buttons name what they count ("Add one: Festival pass"); a step the limits do not allow is
 * marked aria-disabled and taken out of the tab order (tabindex -1): screen readers still find it, dimmed,
 * in the control, but a keyboard user does not stop on a button that does nothing. A button that becomes
 * disabled while focused keeps its focus until the buyer moves on.
 */
import { type CountLimits, canStep, stepCount } from "../../stores/cart/index.ts";
import { useCartView } from "./view.tsx";

/** Props of {@link Counter}. */
export interface CounterProps {
  /** What is counted, for the buttons' labels. */
  name: string;
  count: number;
  limits: Pick<CountLimits, "min" | "max">;
  onChange: (count: number) => void;
}

const BUTTON =
  "inline-flex size-11 items-center justify-center rounded-full border text-xl font-semibold leading-none transition-colors " +
  "border-brand-300 bg-white text-brand-800 hover:border-brand-500 hover:bg-brand-50 " +
  "aria-disabled:cursor-not-allowed aria-disabled:border-slate-200 aria-disabled:bg-slate-50 aria-disabled:text-slate-400";

/** A − count + control. */
export function Counter({ name, count, limits, onChange }: CounterProps) {
  const { t } = useCartView();
  const canRemove = canStep(count, -1, limits);
  const canAdd = canStep(count, 1, limits);
  return (
    <fieldset className="flex shrink-0 items-center gap-1">
      <legend className="sr-only">{t("counter.count", { name })}</legend>
      <button
        type="button"
        className={BUTTON}
        aria-label={t("counter.remove", { name })}
        aria-disabled={!canRemove}
        tabIndex={canRemove ? undefined : -1}
        data-action="remove"
        onClick={() => canRemove && onChange(stepCount(count, -1, limits))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output
        className={`w-8 text-center text-lg font-semibold tabular-nums ${count > 0 ? "text-slate-900" : "text-slate-600"}`}
        data-count={count}
      >
        {count}
      </output>
      <button
        type="button"
        className={BUTTON}
        aria-label={t("counter.add", { name })}
        aria-disabled={!canAdd}
        tabIndex={canAdd ? undefined : -1}
        data-action="add"
        onClick={() => canAdd && onChange(stepCount(count, 1, limits))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </fieldset>
  );
}
