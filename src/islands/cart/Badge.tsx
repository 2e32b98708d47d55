/** A small badge saying where a line stands: sold out, not yet on sale, no longer on sale, few left. */
import type { ReactNode } from "react";

const TONES = {
  soldOut: "bg-rose-50 text-rose-800 ring-rose-200",
  notYet: "bg-sky-50 text-sky-900 ring-sky-200",
  ended: "bg-slate-100 text-slate-700 ring-slate-300",
  seated: "bg-brand-50 text-brand-900 ring-brand-200",
  fewLeft: "bg-amber-50 text-amber-900 ring-amber-300",
} as const;

/** Props of {@link Badge}. */
export interface BadgeProps {
  tone: keyof typeof TONES;
  children: ReactNode;
}

/** A rounded badge in the tone of a state. */
export function Badge({ tone, children }: BadgeProps) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}
      data-availability={tone}
    >
      {children}
    </span>
  );
}
